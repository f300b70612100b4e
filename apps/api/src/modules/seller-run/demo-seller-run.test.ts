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
    // The seller's first event is the event-page specs': it is left alone.
    const first = await t.make.event({ id: 'evt_a_first', companyId: company.id });
    const second = await t.make.event({ id: 'evt_b_second', companyId: company.id });
    for (const event of [first, second])
      await t.make.lot({ ...open, eventId: event.id, endedAt: new Date(Date.now() + 3 * 86_400_000) });
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
      { id: first.id, approval: false },
      { id: second.id, approval: true },
    ]);
    const regs = await t.db.select().from(registrations).where(eq(registrations.userId, person.id));
    expect(regs).toMatchObject([{ eventId: second.id, status: 'pending' }]);
  });
});
