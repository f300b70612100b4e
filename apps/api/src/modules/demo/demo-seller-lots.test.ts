import { eventLots, events, users } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { sellerOf } from '../messaging/test-helpers';
import { demoSellerLots } from './demo-seller-lots';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demoSellerLots', () => {
  it('gives the demo seller a draft event with a location and three Pending lots, through the use-cases', async () => {
    const company = await t.make.company();
    const seller = await sellerOf(t, company.id);
    await t.db.update(users).set({ email: 'seller-northern-lab-exchange@example.com' }).where(eq(users.id, seller.id));
    const messages: string[] = [];
    await demoSellerLots({ db: t.db, log: (m) => messages.push(m) });
    const [event] = await t.db.select().from(events).where(eq(events.companyId, company.id));
    expect(event?.status).toBe('draft');
    const lots = await t.db
      .select()
      .from(eventLots)
      .where(eq(eventLots.eventId, event?.id ?? ''));
    expect(lots.map((l) => [l.number, l.status]).sort()).toEqual([
      ['1', 'Pending'],
      ['2', 'Pending'],
      ['3', 'Pending'],
    ]);
    expect(messages).toEqual([
      'Demo seller lots: a draft event with 3 lots for seller-northern-lab-exchange@example.com',
    ]);
  });
});
