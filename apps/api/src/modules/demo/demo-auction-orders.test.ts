import { orders, users } from '@lotline/db/schema';
import { LOT_STATUS } from '@lotline/domain';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { ORIGIN, signUpUser } from '../identity/test-helpers';
import { createOutboxMailer } from '../mail/outbox-mailer';
import { SandboxPaymentProvider } from '../payments/sandbox/sandbox-provider';
import { addCard } from '../payments/test-helpers';
import { demoAuctionOrders } from './demo-auction-orders';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function verifiedWithCard(email: string) {
  const user = await signUpUser(t, { email });
  await addCard(t, user);
  await t.db.update(users).set({ verified: true, emailVerified: true }).where(eq(users.id, user.id));
  return user;
}

it('wins auction lots through placeBid and closeLot: bidder4 pending with the deposit applied, another buyer paid and pending by wire', async () => {
  const bidder4 = await verifiedWithCard('bidder4@example.com');
  const other = await signUpUser(t, { email: 'zoe-demo@example.com' });
  await t.db.update(users).set({ verified: true, emailVerified: true }).where(eq(users.id, other.id));
  const staff = await signUpUser(t, { email: 'staff@example.com' });
  await t.db
    .update(users)
    .set({ roles: ['staff'] })
    .where(eq(users.id, staff.id));
  for (let i = 0; i < 3; i++) {
    // One event takes a deposit (bidder4's), the others none.
    const deposit = i === 1 ? { bidDepositAmount: 50_000, bidDepositCurrency: 'USD' } : {};
    const event = await t.make.event({ ...deposit, status: 'published' });
    await t.make.lot({
      companyId: event.companyId,
      eventId: event.id,
      status: LOT_STATUS.Active,
      sequence: i,
      startAt: new Date(Date.now() - 3_600_000),
      endedAt: new Date(Date.now() + 86_400_000),
    });
  }
  const made = await demoAuctionOrders({
    db: t.db,
    provider: new SandboxPaymentProvider(t.db, ORIGIN),
    mail: { mailer: createOutboxMailer(t.db, pino({ level: 'silent' })), publicOrigin: ORIGIN },
    log: () => {},
  });
  expect(made).toBe(3);
  const mine = await t.db.select().from(orders).where(eq(orders.buyerUserId, bidder4.id));
  expect(mine).toEqual([
    expect.objectContaining({ source: 'auction', status: 'OrderPending', depositApplied: 50_000 }),
  ]);
  const theirs = await t.db.select().from(orders).where(eq(orders.buyerUserId, other.id));
  expect(theirs.map((o) => o.status).sort()).toEqual(['OrderPaid', 'OrderPending']);
  // Both by wire (no card): one marked received by staff, one still in staff's queue, which no settlement charges.
  expect(theirs.map((o) => o.paymentKind)).toEqual(['wire', 'wire']);
});
