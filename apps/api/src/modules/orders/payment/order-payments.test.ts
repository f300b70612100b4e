import { mailOutbox, orderHistory, orderPayments, orders } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { send } from '../../account/test-helpers';
import { freshIp, ORIGIN } from '../../identity/test-helpers';
import { VISA } from '../../payments/test-helpers';
import { bidder, DECLINES_HOLDS, extraCard, type Person } from '../../registrations/test-helpers';
import { signUpStaff } from '../../tax-exemptions/test-helpers';
import { createOrderFor } from './test-orders';

let t: TestApp;
let staff: { id: string; cookie: string };
beforeAll(async () => {
  // CAD_WIRE_TRANSFER off here: the "on" side is in wire-flag.test.ts.
  t = await createTestApp({ config: { featureOverrides: { CAD_WIRE_TRANSFER: false } } });
  staff = await signUpStaff(t);
});
afterAll(() => t.close());

const orderFor = (buyerId: string, options: Parameters<typeof createOrderFor>[2] = {}) =>
  createOrderFor(t, buyerId, options);

const payUrl = (u: string, o: string) => `/marketplace-api/users/${u}/orders/${o}/payments`;
const wireUrl = (u: string, o: string) => `/marketplace-api/users/${u}/orders/${o}/wire`;
const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];
const paymentsOf = (id: string) => t.db.select().from(orderPayments).where(eq(orderPayments.orderId, id));
const historyOf = async (id: string) =>
  (await t.db.select().from(orderHistory).where(eq(orderHistory.orderId, id)).orderBy(orderHistory.id)).map(
    (h) => h.event,
  );
const mailsTo = async (email: string) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).map((m) => m.subject);

function pay(user: Person, orderId: string, options: { key?: string; body?: unknown; cookie?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: payUrl(user.id, orderId),
    headers: {
      origin: ORIGIN,
      'x-forwarded-for': freshIp(),
      cookie: options.cookie ?? user.cookie,
      ...(options.key ? { 'idempotency-key': options.key } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { payload: JSON.stringify(options.body) }),
  });
}

describe('POST …/orders/{orderId}/payments', () => {
  it('pays the amount due with the default card; a retried key answers the same and charges nothing more', async () => {
    const buyer = await bidder(t, undefined, VISA);
    const order = await orderFor(buyer.id);
    const first = await pay(buyer, order.id, { key: 'pay-1' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      order: { _id: order.id, status: 'OrderPaid', amountDue: 0, paymentKind: 'card' },
      payment: { status: 'paid', message: null },
    });
    const again = await pay(buyer, order.id, { key: 'pay-1' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await paymentsOf(order.id)).toHaveLength(1);
    expect(await historyOf(order.id)).toEqual(['placed', 'approved', 'paid']);
    // Paid e-mail to the buyer once (the sandbox's event and the request both recorded it: only one won).
    expect((await mailsTo(buyer.email)).filter((s) => s === `Order ${order.number} is paid`)).toHaveLength(1);
    // A new key on a paid order: 409, nothing charged.
    expect((await pay(buyer, order.id, { key: 'pay-2' })).statusCode).toBe(409);
    expect(await paymentsOf(order.id)).toHaveLength(1);
  });

  it('two simultaneous payments (two keys, two tabs) charge once: one is paid, the other refused', async () => {
    const buyer = await bidder(t, undefined, VISA);
    const order = await orderFor(buyer.id);
    const answers = await Promise.all([pay(buyer, order.id, { key: 'tab-1' }), pay(buyer, order.id, { key: 'tab-2' })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await paymentsOf(order.id)).toMatchObject([{ kind: 'charge', status: 'succeeded', amount: 25_000 }]);
  });

  it('a decline is 402 with the card message, the order stays pending; another card then pays', async () => {
    const buyer = await bidder(t, undefined, DECLINES_HOLDS);
    const order = await orderFor(buyer.id);
    const declined = await pay(buyer, order.id, { key: 'd-1' });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().errors[0]).toMatchObject({ code: 'PAYMENT_DECLINED', message: 'Your card was declined.' });
    // No payment is under way any more: the kind the attempt set (card) is gone, as before it.
    expect(await orderRow(order.id)).toMatchObject({
      status: 'OrderPending',
      paymentError: 'Your card was declined.',
      paymentKind: null,
    });
    // The failure is recorded once although the sandbox's event and the request both saw it.
    expect((await historyOf(order.id)).filter((e) => e === 'payment-failed')).toHaveLength(1);
    const read = await t.app.inject({
      method: 'GET',
      url: `/marketplace-api/users/${buyer.id}/orders/${order.id}`,
      headers: { cookie: buyer.cookie },
    });
    expect(read.json().data.order).toMatchObject({ paymentKind: null, paymentError: 'Your card was declined.' });
    expect(await mailsTo(buyer.email)).toContain(`Payment for order ${order.number} failed`);
    // The retried key answers the same refusal without charging again.
    expect((await pay(buyer, order.id, { key: 'd-1' })).statusCode).toBe(402);
    expect(await paymentsOf(order.id)).toHaveLength(1);
    const visa = await extraCard(t, buyer, VISA);
    const paid = await pay(buyer, order.id, { key: 'd-2', body: { paymentMethodId: visa.id } });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data.order).toMatchObject({ status: 'OrderPaid', paymentError: null, paymentKind: 'card' });
  });

  it('refuses: 401 without a session, 403 another user, 404 an unknown or another buyer’s order, 409 awaiting approval', async () => {
    const buyer = await bidder(t, undefined, VISA);
    const other = await bidder(t, undefined, VISA);
    const order = await orderFor(buyer.id);
    expect((await t.app.inject({ method: 'POST', url: payUrl(buyer.id, order.id) })).statusCode).toBe(401);
    expect((await pay(buyer, order.id, { cookie: other.cookie })).statusCode).toBe(403);
    expect((await pay(other, order.id)).statusCode).toBe(404);
    expect((await pay(buyer, 'ord_nope')).statusCode).toBe(404);
    // A card that is not one of the buyer's: 404, and the order is not touched.
    expect((await pay(buyer, order.id, { body: { paymentMethodId: 'pm_not_mine' } })).statusCode).toBe(404);
    expect(await orderRow(order.id)).toMatchObject({ status: 'OrderPending', paymentKind: null, paymentError: null });
    const awaiting = await orderFor(buyer.id, { approval: 'awaiting' });
    expect((await pay(buyer, awaiting.id)).statusCode).toBe(409);
    expect((await pay(buyer, order.id, { body: { surprise: 1 } })).statusCode).toBe(400);
    expect(await paymentsOf(awaiting.id)).toHaveLength(0);
  });
});

describe('wire transfer', () => {
  it('the buyer chooses wire, staff see it and mark it received: paid, with the e-mails', async () => {
    const buyer = await bidder(t, undefined, VISA);
    const order = await orderFor(buyer.id);
    const chosen = await send(t, 'POST', wireUrl(buyer.id, order.id), undefined, buyer);
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().data.order).toMatchObject({ paymentKind: 'wire', status: 'OrderPending' });
    expect(chosen.json().data.order.wireInstructions.join('\n')).toContain(order.number);

    const queue = await t.app.inject({
      method: 'GET',
      url: '/marketplace-api/staff/orders?awaiting=wire',
      headers: { cookie: staff.cookie },
    });
    expect(queue.statusCode).toBe(200);
    expect(queue.json().data.map((r: { order: { _id: string } }) => r.order._id)).toContain(order.id);
    const notStaff = await t.app.inject({
      method: 'GET',
      url: '/marketplace-api/staff/orders?awaiting=wire',
      headers: { cookie: buyer.cookie },
    });
    expect(notStaff.statusCode).toBe(403);
    expect(
      (await send(t, 'POST', `/marketplace-api/staff/orders/${order.id}/wire-received`, undefined, buyer)).statusCode,
    ).toBe(403);

    const received = await send(t, 'POST', `/marketplace-api/staff/orders/${order.id}/wire-received`, undefined, staff);
    expect(received.statusCode).toBe(200);
    expect(received.json().data.order).toMatchObject({ status: 'OrderPaid', amountDue: 0 });
    expect(await paymentsOf(order.id)).toMatchObject([{ kind: 'wire', status: 'succeeded', amount: 25_000 }]);
    expect(await historyOf(order.id)).toEqual(['placed', 'approved', 'wire-chosen', 'wire-received']);
    expect(await mailsTo(buyer.email)).toContain(`Order ${order.number} is paid`);
    // Twice: 409 (a paid order is no longer payable), nothing recorded.
    const again = await send(t, 'POST', `/marketplace-api/staff/orders/${order.id}/wire-received`, undefined, staff);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].message).toBe('This order is not awaiting payment.');
    expect(await paymentsOf(order.id)).toHaveLength(1);
    expect(await historyOf(order.id)).toEqual(['placed', 'approved', 'wire-chosen', 'wire-received']);
  });

  it('a card refused after choosing wire puts wire back: the instructions stay and staff still await the wire', async () => {
    const buyer = await bidder(t, undefined, DECLINES_HOLDS);
    const order = await orderFor(buyer.id);
    expect((await send(t, 'POST', wireUrl(buyer.id, order.id), undefined, buyer)).statusCode).toBe(200);
    const declined = await pay(buyer, order.id, { key: 'after-wire' });
    expect(declined.statusCode).toBe(402);
    expect(await orderRow(order.id)).toMatchObject({
      status: 'OrderPending',
      paymentKind: 'wire',
      paymentError: 'Your card was declined.',
    });
    const queue = await t.app.inject({
      method: 'GET',
      url: '/marketplace-api/staff/orders?awaiting=wire',
      headers: { cookie: staff.cookie },
    });
    expect(queue.json().data.map((r: { order: { _id: string } }) => r.order._id)).toContain(order.id);
    // Choosing wire again changes nothing (no second history row); the wire, once received, pays the order.
    expect((await send(t, 'POST', wireUrl(buyer.id, order.id), undefined, buyer)).statusCode).toBe(200);
    expect((await historyOf(order.id)).filter((e) => e === 'wire-chosen')).toHaveLength(1);
    const received = await send(t, 'POST', `/marketplace-api/staff/orders/${order.id}/wire-received`, undefined, staff);
    expect(received.json().data.order).toMatchObject({ status: 'OrderPaid', paymentKind: 'wire' });
  });

  it('CAD_WIRE_TRANSFER off: no wire for a CAD order (409, nothing changes); USD still offered', async () => {
    const buyer = await bidder(t, undefined, VISA);
    const cad = await orderFor(buyer.id, { currency: 'CAD' });
    const refused = await send(t, 'POST', wireUrl(buyer.id, cad.id), undefined, buyer);
    expect(refused.statusCode).toBe(409);
    expect(await orderRow(cad.id)).toMatchObject({ paymentKind: null });
    expect(await historyOf(cad.id)).toEqual(['placed', 'approved']);
    // Staff cannot mark a wire on an order whose buyer did not choose it.
    expect(
      (await send(t, 'POST', `/marketplace-api/staff/orders/${cad.id}/wire-received`, undefined, staff)).statusCode,
    ).toBe(409);
  });
});
