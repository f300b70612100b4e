import {
  bids,
  companies,
  eventLots,
  lotBidders,
  mailOutbox,
  orderHistory,
  orderPayments,
  orders,
  secondChanceOffers,
  users,
} from '@lotline/db/schema';
import { LOT_STATUS } from '@lotline/domain';
import { asc, eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { uniqueId } from '../../test/factories';
import { closeLot } from '../closing/close-lot';
import { ORIGIN } from '../identity/test-helpers';
import { createOutboxMailer } from '../mail/outbox-mailer';
import { sellerOf } from '../messaging/test-helpers';
import { SandboxPaymentProvider } from '../payments/sandbox/sandbox-provider';
import { auction, bidder, type Person, register } from '../registrations/test-helpers';
import { signUpStaff } from '../tax-exemptions/test-helpers';
import { expireUnpaidOrders, remindUnpaidOrders } from './expire-unpaid-orders';
import { captureDeposit } from './payment/capture-deposit';
import { expireSecondChances } from './second-chance';
import { buy, buyNowLot, get, orderJobDeps, post } from './test-helpers';

/**
 * Unpaid sales end (issue 25, decision 0061): the payment window's reminder and cancellation, the deposit kept,
 * the runner-up's second chance, and the seller's and staff's cancel with a reason.
 */

let t: TestApp;
let provider: SandboxPaymentProvider;
beforeAll(async () => {
  t = await createTestApp();
  provider = new SandboxPaymentProvider(t.db, ORIGIN);
});
afterAll(() => t.close());

const deps = () => orderJobDeps(t);
const mail = () => ({ mailer: createOutboxMailer(t.db, pino({ level: 'silent' })), publicOrigin: ORIGIN });
const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];
const lotRow = async (id: string) => (await t.db.select().from(eventLots).where(eq(eventLots.id, id)))[0];
const eventsOf = async (id: string) =>
  (
    await t.db
      .select({ event: orderHistory.event, note: orderHistory.note })
      .from(orderHistory)
      .where(eq(orderHistory.orderId, id))
      .orderBy(asc(orderHistory.id))
  ).map((h) => h.event);
const subjectsTo = async (email: string) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).map((m) => m.subject);
/** Moves the order's payment deadline to `offset` from now (test data: the window itself is checked below). */
const dueIn = (id: string, offset: string) =>
  t.db
    .update(orders)
    .set({ paymentDueAt: sql`now() + ${offset}::interval` })
    .where(eq(orders.id, id));

describe('the payment window', () => {
  it('runs from the approval for the event’s payment_window_days', async () => {
    const event = await t.make.event({ paymentWindowDays: 3 });
    const lot = await buyNowLot(t, { eventId: event.id, companyId: event.companyId });
    const buyer = await bidder(t, undefined);
    const order = await buy(t, buyer.id, lot.id);
    const [row] = await t.db
      .select({ days: sql<number>`round(extract(epoch from (${orders.paymentDueAt} - now())) / 86400)::int` })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(row?.days).toBe(3);
    const awaiting = await buy(t, buyer.id, lot.id, { approval: 'awaiting' });
    expect((await orderRow(awaiting.id))?.paymentDueAt).toBeNull();
  });

  it('reminds the buyer once within the last day, then cancels the order once: units back, buyer and seller told', async () => {
    const lot = await buyNowLot(t);
    const seller = await sellerOf(t, lot.companyId);
    const buyer = await bidder(t, undefined);
    const order = await buy(t, buyer.id, lot.id, { quantity: 2 });
    expect((await lotRow(lot.id))?.quantity).toBe(1);

    await dueIn(order.id, '2 days');
    expect(await remindUnpaidOrders(deps())).toBe(0);
    await dueIn(order.id, '3 hours');
    expect(await remindUnpaidOrders(deps())).toBe(1);
    expect(await remindUnpaidOrders(deps())).toBe(0);
    expect(await expireUnpaidOrders(deps())).toBe(0);
    expect((await subjectsTo(buyer.email)).filter((s) => s.includes('payment due by'))).toHaveLength(1);

    await dueIn(order.id, '-1 minute');
    expect(await expireUnpaidOrders(deps())).toBe(1);
    expect(await expireUnpaidOrders(deps())).toBe(0);
    expect(await orderRow(order.id)).toMatchObject({ status: 'OrderCancelled', approval: 'approved' });
    expect(await eventsOf(order.id)).toEqual(['placed', 'approved', 'payment-reminder', 'payment-expired']);
    expect((await lotRow(lot.id))?.quantity).toBe(3);
    expect(await subjectsTo(buyer.email)).toContain(`Order ${order.number} cancelled`);
    const toSeller = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, seller.email));
    expect(toSeller.map((m) => m.text).join('\n')).toContain(
      `Order ${order.number} (${lot.name}) was not paid within the payment window`,
    );
    const page = await get(t, `/marketplace-api/users/${buyer.id}/orders/${order.id}`, buyer.cookie);
    expect(page.json().data.order).toMatchObject({ status: 'OrderCancelled', amountDue: 0, paymentDueAt: null });
  });

  it('waits while a card charge is in flight, and leaves a paid order alone', async () => {
    const lot = await buyNowLot(t);
    const buyer = await bidder(t, undefined);
    const order = await buy(t, buyer.id, lot.id);
    await dueIn(order.id, '-1 minute');
    const paymentId = uniqueId('opay');
    await t.db.insert(orderPayments).values({
      id: paymentId,
      orderId: order.id,
      kind: 'charge',
      amount: order.total,
      currency: 'USD',
      status: 'processing',
    });
    expect(await expireUnpaidOrders(deps())).toBe(0);
    expect((await orderRow(order.id))?.status).toBe('OrderPending');
    await t.db.update(orderPayments).set({ status: 'failed' }).where(eq(orderPayments.id, paymentId));
    expect(await expireUnpaidOrders(deps())).toBe(1);
  });
});

/**
 * An auction lot closed to `winner` at $3,000 with `runnerUp` behind at $2,500 (their own highest bid; test data:
 * the engine's own tests cover bidding), both registered with the event's $500 deposit held. Closing makes the
 * winner's order; the deposit is captured toward it, and the rest is not paid.
 */
async function unpaidWin(options: { reserve?: number; runnerUpBid?: number } = {}) {
  const { event, lot } = await auction(t);
  const winner = await bidder(t, event.id);
  const runnerUp = await bidder(t, event.id);
  for (const who of [winner, runnerUp]) expect((await register(t, who, event.id)).statusCode).toBe(201);
  const runnerUpBid = options.runnerUpBid ?? 250_000;
  await t.db.insert(lotBidders).values([
    {
      lotId: lot.id,
      userId: runnerUp.id,
      pseudonym: 1,
      maxAmount: runnerUpBid,
      maxSetAt: sql`now() - interval '2 minutes'`,
      lastBidAmount: runnerUpBid - 10_000,
      bidsCount: 2,
    },
    {
      lotId: lot.id,
      userId: winner.id,
      pseudonym: 2,
      maxAmount: 400_000,
      maxSetAt: sql`now() - interval '1 minute'`,
      lastBidAmount: 300_000,
      bidsCount: 1,
    },
  ]);
  await t.db.insert(bids).values([
    {
      id: uniqueId('bid'),
      lotId: lot.id,
      userId: runnerUp.id,
      amount: runnerUpBid - 10_000,
      maxAmount: runnerUpBid - 10_000,
      priceAfter: runnerUpBid - 10_000,
    },
    {
      id: uniqueId('bid'),
      lotId: lot.id,
      userId: runnerUp.id,
      kind: 'auto',
      amount: runnerUpBid,
      priceAfter: runnerUpBid,
    },
    { id: uniqueId('bid'), lotId: lot.id, userId: winner.id, amount: 300_000, maxAmount: 400_000, priceAfter: 300_000 },
  ]);
  await t.db
    .update(eventLots)
    .set({
      leaderUserId: winner.id,
      currentBidAmount: 300_000,
      bidsCount: 3,
      reserveBid: options.reserve ?? null,
      reserveMet: options.reserve === undefined ? null : true,
      endedAt: sql`now() - interval '1 second'`,
    })
    .where(eq(eventLots.id, lot.id));
  const closed = await t.db.transaction((tx) => closeLot(tx, lot.id, mail()));
  const orderId = closed?.orderId as string;
  expect(await captureDeposit({ db: t.db, provider }, orderId)).toBe('captured');
  await dueIn(orderId, '-1 minute');
  return { event, lot, winner, runnerUp, orderId };
}

const chances = (t: TestApp, who: Person) => get(t, `/marketplace-api/users/${who.id}/second-chances`, who.cookie);

describe('a winner who does not pay (BIDDING §8)', () => {
  it('loses the lot, the deposit is kept, and the runner-up is offered it at their highest bid for 48 hours', async () => {
    const { lot, winner, runnerUp, orderId } = await unpaidWin();
    expect(await expireUnpaidOrders(deps())).toBe(1);
    expect((await orderRow(orderId))?.status).toBe('OrderCancelled');
    expect((await lotRow(lot.id))?.status).toBe(LOT_STATUS.OrderCancelled);
    expect(await eventsOf(orderId)).toEqual(
      expect.arrayContaining(['payment-expired', 'deposit-forfeited', 'second-chance']),
    );
    const cancelledMail = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, winner.email));
    expect(cancelledMail.map((m) => m.text).join('\n')).toContain('Your bid deposit of $500.00 is kept by the seller');

    const list = await chances(t, runnerUp);
    const [offer] = list.json().data.secondChances;
    expect(offer).toMatchObject({ status: 'open', amount: 250_000, currency: 'USD', lot: { _id: lot.id } });
    const hours = (new Date(offer.expiresAt).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);
    expect(await subjectsTo(runnerUp.email)).toContain(`Second chance: ${lot.name}`);
    expect((await chances(t, winner)).json().data.secondChances).toEqual([]);

    // Another user cannot answer it; the runner-up accepts once (the same key answers the same order).
    const url = `/marketplace-api/users/${runnerUp.id}/second-chances/${offer._id}/accept`;
    expect((await post(t, url, winner.cookie, {}, 'k-1')).statusCode).toBe(403);
    const unknown = `/marketplace-api/users/${runnerUp.id}/second-chances/sco_unknown/accept`;
    expect((await post(t, unknown, runnerUp.cookie, {}, 'k-0')).statusCode).toBe(404);
    expect((await post(t, url, runnerUp.cookie, { price: 1 }, 'k-x')).statusCode).toBe(400);
    expect((await chances(t, runnerUp)).json().data.secondChances[0].status).toBe('open');
    // While the seller is suspended (decision 0076) the lot does not sell: 409, the offer stays open.
    const [seller] = await t.db
      .select({ companyId: eventLots.companyId })
      .from(eventLots)
      .where(eq(eventLots.id, lot.id));
    const companyId = seller?.companyId ?? '';
    await t.db.update(companies).set({ status: 'suspended' }).where(eq(companies.id, companyId));
    const refused = await post(t, url, runnerUp.cookie, {}, 'k-s');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].message).toContain('suspended');
    expect((await chances(t, runnerUp)).json().data.secondChances[0].status).toBe('open');
    expect((await lotRow(lot.id))?.status).toBe(LOT_STATUS.OrderCancelled);
    await t.db.update(companies).set({ status: 'active' }).where(eq(companies.id, companyId));
    const accepted = await post(t, url, runnerUp.cookie, {}, 'k-1');
    expect(accepted.statusCode).toBe(201);
    const order = accepted.json().data.order;
    expect(order).toMatchObject({ source: 'auction', lines: [{ eventLotId: lot.id, unitPrice: 250_000 }] });
    expect((await post(t, url, runnerUp.cookie, {}, 'k-1')).json().data.order._id).toBe(order._id);
    expect((await post(t, url, runnerUp.cookie, {}, 'k-2')).statusCode).toBe(409);
    // Their default card is charged as for a win; the lot follows their order.
    expect((await orderRow(order._id))?.status).toBe('OrderPaid');
    expect((await lotRow(lot.id))?.status).toBe(LOT_STATUS.OrderPaid);
    expect((await chances(t, runnerUp)).json().data.secondChances[0]).toMatchObject({
      status: 'accepted',
      orderId: order._id,
    });
  });

  it('offers nothing to a disabled runner-up, nor to one whose standing staff withdrew (decision 0082)', async () => {
    const disabled = await unpaidWin();
    await t.db.update(users).set({ disabled: true }).where(eq(users.id, disabled.runnerUp.id));
    const withdrawn = await unpaidWin();
    await t.db
      .update(lotBidders)
      .set({ maxAmount: 0 })
      .where(sql`${lotBidders.lotId} = ${withdrawn.lot.id} and ${lotBidders.userId} = ${withdrawn.runnerUp.id}`);
    expect(await expireUnpaidOrders(deps())).toBe(2);
    const offers = await t.db
      .select({ lotId: secondChanceOffers.lotId })
      .from(secondChanceOffers)
      .where(sql`${secondChanceOffers.lotId} in (${disabled.lot.id}, ${withdrawn.lot.id})`);
    expect(offers).toEqual([]);
  });

  it('offers nothing when the runner-up’s bid is below the reserve; a declined or expired offer ends there', async () => {
    const below = await unpaidWin({ reserve: 280_000 });
    expect(await expireUnpaidOrders(deps())).toBe(1);
    expect((await chances(t, below.runnerUp)).json().data.secondChances).toEqual([]);

    const declined = await unpaidWin();
    expect(await expireUnpaidOrders(deps())).toBe(1);
    const [offer] = (await chances(t, declined.runnerUp)).json().data.secondChances;
    const base = `/marketplace-api/users/${declined.runnerUp.id}/second-chances/${offer._id}`;
    expect((await post(t, `${base}/decline`, declined.runnerUp.cookie, {})).json().data.secondChance.status).toBe(
      'declined',
    );
    expect((await post(t, `${base}/accept`, declined.runnerUp.cookie, {}, 'k-3')).statusCode).toBe(409);
    expect((await lotRow(declined.lot.id))?.status).toBe(LOT_STATUS.OrderCancelled);

    const lapsed = await unpaidWin();
    expect(await expireUnpaidOrders(deps())).toBe(1);
    await t.db
      .update(secondChanceOffers)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(secondChanceOffers.userId, lapsed.runnerUp.id));
    const [late] = (await chances(t, lapsed.runnerUp)).json().data.secondChances;
    expect(late.status).toBe('expired');
    const lateUrl = `/marketplace-api/users/${lapsed.runnerUp.id}/second-chances/${late._id}/accept`;
    expect((await post(t, lateUrl, lapsed.runnerUp.cookie, {}, 'k-4')).statusCode).toBe(409);
    expect(await expireSecondChances(t.db)).toBeGreaterThanOrEqual(1);
  });
});

describe('the seller and staff cancel an unpaid order, saying why', () => {
  async function scene() {
    const company = await t.make.company();
    const seller = await sellerOf(t, company.id);
    const lot = await buyNowLot(t, { companyId: company.id });
    const buyer = await bidder(t, undefined);
    return { seller, lot, buyer };
  }
  const sellerCancel = (who: Person | { cookie: string }, id: string, body: unknown, key = uniqueId('k')) =>
    post(t, `/marketplace-api/seller/orders/${id}/cancel`, who.cookie, body, key);
  const staffCancel = (who: { cookie: string }, id: string, body: unknown, key = uniqueId('k')) =>
    post(t, `/marketplace-api/staff/orders/${id}/cancel`, who.cookie, body, key);

  it('the seller cancels an approved unpaid order: the reason in the history, units back, the buyer told', async () => {
    const { seller, lot, buyer } = await scene();
    const order = await buy(t, buyer.id, lot.id);
    expect((await sellerCancel(seller, order.id, { reason: ' ' })).statusCode).toBe(400);
    expect((await sellerCancel(seller, order.id, { reason: 'x'.repeat(1001) })).statusCode).toBe(400);
    const stranger = await sellerOf(t, (await t.make.company()).id);
    expect((await sellerCancel(stranger, order.id, { reason: 'No.' })).statusCode).toBe(403);
    expect((await sellerCancel(buyer, order.id, { reason: 'No.' })).statusCode).toBe(403);
    expect((await orderRow(order.id))?.status).toBe('OrderPending');

    // Not while a charge is out at the provider: it could still succeed on a cancelled order.
    const chargeId = uniqueId('opay');
    await t.db
      .insert(orderPayments)
      .values({ id: chargeId, orderId: order.id, kind: 'charge', amount: 100, currency: 'USD', status: 'processing' });
    const busy = await sellerCancel(seller, order.id, { reason: 'No.' });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().errors[0].message).toBe(
      'A payment or refund of this order is in progress; try again once it has finished.',
    );
    expect((await orderRow(order.id))?.status).toBe('OrderPending');
    await t.db.update(orderPayments).set({ status: 'failed' }).where(eq(orderPayments.id, chargeId));

    const done = await sellerCancel(seller, order.id, { reason: 'The buyer asked us to.' }, 'same');
    expect(done.statusCode).toBe(200);
    expect(done.json().data.order.status).toBe('OrderCancelled');
    expect((await sellerCancel(seller, order.id, { reason: 'The buyer asked us to.' }, 'same')).statusCode).toBe(200);
    expect((await sellerCancel(seller, order.id, { reason: 'Again.' })).statusCode).toBe(409);
    const [last] = await t.db
      .select()
      .from(orderHistory)
      .where(eq(orderHistory.orderId, order.id))
      .orderBy(sql`${orderHistory.id} desc`)
      .limit(1);
    expect(last).toMatchObject({ event: 'cancelled', note: 'The buyer asked us to.', actorUserId: seller.id });
    expect((await lotRow(lot.id))?.quantity).toBe(3);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email));
    expect(mails.map((m) => m.text).join('\n')).toContain('was cancelled: The buyer asked us to.');
    // The seller cancelled it: their people need no mail about it.
    expect(await subjectsTo(seller.email)).not.toContain(`Order ${order.number} cancelled`);

    const awaiting = await buy(t, buyer.id, lot.id, { approval: 'awaiting' });
    const refused = await sellerCancel(seller, awaiting.id, { reason: 'No.' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].message).toBe('This order awaits your approval: reject it instead, saying why.');
  });

  it('staff cancel any unpaid order but not their own; a paid one is refunded instead', async () => {
    const { seller, lot, buyer } = await scene();
    const staff = await signUpStaff(t);
    const awaiting = await buy(t, buyer.id, lot.id, { approval: 'awaiting' });
    expect((await staffCancel(seller, awaiting.id, { reason: 'Fraud.' })).statusCode).toBe(403);
    const done = await staffCancel(staff, awaiting.id, { reason: 'Card reported stolen.' });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.order.status).toBe('OrderCancelled');
    const toSeller = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, seller.email));
    expect(toSeller.map((m) => m.text).join('\n')).toContain(
      `Staff cancelled order ${awaiting.number} (${lot.name}): Card reported stolen.`,
    );

    const own = await buy(t, staff.id, lot.id);
    const refused = await staffCancel(staff, own.id, { reason: 'Mine.' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0]).toMatchObject({
      code: 'OWN_RECORD',
      message: 'Another staff member must do this.',
    });

    const paid = await buy(t, buyer.id, lot.id);
    await t.db.update(orders).set({ status: 'OrderPaid' }).where(eq(orders.id, paid.id));
    expect((await staffCancel(staff, paid.id, { reason: 'Late.' })).statusCode).toBe(409);
    expect((await staffCancel(staff, 'ord_unknown', { reason: 'Late.' })).statusCode).toBe(404);
  });
});
