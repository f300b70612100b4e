import { orderPayments, orderRefunds } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signUpUser } from '../identity/test-helpers';
import { sellerOf } from '../messaging/test-helpers';
import { bidder } from '../registrations/test-helpers';
import { buy, buyNowLot, get, pdfText, post } from './test-helpers';
import {
  creditNoteMails,
  paidCardOrder,
  refundState,
  sandboxRefunded,
  sellerRefunds,
  staffOf,
  staffRefunds,
} from './test-refunds';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const money = (minor: number) => `$${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
const chargeOf = async (orderId: string) =>
  (await t.db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId)))[0];

describe('a seller refunds a paid order (decision 0062)', () => {
  it('in part, then the rest: never above what was paid; the status stays paid; the buyer gets each credit note', async () => {
    const { seller, buyer, order } = await paidCardOrder(t);
    const charge = await chargeOf(order.id);
    const first = await post(t, sellerRefunds(order.id), seller.cookie, { amount: 4_000, reason: 'A scratched panel' });
    expect(first.statusCode).toBe(201);
    const { order: shown, refund, message } = first.json().data;
    expect(refund).toMatchObject({ number: expect.stringMatching(/^CN-\d{6,}$/), amount: 4_000, status: 'succeeded' });
    expect(message).toBeNull();
    expect(shown).toMatchObject({ status: 'OrderPaid', paid: order.total, refunded: 4_000, amountDue: 0 });
    expect(shown.refunds).toEqual([expect.objectContaining({ _id: refund._id, reason: 'A scratched panel' })]);
    expect(shown.history.at(-1)).toMatchObject({
      event: 'refunded',
      status: 'OrderPaid',
      note: `${refund.number}: ${money(4_000)} — A scratched panel`,
    });
    expect((await sandboxRefunded(t, [charge?.providerPaymentId as string])).count).toBe(1);

    // Above what is left: refused with the most that can still be refunded, and nothing changes.
    const left = order.total - 4_000;
    const above = await post(t, sellerRefunds(order.id), seller.cookie, { amount: left + 1, reason: 'All of it' });
    expect(above.statusCode).toBe(409);
    expect(above.json().errors[0]).toEqual({
      code: 'CONFLICT',
      message: `At most ${money(left)} can be refunded.`,
      field: 'amount',
    });
    expect(await refundState(t, order.id)).toMatchObject({ refunded: 4_000, refunds: [{ id: refund._id }] });

    const rest = await post(t, sellerRefunds(order.id), seller.cookie, { amount: left, reason: 'Returned' });
    expect(rest.statusCode).toBe(201);
    expect(rest.json().data.order).toMatchObject({ status: 'OrderPaid', paid: order.total, refunded: order.total });
    const nothing = await post(t, sellerRefunds(order.id), seller.cookie, { amount: 1, reason: 'More' });
    expect(nothing.json().errors[0].message).toBe('Nothing is left to refund on this order.');
    const stored = await refundState(t, order.id);
    expect(stored).toMatchObject({ status: 'OrderPaid', refunded: order.total });
    expect(stored.refunds.map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
    expect(stored.history.map((h) => h.event).slice(-2)).toEqual(['refunded', 'refunded']);
    expect((await sandboxRefunded(t, [charge?.providerPaymentId as string])).holds).toEqual({
      [charge?.providerPaymentId as string]: order.total,
    });

    const mails = await creditNoteMails(t, buyer.email);
    expect(mails.map((m) => m.subject)).toEqual([
      `Refund for order ${order.number}: credit note ${refund.number}`,
      `Refund for order ${order.number}: credit note ${rest.json().data.refund.number}`,
    ]);
    const [file] = mails[0]?.attachments ?? [];
    expect(file).toMatchObject({ filename: `${order.number}-${refund.number}.pdf`, contentType: 'application/pdf' });
    const text = await pdfText(Buffer.from(file?.contentBase64 ?? '', 'base64'));
    for (const words of [`Credit note ${refund.number}`, `Order: ${order.number}`, 'A scratched panel', 'UTC']) {
      expect(text).toContain(words);
    }
    expect(text).toContain(money(4_000));
    expect(text).toContain(money(order.total));
  });

  it('the credit note: for the buyer, the seller and staff; 404 for another buyer or a refund not given back', async () => {
    const { seller, buyer, order } = await paidCardOrder(t);
    const made = await post(t, sellerRefunds(order.id), seller.cookie, { amount: 2_500, reason: 'Late pick-up' });
    const { _id: refundId, number } = made.json().data.refund;
    const note = `credit-notes/${refundId}.pdf`;
    const mine = await get(t, `/marketplace-api/users/${buyer.id}/orders/${order.id}/${note}`, buyer.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.headers['content-disposition']).toBe(`inline; filename="${order.number}-${number}.pdf"`);
    const text = await pdfText(mine.rawPayload);
    expect(text).toContain(`Credit note ${number}`);
    expect(text).toContain('Late pick-up');
    expect((await get(t, `/marketplace-api/seller/orders/${order.id}/${note}`, seller.cookie)).statusCode).toBe(200);
    const staff = await staffOf(t, await signUpUser(t));
    expect((await get(t, `/marketplace-api/staff/orders/${order.id}/${note}`, staff.cookie)).statusCode).toBe(200);
    expect((await get(t, `/marketplace-api/staff/orders/${order.id}/${note}`, buyer.cookie)).statusCode).toBe(403);

    const other = await bidder(t, undefined, null);
    expect(
      (await get(t, `/marketplace-api/users/${other.id}/orders/${order.id}/${note}`, other.cookie)).statusCode,
    ).toBe(404);
    await t.db.update(orderRefunds).set({ status: 'failed' }).where(eq(orderRefunds.id, refundId));
    const failed = await get(t, `/marketplace-api/users/${buyer.id}/orders/${order.id}/${note}`, buyer.cookie);
    expect(failed.statusCode).toBe(404);
  });
});

describe('who may refund', () => {
  it('a buyer or a non-seller 403, another company’s seller 403, an unknown order 404, no session 401', async () => {
    const { buyer, order } = await paidCardOrder(t);
    const body = { amount: 100, reason: 'Goodwill' };
    expect((await post(t, sellerRefunds(order.id), buyer.cookie, body)).statusCode).toBe(403);
    const stranger = await sellerOf(t, (await t.make.company()).id);
    expect((await post(t, sellerRefunds(order.id), stranger.cookie, body)).statusCode).toBe(403);
    expect((await post(t, sellerRefunds('ord_unknown'), stranger.cookie, body)).statusCode).toBe(404);
    expect((await post(t, sellerRefunds(order.id), '', body)).statusCode).toBe(401);
    expect((await post(t, staffRefunds(order.id), buyer.cookie, body)).statusCode).toBe(403);
    expect(await refundState(t, order.id)).toMatchObject({ refunded: 0, refunds: [] });
  });

  it('staff refund any company’s order, never one they bought themselves', async () => {
    const { buyer, order } = await paidCardOrder(t);
    const staff = await staffOf(t, await signUpUser(t));
    const res = await post(t, staffRefunds(order.id), staff.cookie, { amount: 700, reason: 'Service failure' });
    expect(res.statusCode).toBe(201);
    expect((await refundState(t, order.id)).refunds[0]).toMatchObject({ actorUserId: staff.id, amount: 700 });

    await staffOf(t, buyer);
    const own = await post(t, staffRefunds(order.id), buyer.cookie, { amount: 100, reason: 'To myself' });
    expect(own.statusCode).toBe(403);
    expect(own.json().errors[0]).toMatchObject({
      code: 'OWN_RECORD',
      message: 'Another staff member must do this.',
    });
    expect(await refundState(t, order.id)).toMatchObject({ refunded: 700 });
  });

  it('an unpaid order, or a cancelled one that took nothing, is refused (409)', async () => {
    const company = await t.make.company();
    const seller = await sellerOf(t, company.id);
    const buyer = await bidder(t, undefined, null);
    const lot = await buyNowLot(t, { companyId: company.id });
    const unpaid = await buy(t, buyer.id, lot.id);
    const res = await post(t, sellerRefunds(unpaid.id), seller.cookie, { amount: 100, reason: 'Why not' });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].message).toBe('Only a paid or cancelled order can be refunded.');
    const awaiting = await buy(t, buyer.id, lot.id, { approval: 'awaiting' });
    const rejected = await post(t, `/marketplace-api/seller/orders/${awaiting.id}/reject`, seller.cookie, {
      reason: 'Sold elsewhere',
    });
    expect(rejected.json().data.order.status).toBe('OrderCancelled');
    const none = await post(t, sellerRefunds(awaiting.id), seller.cookie, { amount: 100, reason: 'Why not' });
    expect(none.json().errors[0].message).toBe('Nothing is left to refund on this order.');
  });
});

describe('the request', () => {
  it('bad input is 400 VALIDATION_FAILED and stores nothing', async () => {
    const { seller, order } = await paidCardOrder(t);
    for (const body of [
      { amount: 0, reason: 'x' },
      { amount: -5, reason: 'x' },
      { amount: 12.5, reason: 'x' },
      { amount: '100', reason: 'x' },
      { amount: 100 },
      { amount: 100, reason: '   ' },
      { amount: 100, reason: 'x'.repeat(501) },
      { amount: 100, reason: 'x', extra: true },
      { amount: 1e300, reason: 'x' },
    ]) {
      const res = await post(t, sellerRefunds(order.id), seller.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[0].code).toBe('VALIDATION_FAILED');
    }
    expect(await refundState(t, order.id)).toMatchObject({ refunded: 0, refunds: [] });
  });

  it('Idempotency-Key: the same key answers the same refund, at once or later; another body under it is 409', async () => {
    const { seller, order } = await paidCardOrder(t);
    const body = { amount: 1_000, reason: 'Missing manual' };
    const [a, b] = await Promise.all([
      post(t, sellerRefunds(order.id), seller.cookie, body, 'refund-1'),
      post(t, sellerRefunds(order.id), seller.cookie, body, 'refund-1'),
    ]);
    const later = await post(t, sellerRefunds(order.id), seller.cookie, body, 'refund-1');
    expect([a.statusCode, b.statusCode, later.statusCode]).toEqual([201, 201, 201]);
    const ids = [a, b, later].map((r) => r.json().data.refund._id);
    expect(new Set(ids).size).toBe(1);
    const reused = await post(t, sellerRefunds(order.id), seller.cookie, { ...body, amount: 2_000 }, 'refund-1');
    expect(reused.json().errors[0].code).toBe('IDEMPOTENCY_KEY_REUSED');
    const stored = await refundState(t, order.id);
    expect(stored).toMatchObject({ refunded: 1_000 });
    expect(stored.refunds).toHaveLength(1);
    expect((await sandboxRefunded(t, [(await chargeOf(order.id))?.providerPaymentId as string])).count).toBe(1);

    // A refusal is remembered under its key too.
    const refused = await post(t, sellerRefunds(order.id), seller.cookie, { amount: 10 ** 9, reason: 'x' }, 'big');
    expect(refused.statusCode).toBe(409);
    const again = await post(t, sellerRefunds(order.id), seller.cookie, { amount: 10 ** 9, reason: 'x' }, 'big');
    expect(again.json()).toEqual(refused.json());
  });
});
