import { EVENT_STATUSES } from '@lotline/contracts';
import { events, users } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { sellerOf } from '../messaging/test-helpers';
import { readSellerEvent } from '../seller-events/event-view';
import { demoSellerEvents } from './demo-seller-events';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demoSellerEvents', () => {
  it('gives a featured seller a draft with two terms, a deposit and two locations', async () => {
    const company = await t.make.company({ featured: true });
    const seller = await sellerOf(t, company.id);
    // The seed's seller users are seller-<slug>@example.com.
    await t.db
      .update(users)
      .set({ email: `seller-${company.slug}@example.com` })
      .where(eq(users.id, seller.id));
    await demoSellerEvents({ db: t.db, log: () => undefined });
    const [row] = await t.db.select().from(events).where(eq(events.companyId, company.id));
    expect(row?.status).toBe(EVENT_STATUSES[0]);
    const event = await readSellerEvent(t.db, row?.id ?? '');
    expect(event.terms.map((term) => term.type)).toEqual(['Payment', 'Removal']);
    expect(event.bidDeposit).toEqual({ amount: 25_000, currency: 'USD' });
    expect(event.locations.map((l) => l.city)).toEqual(['Dallas', 'Houston']);
  });
});
