import { idempotencyKeys, orders, payouts } from '@lotline/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signUpUser } from '../identity/test-helpers';
import { sellerOf } from '../messaging/test-helpers';
import { refundOrder } from '../orders/refund-order';
import { get, post } from '../orders/test-helpers';
import { paidCardOrder, refundDeps, staffOf } from '../orders/test-refunds';
import { netPayoutForOrder } from '../seller-results/net-payout';
import { completeTransfer, releasePayouts, transferPayout } from './release-payouts';
import { connect, duePaidOrder, fakeTransfers, paidDaysAgo, payoutState, STAFF_PAYOUTS } from './test-payouts';

/** Payouts (decision 0079): the release rule, the manual record, the Stripe transfers, the staff money reads. */

let t: TestApp;
let staff: { id: string; cookie: string; email: string };
beforeAll(async () => {
  t = await createTestApp();
  staff = await staffOf(t, await signUpUser(t));
});
afterAll(() => t.close());

const record = (orderId: string, reference: unknown, key?: string, cookie = staff.cookie) =>
  post(t, STAFF_PAYOUTS, cookie, { orderId, reference }, key);

describe('staff record a manual payout', () => {
  it("of a paid order past its refund window: the order's net, once, with its reference and an audit entry", async () => {
    const { order, company } = await duePaidOrder(t);
    const net = await netPayoutForOrder(t.db, order.id);
    expect(net?.netMinor).toBeGreaterThan(0);
    const res = await record(order.id, 'BANK-REF 2026/12/02-001', 'k-manual-1');
    expect(res.statusCode).toBe(201);
    const { payout } = res.json().data;
    expect(payout).toMatchObject({
      orderId: order.id,
      orderNumber: order.number,
      companyId: company.id,
      amount: net?.netMinor,
      currency: 'USD',
      method: 'manual',
      status: 'paid',
      reference: 'BANK-REF 2026/12/02-001',
      createdBy: { _id: staff.id },
      owedBack: 0,
    });
    // The same key answers the same payout; another request for the order is refused: never twice.
    const retry = await record(order.id, 'BANK-REF 2026/12/02-001', 'k-manual-1');
    expect(retry.statusCode).toBe(201);
    expect(retry.json().data.payout._id).toBe(payout._id);
    const second = await record(order.id, 'BANK-REF 2026/12/02-002');
    expect(second.statusCode).toBe(409);
    expect(second.json().errors[0]).toMatchObject({
      code: 'CONFLICT',
      message: 'This order has already been paid out.',
    });
    const state = await payoutState(t, order.id);
    expect(state.payouts).toHaveLength(1);
    expect(state.payouts[0]).toMatchObject({
      amount: net?.netMinor,
      grossAmount: net?.grossMinor,
      commissionAmount: net?.commissionMinor,
      premiumAmount: net?.premiumMinor,
      createdByUserId: staff.id,
      paidAt: expect.any(Date),
    });
    expect(state.audit).toEqual([
      expect.objectContaining({
        action: 'payout.record',
        actorId: staff.id,
        after: expect.objectContaining({ payoutId: payout._id, amount: net?.netMinor, method: 'manual' }),
      }),
    ]);
  });

  it('refuses an order not paid, inside its refund window, or fully refunded (409, the reason), recording nothing', async () => {
    const { order } = await paidCardOrder(t);
    const inside = await record(order.id, 'REF-0001');
    expect(inside.statusCode).toBe(409);
    expect(inside.json().errors[0].message).toBe('The refund window (14 days after payment) has not passed yet.');
    await paidDaysAgo(t, order.id, 13);
    expect((await record(order.id, 'REF-0001')).statusCode).toBe(409);

    const refunded = await paidCardOrder(t);
    await refundOrder(refundDeps(t), refunded.order.id, {
      amount: refunded.order.total,
      reason: 'Returned',
      actorUserId: refunded.seller.id,
    });
    await paidDaysAgo(t, refunded.order.id, 30);
    const full = await record(refunded.order.id, 'REF-0002');
    expect(full.statusCode).toBe(409);
    expect(full.json().errors[0].message).toBe('This order was fully refunded: nothing is owed.');

    const unpaid = await paidCardOrder(t);
    await t.db.update(orders).set({ status: 'OrderPending', paidAt: null }).where(eq(orders.id, unpaid.order.id));
    const pending = await record(unpaid.order.id, 'REF-0003');
    expect(pending.statusCode).toBe(409);
    expect(pending.json().errors[0].message).toBe('Only a paid order can be paid out.');

    const missing = await record('ord_nope', 'REF-0004');
    expect(missing.statusCode).toBe(404);
    for (const id of [order.id, refunded.order.id, unpaid.order.id]) {
      expect((await payoutState(t, id)).payouts).toEqual([]);
    }
  });

  it('refuses bad input with 400 and a clear message, changing nothing', async () => {
    const { order } = await duePaidOrder(t);
    const cases: [unknown, string][] = [
      [{ orderId: order.id }, 'Give the bank transfer reference.'],
      [{ orderId: order.id, reference: '  ' }, 'The bank transfer reference has at least 3 characters.'],
      [{ orderId: order.id, reference: 'x'.repeat(101) }, 'Keep the bank transfer reference to 100 characters.'],
      [
        { orderId: order.id, reference: 'REF<script>' },
        'The reference has letters, digits, spaces and . / : # _ - only.',
      ],
      [{ orderId: order.id, reference: 'REF-1', amount: 1 }, ''],
      [{ reference: 'REF-1' }, ''],
    ];
    for (const [body, message] of cases) {
      const res = await post(t, STAFF_PAYOUTS, staff.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[0].code).toBe('VALIDATION_FAILED');
      if (message) expect(res.json().errors.map((e: { message: string }) => e.message)).toContain(message);
    }
    expect((await payoutState(t, order.id)).payouts).toEqual([]);
  });

  it('is staff only (visitor 401, others 403) and never for a company the staff member belongs to (403 OWN_RECORD)', async () => {
    const { order, seller, company } = await duePaidOrder(t);
    const visitor = await t.app.inject({ method: 'GET', url: STAFF_PAYOUTS });
    expect(visitor.statusCode).toBe(401);
    for (const url of [STAFF_PAYOUTS, '/marketplace-api/staff/refunds', '/marketplace-api/staff/revenue']) {
      expect((await get(t, url)).statusCode).toBe(401);
      expect((await get(t, url, seller.cookie)).statusCode).toBe(403);
    }
    expect((await record(order.id, 'REF-9000', undefined, seller.cookie)).statusCode).toBe(403);
    const insider = await staffOf(t, await sellerOf(t, company.id, 'Staff Insider'));
    const own = await record(order.id, 'REF-9001', undefined, insider.cookie);
    expect(own.statusCode).toBe(403);
    expect(own.json().errors[0].code).toBe('OWN_RECORD');
    expect((await payoutState(t, order.id)).payouts).toEqual([]);
    const keys = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, seller.id));
    expect(keys).toEqual([]);
  });
});

describe('the release job pays through Stripe Connect', () => {
  it('due orders of companies with a Stripe account, once each; the others wait for staff', async () => {
    const connected = await duePaidOrder(t);
    await connect(t, connected.company.id);
    const manual = await duePaidOrder(t);
    const early = await paidCardOrder(t);
    await connect(t, early.company.id, 'acct_1Early');
    const stripe = fakeTransfers();
    const deps = { db: t.db, provider: stripe.provider };
    expect(await releasePayouts(deps)).toBeGreaterThanOrEqual(1);
    expect(await releasePayouts(deps)).toBe(0);
    const net = await netPayoutForOrder(t.db, connected.order.id);
    const [paid] = (await payoutState(t, connected.order.id)).payouts;
    expect(paid).toMatchObject({
      method: 'stripe',
      status: 'paid',
      amount: net?.netMinor,
      destination: 'acct_1TestSeller',
    });
    expect(paid?.reference).toMatch(/^tr_\d+$/);
    const calls = stripe.create.mock.calls.filter(([params]) => params.transfer_group === connected.order.number);
    expect(calls).toEqual([
      [expect.objectContaining({ amount: net?.netMinor, currency: 'usd' }), { idempotencyKey: `payout-${paid?.id}` }],
    ]);
    expect((await payoutState(t, manual.order.id)).payouts).toEqual([]);
    expect((await payoutState(t, early.order.id)).payouts).toEqual([]);
    // Without Stripe nothing is transferred at all.
    expect(await releasePayouts({ db: t.db, provider: null })).toBe(0);
  });

  it("records Stripe's refusal as a failed payout (nothing moved), and the order is due again", async () => {
    const { order, company } = await duePaidOrder(t);
    await connect(t, company.id, 'acct_1Refuses');
    const stripe = fakeTransfers();
    const { payoutRefused } = await import('./payout-provider');
    stripe.create.mockRejectedValueOnce(payoutRefused('No such destination: acct_1Refuses'));
    const outcome = await transferPayout({ db: t.db, provider: stripe.provider }, order.id, staff.id);
    expect(outcome).toMatchObject({
      status: 'failed',
      message: 'The transfer was refused: No such destination: acct_1Refuses',
    });
    const again = await transferPayout({ db: t.db, provider: stripe.provider }, order.id, staff.id);
    expect(again.status).toBe('paid');
    const state = await payoutState(t, order.id);
    expect(state.payouts.map((p) => p.status)).toEqual(['failed', 'paid']);
    expect(state.audit.map((a) => a.action)).toEqual(['payout.transfer', 'payout.transfer']);
    // A decided payout is not asked again.
    expect(await completeTransfer({ db: t.db, provider: stripe.provider }, again.payoutId)).toMatchObject({
      status: 'paid',
    });
    expect(stripe.create).toHaveBeenCalledTimes(2);
  });

  it('leaves a transfer Stripe did not answer processing, and asks again later with the same key', async () => {
    const { order, company } = await duePaidOrder(t);
    await connect(t, company.id, 'acct_1Outage');
    const stripe = fakeTransfers();
    const deps = { db: t.db, provider: stripe.provider };
    stripe.create.mockRejectedValueOnce(new Error('socket hang up'));
    await releasePayouts(deps);
    const [stuck] = (await payoutState(t, order.id)).payouts;
    expect(stuck).toMatchObject({ status: 'processing', method: 'stripe' });
    // Not yet: a claim younger than 10 minutes may still be answered.
    await releasePayouts(deps);
    expect((await payoutState(t, order.id)).payouts[0]?.status).toBe('processing');
    // Test data: the claim is 11 minutes old.
    await t.db
      .update(payouts)
      .set({ updatedAt: sql`now() - interval '11 minutes'` })
      .where(eq(payouts.id, stuck?.id as string));
    await releasePayouts(deps);
    const state = await payoutState(t, order.id);
    expect(state.payouts).toHaveLength(1);
    expect(state.payouts[0]).toMatchObject({ id: stuck?.id, status: 'paid', reference: expect.stringMatching(/^tr_/) });
    const keys = stripe.create.mock.calls
      .filter(([params]) => params.transfer_group === order.number)
      .map(([, options]) => options.idempotencyKey);
    expect(keys).toEqual([`payout-${stuck?.id}`, `payout-${stuck?.id}`]);
  });
});

describe('the staff money reads', () => {
  it('list the payouts due and made, the refunds with their orders, and the revenue per month', async () => {
    const { order, seller } = await duePaidOrder(t);
    const dueList = (await get(t, STAFF_PAYOUTS, staff.cookie)).json().data;
    expect(dueList.refundWindowDays).toBe(14);
    const net = await netPayoutForOrder(t.db, order.id);
    expect(dueList.due).toContainEqual(
      expect.objectContaining({ orderId: order.id, amount: net?.netMinor, method: 'manual' }),
    );
    const before = (await get(t, '/marketplace-api/staff/revenue', staff.cookie)).json().data.months;
    expect((await record(order.id, 'REF-READS-1')).statusCode).toBe(201);
    await refundOrder(refundDeps(t), order.id, { amount: 1_000, reason: 'Late pickup', actorUserId: seller.id });
    const after = (await get(t, STAFF_PAYOUTS, staff.cookie)).json().data;
    expect(after.due.map((d: { orderId: string }) => d.orderId)).not.toContain(order.id);
    expect(after.made[0]).toMatchObject({ orderId: order.id, reference: 'REF-READS-1', owedBack: 1_000 });

    const refunds = (await get(t, '/marketplace-api/staff/refunds', staff.cookie)).json().data.refunds;
    expect(refunds[0]).toMatchObject({
      orderId: order.id,
      orderNumber: order.number,
      amount: 1_000,
      status: 'succeeded',
      reason: 'Late pickup',
      by: { _id: seller.id, email: seller.email },
    });

    const months = (await get(t, '/marketplace-api/staff/revenue', staff.cookie)).json().data.months;
    const month = new Date().toISOString().slice(0, 7);
    const was = before.find((m: { month: string; currency: string }) => m.month === month && m.currency === 'USD');
    const now = months.find((m: { month: string; currency: string }) => m.month === month && m.currency === 'USD');
    expect(now.payouts).toBe((was?.payouts ?? 0) + 1);
    const gained = (key: string) => now[key] - (was?.[key] ?? 0);
    expect(gained('commissionMinor')).toBe(net?.commissionMinor);
    expect(gained('premiumMinor')).toBe(net?.premiumMinor);
    expect(gained('revenueMinor')).toBe((net?.commissionMinor ?? 0) + (net?.premiumMinor ?? 0));
    expect(gained('paidOutMinor')).toBe(net?.netMinor);
  });

  it("show a company's payouts to its members only", async () => {
    const { order, seller, company } = await duePaidOrder(t);
    expect((await record(order.id, 'REF-SELLER-1')).statusCode).toBe(201);
    const url = `/marketplace-api/seller/companies/${company.id}/payouts`;
    const mine = await get(t, url, seller.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.payouts).toEqual([expect.objectContaining({ orderId: order.id, status: 'paid' })]);
    const other = await paidCardOrder(t);
    expect((await get(t, url, other.seller.cookie)).statusCode).toBe(403);
    expect((await get(t, url, other.buyer.cookie)).statusCode).toBe(403);
    expect((await get(t, url)).statusCode).toBe(401);
    const [row] = await t.db.select().from(payouts).where(eq(payouts.orderId, order.id));
    expect(row?.companyId).toBe(company.id);
  });
});
