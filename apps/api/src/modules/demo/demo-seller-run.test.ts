import { events, registrations, users } from '@lotline/db/schema';
import { LOT_STATUS } from '@lotline/domain';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { ORIGIN } from '../identity/test-helpers';
import { sellerOf } from '../messaging/test-helpers';
import { SandboxPaymentProvider } from '../payments/sandbox/sandbox-provider';
import { bidder } from '../registrations/test-helpers';
import { DEMO_PENDING_BIDDER, demoSellerRun } from './demo-seller-run';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demoSellerRun', () => {
  it("makes a featured seller's open event ask approval, with the demo bidder's registration pending", async () => {
    const company = await t.make.company({ featured: true });
    const seller = await sellerOf(t, company.id);
    await t.db
      .update(users)
      .set({ email: `seller-${company.slug}@example.com` })
      .where(eq(users.id, seller.id));
    const open = { companyId: company.id, status: LOT_STATUS.Active, startAt: new Date(Date.now() - 3_600_000) };
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);
    // An event with a lot ending within the hour is the bidding spec's kind: it is left alone.
    const soon = await t.make.event({ id: 'evt_b_soon', companyId: company.id });
    await t.make.lot({ ...open, eventId: soon.id, endedAt: inDays(3) });
    await t.make.lot({ ...open, eventId: soon.id, endedAt: new Date(Date.now() + 1_800_000) });
    const later = await t.make.event({ id: 'evt_a_later', companyId: company.id });
    await t.make.lot({ ...open, eventId: later.id, endedAt: inDays(3) });
    const person = await bidder(t, undefined);
    await t.db.update(users).set({ email: DEMO_PENDING_BIDDER }).where(eq(users.id, person.id));

    const provider = new SandboxPaymentProvider(t.db, ORIGIN);
    await demoSellerRun({ db: t.db, provider, logger: pino({ level: 'silent' }) });

    const flags = await t.db
      .select({ id: events.id, approval: events.registrationApprovalRequired })
      .from(events)
      .where(eq(events.companyId, company.id))
      .orderBy(events.id);
    expect(flags).toEqual([
      { id: later.id, approval: true },
      { id: soon.id, approval: false },
    ]);
    const regs = await t.db.select().from(registrations).where(eq(registrations.userId, person.id));
    expect(regs).toMatchObject([{ eventId: later.id, status: 'pending' }]);
  });
});
