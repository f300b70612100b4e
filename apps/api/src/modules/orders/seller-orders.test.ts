import { eventLots, mailOutbox, orders } from '@lotline/db/schema';
import { LOT_STATUS } from '@lotline/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { sellerOf } from '../messaging/test-helpers';
import { bidder, DECLINES_HOLDS } from '../registrations/test-helpers';
import { expireOrderApprovals } from './expire-order-approvals';
import { buy, buyNowLot, get, orderJobDeps, post } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const base = '/marketplace-api/seller/orders';

/** A company with a seller user, a buy-now lot of 3 units and a verified buyer with a card. */
async function scene() {
  const company = await t.make.company();
  const seller = await sellerOf(t, company.id);
  const lot = await buyNowLot(t, { companyId: company.id });
  const buyer = await bidder(t, undefined);
  return { company, seller, lot, buyer };
}

const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];
const lotRow = async (id: string) => (await t.db.select().from(eventLots).where(eq(eventLots.id, id)))[0];
const subjectsTo = async (email: string) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).map((m) => m.subject);

describe('the seller reads the company’s orders', () => {
  it('lists awaiting approvals first, filters by status and approval; another company’s order is 403, an unknown one 404, a non-seller 403', async () => {
    const { seller, lot, buyer } = await scene();
    const approved = await buy(t, buyer.id, lot.id);
    const awaiting = await buy(t, buyer.id, lot.id, { approval: 'awaiting' });
    const list = await get(t, base, seller.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.orders.map((o: { _id: string }) => o._id)).toEqual([awaiting.id, approved.id]);
    const filtered = await get(t, `${base}?approval=awaiting`, seller.cookie);
    expect(filtered.json().data.orders.map((o: { _id: string }) => o._id)).toEqual([awaiting.id]);
    expect((await get(t, `${base}?status=OrderPaid`, seller.cookie)).json().data.orders).toEqual([]);
    expect((await get(t, `${base}?status=Nope`, seller.cookie)).statusCode).toBe(400);

    const one = await get(t, `${base}/${approved.id}`, seller.cookie);
    expect(one.json().data.order).toMatchObject({ _id: approved.id, buyer: { email: buyer.email } });
    const pdf = await get(t, `${base}/${approved.id}/invoice.pdf`, seller.cookie);
    expect(pdf.headers['content-type']).toBe('application/pdf');

    const stranger = await sellerOf(t, (await t.make.company()).id);
    expect((await get(t, `${base}/${approved.id}`, stranger.cookie)).statusCode).toBe(403);
    expect((await get(t, `${base}/${approved.id}/invoice.pdf`, stranger.cookie)).statusCode).toBe(403);
    expect((await get(t, `${base}/ord_unknown`, stranger.cookie)).statusCode).toBe(404);
    expect((await get(t, base, stranger.cookie)).json().data.orders).toEqual([]);
    expect((await get(t, base, buyer.cookie)).statusCode).toBe(403);
    expect((await get(t, base)).statusCode).toBe(401);
  });
});

describe('approving and rejecting a buy-now order', () => {
  it('approve: approved, history, mails with the invoice, then the card is charged: paid; again is 409', async () => {
    const { seller, lot, buyer } = await scene();
    const order = await buy(t, buyer.id, lot.id, { approval: 'awaiting' });
    const res = await post(t, `${base}/${order.id}/approve`, seller.cookie, undefined, 'approve-1');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.order).toMatchObject({ approval: 'approved', status: 'OrderPaid', amountDue: 0 });
    expect(res.json().data.order.history.map((h: { event: string }) => h.event)).toEqual([
      'placed',
      'approved',
      'paid',
    ]);
    const subjects = await subjectsTo(buyer.email);
    expect(subjects).toContain(`Order ${order.number} approved`);
    expect(subjects).toContain(`Your invoice for order ${order.number}`);
    // The same key answers again without charging again; a new key is refused.
    expect((await post(t, `${base}/${order.id}/approve`, seller.cookie, undefined, 'approve-1')).statusCode).toBe(200);
    expect((await post(t, `${base}/${order.id}/approve`, seller.cookie, undefined, 'approve-2')).statusCode).toBe(409);
  });

  it('approve with a card that is refused: approved, still pending with the refusal for the buyer to pay otherwise', async () => {
    const { seller, lot } = await scene();
    const buyer = await bidder(t, undefined, DECLINES_HOLDS);
    const order = await buy(t, buyer.id, lot.id, { approval: 'awaiting' });
    const res = await post(t, `${base}/${order.id}/approve`, seller.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.order).toMatchObject({
      approval: 'approved',
      status: 'OrderPending',
      paymentError: 'Your card was declined.',
      amountDue: 12_990,
    });
  });

  it('reject: cancelled with the reason, the units back on sale, the buyer told; a sold-out item is on sale again', async () => {
    const { seller, lot, buyer } = await scene();
    const order = await buy(t, buyer.id, lot.id, { approval: 'awaiting', quantity: 3 });
    expect((await lotRow(lot.id))?.status).toBe(LOT_STATUS.Sold);
    expect((await post(t, `${base}/${order.id}/reject`, seller.cookie, { reason: '  ' })).statusCode).toBe(400);
    const res = await post(t, `${base}/${order.id}/reject`, seller.cookie, { reason: 'Damaged in storage.' }, 'r-1');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.order).toMatchObject({ status: 'OrderCancelled', approval: 'rejected', amountDue: 0 });
    expect(res.json().data.order.history.at(-1)).toMatchObject({ event: 'rejected', note: 'Damaged in storage.' });
    expect(await lotRow(lot.id)).toMatchObject({ quantity: 3, status: LOT_STATUS.Active });
    expect(await subjectsTo(buyer.email)).toContain(`Order ${order.number} cancelled`);
    const again = await post(t, `${base}/${order.id}/reject`, seller.cookie, { reason: 'Again.' }, 'r-2');
    expect(again.statusCode).toBe(409);
    expect((await lotRow(lot.id))?.quantity).toBe(3);
  });

  it('refuses another company’s seller (403) and a buyer (403), changing nothing; an unknown order is 404', async () => {
    const { lot, buyer } = await scene();
    const order = await buy(t, buyer.id, lot.id, { approval: 'awaiting' });
    const stranger = await sellerOf(t, (await t.make.company()).id);
    expect((await post(t, `${base}/${order.id}/approve`, stranger.cookie)).statusCode).toBe(403);
    expect((await post(t, `${base}/${order.id}/reject`, stranger.cookie, { reason: 'No.' })).statusCode).toBe(403);
    expect((await post(t, `${base}/ord_unknown/approve`, stranger.cookie)).statusCode).toBe(404);
    expect((await post(t, `${base}/${order.id}/approve`, buyer.cookie)).statusCode).toBe(403);
    expect(await orderRow(order.id)).toMatchObject({ approval: 'awaiting', status: 'OrderPending' });
    expect((await lotRow(lot.id))?.quantity).toBe(2);
  });
});

describe('fulfilment', () => {
  it('only a paid order is marked shipped or collected, once', async () => {
    const { seller, lot, buyer } = await scene();
    const order = await buy(t, buyer.id, lot.id, { approval: 'awaiting' });
    const mark = (f: unknown) => post(t, `${base}/${order.id}/fulfilment`, seller.cookie, { fulfilment: f });
    expect((await mark('shipped')).statusCode).toBe(409);
    expect((await mark('teleported')).statusCode).toBe(400);
    await post(t, `${base}/${order.id}/approve`, seller.cookie);
    const shipped = await mark('shipped');
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json().data.order).toMatchObject({ fulfilment: 'shipped' });
    expect(shipped.json().data.order.history.at(-1)).toMatchObject({ event: 'shipped', status: 'OrderPaid' });
    expect((await mark('collected')).statusCode).toBe(409);
  });
});

describe('the approval deadline job', () => {
  it('cancels awaiting orders past their deadline (database clock), returns the units and tells the buyer', async () => {
    const { lot, buyer } = await scene();
    const late = await buy(t, buyer.id, lot.id, { approval: 'awaiting' });
    const early = await buy(t, buyer.id, lot.id, { approval: 'awaiting' });
    await t.db.update(orders).set({ approvalDueAt: sql`now() - interval '1 minute'` }).where(eq(orders.id, late.id));
    const deps = orderJobDeps(t);
    expect(await expireOrderApprovals(deps)).toBe(1);
    expect(await orderRow(late.id)).toMatchObject({ status: 'OrderCancelled', approval: 'rejected' });
    expect(await orderRow(early.id)).toMatchObject({ status: 'OrderPending', approval: 'awaiting' });
    expect((await lotRow(lot.id))?.quantity).toBe(2);
    expect(await subjectsTo(buyer.email)).toContain(`Order ${late.number} cancelled`);
    expect(await expireOrderApprovals(deps)).toBe(0);
  });
});
