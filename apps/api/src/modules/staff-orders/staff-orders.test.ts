import { auditLog, orderRefunds, orders } from '@lotline/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, url } from '../../test/app';
import { uniqueId } from '../../test/factories';
import { sellerOf } from '../messaging/test-helpers';
import { buy, buyNowLot, get, post } from '../orders/test-helpers';
import { paidCardOrder, refundState, staffOf, staffRefunds } from '../orders/test-refunds';
import { recordManualPayout } from '../payouts/record-manual-payout';
import { paidDaysAgo } from '../payouts/test-payouts';
import { bidder } from '../registrations/test-helpers';
import { signUpStaff } from '../tax-exemptions/test-helpers';

/**
 * Staff's order page (decision 0091): one order's full read and the search, and the staff writes it offers
 * through the orders module: cancel an unpaid order, refund a paid one (in part, the rest, idempotent, never above
 * what was paid, even at once), each audited; never by staff who bought it or belong to its seller (403).
 */

let t: TestApp;
let staff: Awaited<ReturnType<typeof signUpStaff>>;
let colleague: Awaited<ReturnType<typeof signUpStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  staff = await signUpStaff(t);
  colleague = await signUpStaff(t);
});
afterAll(() => t.close());

const orderPath = (id: string) => `/marketplace-api/staff/orders/${encodeURIComponent(id)}`;
const read = async (id: string, cookie = staff.cookie) => {
  const res = await get(t, orderPath(id), cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.staffOrder;
};
const search = (q: string | undefined, cookie = staff.cookie) =>
  get(t, url('/marketplace-api/staff/orders/search', q === undefined ? {} : { q }), cookie);
const cancel = (id: string, body: unknown, cookie = staff.cookie, key = uniqueId('k')) =>
  post(t, `${orderPath(id)}/cancel`, cookie, body, key);
const refund = (id: string, body: unknown, cookie = staff.cookie, key = uniqueId('k')) =>
  post(t, staffRefunds(id), cookie, body, key);
const auditOf = (orderId: string) =>
  t.db
    .select({ action: auditLog.action, actorId: auditLog.actorId, after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'order'), eq(auditLog.targetId, orderId)));
/** A staff member who is also a member of the company (its seller user given the staff role). */
const staffMemberOf = async (companyId: string) => staffOf(t, await sellerOf(t, companyId, 'Sid Inside'));

describe("staff's read of one order", () => {
  it('shows the order, its buyer, payment attempts, refunds, payout and net; what can be refunded', async () => {
    const { company, buyer, order } = await paidCardOrder(t);
    const shown = await read(order.id);
    expect(shown.order).toMatchObject({
      _id: order.id,
      number: order.number,
      status: 'OrderPaid',
      seller: { _id: company.id },
      buyer: { email: buyer.email },
      paid: order.total,
      refunded: 0,
      refunds: [],
    });
    expect(shown.buyerId).toBe(buyer.id);
    expect(shown.payments).toEqual([
      expect.objectContaining({ kind: 'charge', status: 'succeeded', amount: order.total, provider: 'sandbox' }),
    ]);
    expect(shown.payout).toBeNull();
    // $100.00 + 15% premium + $5.00 rigging (the buyer's) + 8.25% tax; 10% commission on the $100.00 (decision 0078).
    expect(shown.net).toEqual({
      grossMinor: 12_990,
      taxMinor: 990,
      premiumMinor: 1_500,
      commissionMinor: 1_000,
      sellerFeesMinor: 0,
      refundedMinor: 0,
      netMinor: 9_500,
    });
    expect(shown).toMatchObject({ refundable: order.total, cancellable: false });
  });

  it('is staff only: 401 for a visitor, 403 for others, 404 for an unknown order, 400 for a bad id', async () => {
    const { buyer, order } = await paidCardOrder(t);
    expect((await get(t, orderPath(order.id))).statusCode).toBe(401);
    expect((await get(t, orderPath(order.id), buyer.cookie)).statusCode).toBe(403);
    expect((await get(t, orderPath('ord_nope'), staff.cookie)).statusCode).toBe(404);
    expect((await get(t, orderPath('x'.repeat(201)), staff.cookie)).statusCode).toBe(400);
  });
});

describe('the order search', () => {
  it('finds by order number (or its digits), part of the buyer e-mail and part of a lot name; newest first', async () => {
    const { buyer, lot, order } = await paidCardOrder(t);
    const again = await buy(t, buyer.id, lot.id);
    const ids = async (q: string) => {
      const res = await search(q);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.orders.map((o: { _id: string }) => o._id);
    };
    expect(await ids(order.number.toLowerCase())).toEqual([order.id]);
    expect(await ids(order.number.replace(/^LL-/, ''))).toEqual([order.id]);
    expect(await ids(buyer.email.slice(0, -4).toUpperCase())).toEqual([again.id, order.id]);
    expect(await ids(lot.name.slice(1, -1))).toEqual(expect.arrayContaining([again.id, order.id]));
    // Literal: a typed % is no wildcard.
    expect(await ids('%%')).toEqual([]);
    const [hit] = (await search(order.number)).json().data.orders;
    expect(hit).toMatchObject({ number: order.number, buyer: { _id: buyer.id, email: buyer.email }, lots: [lot.name] });
  });

  it('needs 2 to 200 characters (400 with the reason), and staff (401, 403)', async () => {
    const short = await search('a');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors[0].message).toBe('Type at least 2 characters.');
    expect((await search(undefined)).statusCode).toBe(400);
    expect((await search('x'.repeat(201))).statusCode).toBe(400);
    expect((await search('LL-1', '')).statusCode).toBe(401);
    const someone = await bidder(t, undefined);
    expect((await search('LL-1', someone.cookie)).statusCode).toBe(403);
  });
});

describe('staff cancel an unpaid order from its page', () => {
  it('with a reason, audited; refused to a staff member of the seller company with nothing changed', async () => {
    const company = await t.make.company();
    const lot = await buyNowLot(t, { companyId: company.id });
    const buyer = await bidder(t, undefined);
    const order = await buy(t, buyer.id, lot.id);
    expect((await read(order.id)).cancellable).toBe(true);
    expect((await cancel(order.id, { reason: '' })).statusCode).toBe(400);

    const insider = await staffMemberOf(company.id);
    const refused = await cancel(order.id, { reason: 'My own company.' }, insider.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].code).toBe('OWN_RECORD');
    expect((await read(order.id)).order.status).toBe('OrderPending');

    expect((await cancel(order.id, { reason: 'The buyer reported fraud.' })).statusCode).toBe(200);
    const shown = await read(order.id);
    expect(shown).toMatchObject({ cancellable: false, order: { status: 'OrderCancelled' } });
    expect(shown.order.history.at(-1)).toMatchObject({ event: 'cancelled', note: 'The buyer reported fraud.' });
    expect(await auditOf(order.id)).toEqual([
      {
        action: 'order.cancel',
        actorId: staff.id,
        after: { status: 'OrderCancelled', reason: 'The buyer reported fraud.' },
      },
    ]);
  });
});

describe('staff refund a paid order from its page', () => {
  it('in part then the rest, idempotent by key, audited, the page showing what is left', async () => {
    const { order } = await paidCardOrder(t);
    expect((await refund(order.id, { amount: 0, reason: 'No.' })).statusCode).toBe(400);
    expect((await refund(order.id, { amount: 12.5, reason: 'No.' })).statusCode).toBe(400);
    expect((await refund(order.id, { amount: 100, reason: ' ' })).statusCode).toBe(400);

    const part = { amount: 2_500, reason: 'A dented guard' };
    const first = await refund(order.id, part, staff.cookie, 'staff-refund-1');
    expect(first.statusCode, first.body).toBe(201);
    const again = await refund(order.id, part, staff.cookie, 'staff-refund-1');
    expect(again.statusCode).toBe(201);
    expect(again.json().data.refund._id).toBe(first.json().data.refund._id);
    // The same key with another body is refused, and nothing more is given back.
    expect((await refund(order.id, { ...part, amount: 3_000 }, staff.cookie, 'staff-refund-1')).statusCode).toBe(409);
    let shown = await read(order.id);
    expect(shown).toMatchObject({ refundable: order.total - 2_500, order: { refunded: 2_500 } });
    expect(shown.order.refunds).toHaveLength(1);

    const above = await refund(order.id, { amount: order.total - 2_500 + 1, reason: 'All' });
    expect(above.statusCode).toBe(409);
    expect(above.json().errors[0].field).toBe('amount');
    expect((await refund(order.id, { amount: order.total - 2_500, reason: 'Returned whole' })).statusCode).toBe(201);
    shown = await read(order.id);
    expect(shown).toMatchObject({ refundable: 0, order: { status: 'OrderPaid', refunded: order.total } });
    expect(shown.net).toMatchObject({ refundedMinor: order.total, netMinor: 0 });
    const audit = await auditOf(order.id);
    expect(audit.map((a) => [a.action, a.actorId, (a.after as { amount: number }).amount])).toEqual([
      ['order.refund', staff.id, 2_500],
      ['order.refund', staff.id, order.total - 2_500],
    ]);
  });

  it('is refused (403 OWN_RECORD) to staff who bought it or belong to its seller; a colleague then refunds', async () => {
    const { company, order } = await paidCardOrder(t);
    const insider = await staffMemberOf(company.id);
    const byInsider = await refund(order.id, { amount: 100, reason: 'Goodwill' }, insider.cookie);
    expect(byInsider.statusCode).toBe(403);
    expect(byInsider.json().errors[0].code).toBe('OWN_RECORD');

    const lot = await buyNowLot(t);
    const own = await buy(t, staff.id, lot.id);
    await t.db.update(orders).set({ status: 'OrderPaid' }).where(eq(orders.id, own.id));
    expect((await refund(own.id, { amount: 100, reason: 'Mine' })).json().errors[0].code).toBe('OWN_RECORD');
    expect(await refundState(t, order.id)).toMatchObject({ refunded: 0, refunds: [] });
    expect(await auditOf(order.id)).toEqual([]);

    expect((await refund(order.id, { amount: 100, reason: 'Goodwill' }, colleague.cookie)).statusCode).toBe(201);
  });

  it('after the payout: recorded as owed back by the seller, shown with the payout', async () => {
    const { order } = await paidCardOrder(t);
    await paidDaysAgo(t, order.id, 15);
    await t.db.transaction((tx) =>
      recordManualPayout(tx, { orderId: order.id, reference: 'BANK-REF-42', actorId: colleague.id }),
    );
    expect((await read(order.id)).payout).toMatchObject({ method: 'manual', reference: 'BANK-REF-42', owedBack: 0 });
    expect((await refund(order.id, { amount: 1_000, reason: 'Late claim' })).statusCode).toBe(201);
    expect((await read(order.id)).payout).toMatchObject({ status: 'paid', owedBack: 1_000 });
  });

  it('two refunds at once never give back more than was paid (one claims, the other is told what is left)', async () => {
    const { order } = await paidCardOrder(t);
    const most = Math.ceil(order.total * 0.6);
    const answers = await Promise.all([
      refund(order.id, { amount: most, reason: 'First desk' }, staff.cookie),
      refund(order.id, { amount: most, reason: 'Second desk' }, colleague.cookie),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const given = await t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(given.map((r) => r.amount)).toEqual([most]);
    expect((await read(order.id)).order.refunded).toBe(most);
  });
});
