import { orders, users } from '@lotline/db/schema';
import { LOT_STATUS } from '@lotline/domain';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { ORIGIN, signUpUser } from '../identity/test-helpers';
import { createOutboxMailer } from '../mail/outbox-mailer';
import { demoAuctionOrders } from './demo-auction-orders';
import { SandboxPaymentProvider } from './sandbox/sandbox-provider';
import { addCard } from './test-helpers';

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

it('wins auction lots through placeBid and closeLot: bidder4 pending with the deposit applied, another buyer paid and pending', async () => {
  const bidder4 = await verifiedWithCard('bidder4@example.com');
  const other = await verifiedWithCard('zoe-demo@example.com');
  for (let i = 0; i < 3; i++) {
    const event = await t.make.event({ bidDepositAmount: 50_000, bidDepositCurrency: 'USD', status: 'published' });
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
  // The pending one keeps its deposit applied (captured), so no settlement charges it.
  expect(theirs.find((o) => o.status === 'OrderPending')?.depositApplied).toBe(50_000);
});
