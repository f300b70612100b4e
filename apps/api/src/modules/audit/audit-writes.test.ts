import { FEATURE_FLAGS } from '@lotline/contracts';
import { registrations } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { uniqueId } from '../../test/factories';
import { send } from '../account/test-helpers';
import { sellerOf } from '../messaging/test-helpers';
import { createOrderFor } from '../orders/payment/test-orders';
import { buy, buyNowLot, post } from '../orders/test-helpers';
import { paidCardOrder } from '../orders/test-refunds';
import { auction, bidder, register } from '../registrations/test-helpers';
import { signUpStaff, uploadFile } from '../tax-exemptions/test-helpers';
import { auditEntries } from './test-helpers';

/**
 * Each staff write that existed before the audit log leaves one entry, in its own transaction (decision 0073), and
 * so do the seller's writes that affect a buyer: a registration decided, an order cancelled, rejected or refunded
 * (decision 0088).
 */
let t: TestApp;
let staff: { id: string; cookie: string; email: string };
beforeAll(async () => {
  t = await createTestApp();
  staff = await signUpStaff(t);
});
afterAll(() => t.close());

const as = (who: { cookie: string }) => ({ cookie: who.cookie });
const logOf = (targetType: string, targetId: string) => auditEntries(t, staff.cookie, { targetType, targetId });
const shape = (entries: Awaited<ReturnType<typeof logOf>>) =>
  entries.map(({ actor, action, before, after }) => ({ actor: actor.id, action, before, after }));

describe('staff writes in the audit log', () => {
  it('a tax exemption approved, then revoked', async () => {
    const user = await bidder(t, undefined, null);
    const fileKey = await uploadFile(t, user.cookie);
    const BASE = '/ars/api/v2/identity/tax-exemptions';
    const submitted = await send(t, 'POST', `${BASE}/user`, { fileKey, region: 'TX' }, as(user));
    const id = submitted.json().data.taxExemption._id as string;
    expect((await send(t, 'POST', `${BASE}/${id}/approve`, { expiresOn: '2099-06-30' }, as(staff))).statusCode).toBe(
      400,
    );
    expect((await send(t, 'POST', `${BASE}/${id}/approve`, {}, as(staff))).statusCode).toBe(200);
    expect((await send(t, 'POST', `${BASE}/${id}/revoke`, { note: 'Forged' }, as(staff))).statusCode).toBe(200);
    // The refused approval (an expiry too far off) left nothing.
    const entries = await logOf('tax-exemption', id);
    expect(entries).toHaveLength(2);
    const [revoked, approved] = entries;
    expect(approved).toMatchObject({
      actor: { id: staff.id },
      action: 'tax-exemption.approve',
      before: { status: 'in-review', expiresAt: null },
      after: { status: 'active', expiresAt: expect.any(String), reviewNote: null },
    });
    expect(revoked).toMatchObject({
      action: 'tax-exemption.revoke',
      before: { status: 'active' },
      after: { status: 'revoked', reviewNote: 'Forged' },
    });
  });

  it('a wire marked received', async () => {
    const buyer = await bidder(t, undefined);
    const order = await createOrderFor(t, buyer.id);
    await send(t, 'POST', `/marketplace-api/users/${buyer.id}/orders/${order.id}/wire`, undefined, as(buyer));
    const received = await send(
      t,
      'POST',
      `/marketplace-api/staff/orders/${order.id}/wire-received`,
      undefined,
      as(staff),
    );
    expect(received.statusCode).toBe(200);
    expect(shape(await logOf('order', order.id))).toEqual([
      {
        actor: staff.id,
        action: 'order.wire-received',
        before: { status: 'OrderPending', amountDue: 25_000, currency: 'USD' },
        after: { status: 'OrderPaid', amountReceived: 25_000 },
      },
    ]);
  });

  it('a feature flag switched (the stored value before and after)', async () => {
    const flag = FEATURE_FLAGS[0];
    const path = `/marketplace/api/feature-flags/${flag}`;
    expect((await send(t, 'PUT', path, { enabled: true }, as(staff))).statusCode).toBe(200);
    expect((await send(t, 'PUT', path, { enabled: false }, as(staff))).statusCode).toBe(200);
    expect(shape(await logOf('feature-flag', flag))).toEqual([
      { actor: staff.id, action: 'feature-flag.switch', before: { enabled: true }, after: { enabled: false } },
      { actor: staff.id, action: 'feature-flag.switch', before: null, after: { enabled: true } },
    ]);
  });

  it('an unpaid order cancelled by staff, and one by its seller', async () => {
    const company = await t.make.company();
    const seller = await sellerOf(t, company.id);
    const buyer = await bidder(t, undefined);
    const [mine, theirs] = [
      await buyNowLot(t, { companyId: company.id }),
      await buyNowLot(t, { companyId: company.id }),
    ];
    const [a, b] = [await buy(t, buyer.id, mine.id), await buy(t, buyer.id, theirs.id)];
    const cancel = (side: string, who: { cookie: string }, id: string) =>
      post(t, `/marketplace-api/${side}/orders/${id}/cancel`, who.cookie, { reason: 'Lot withdrawn' }, uniqueId('k'));
    expect((await cancel('staff', staff, a.id)).statusCode).toBe(200);
    expect((await cancel('seller', seller, b.id)).statusCode).toBe(200);
    expect(shape(await logOf('order', a.id))).toEqual([
      {
        actor: staff.id,
        action: 'order.cancel',
        before: { status: 'OrderPending' },
        after: { status: 'OrderCancelled', reason: 'Lot withdrawn' },
      },
    ]);
    expect(shape(await logOf('order', b.id))).toEqual([
      {
        actor: seller.id,
        action: 'order.cancel',
        before: { status: 'OrderPending' },
        after: { status: 'OrderCancelled', reason: 'Lot withdrawn' },
      },
    ]);
  });

  it('a buy-now order rejected by its seller', async () => {
    const company = await t.make.company();
    const seller = await sellerOf(t, company.id);
    const buyer = await bidder(t, undefined);
    const order = await buy(t, buyer.id, (await buyNowLot(t, { companyId: company.id })).id, { approval: 'awaiting' });
    const reject = (reason: string) =>
      post(t, `/marketplace-api/seller/orders/${order.id}/reject`, seller.cookie, { reason }, uniqueId('k'));
    expect((await reject('Sold elsewhere')).statusCode).toBe(200);
    // The refused second rejection left nothing.
    expect((await reject('Again')).statusCode).toBe(409);
    expect(shape(await logOf('order', order.id))).toEqual([
      {
        actor: seller.id,
        action: 'order.reject',
        before: { status: 'OrderPending' },
        after: { status: 'OrderCancelled', reason: 'Sold elsewhere' },
      },
    ]);
  });

  it('a refund by the seller, then one by staff', async () => {
    const { seller, order } = await paidCardOrder(t);
    const refund = (side: string, who: { cookie: string }, amount: number) =>
      post(
        t,
        `/marketplace-api/${side}/orders/${order.id}/refunds`,
        who.cookie,
        { amount, reason: 'Damaged' },
        uniqueId('k'),
      );
    const bySeller = await refund('seller', seller, 100);
    expect(bySeller.statusCode).toBe(201);
    const res = await refund('staff', staff, 700);
    expect(res.statusCode).toBe(201);
    expect(shape(await logOf('order', order.id))).toEqual([
      {
        actor: staff.id,
        action: 'order.refund',
        before: null,
        after: { refundId: res.json().data.refund._id, amount: 700, reason: 'Damaged' },
      },
      {
        actor: seller.id,
        action: 'order.refund',
        before: null,
        after: { refundId: bySeller.json().data.refund._id, amount: 100, reason: 'Damaged' },
      },
    ]);
  });

  it('a registration decided by staff, and one by the seller', async () => {
    const { event } = await auction(t, { registrationApprovalRequired: true });
    const seller = await sellerOf(t, event.companyId);
    const [one, two] = [await bidder(t, event.id), await bidder(t, event.id)];
    for (const b of [one, two]) expect((await register(t, b, event.id)).statusCode).toBe(201);
    const idOf = async (userId: string) =>
      (await t.db.select().from(registrations).where(eq(registrations.userId, userId)))[0]?.id ?? '';
    const [first, second] = [await idOf(one.id), await idOf(two.id)];
    const byStaff = `/marketplace-api/staff/registrations/${first}/decision`;
    const bySeller = `/marketplace-api/seller/events/${event.id}/registrations/${second}/decision`;
    expect((await send(t, 'POST', byStaff, { decision: 'decline' }, as(staff))).statusCode).toBe(200);
    expect((await send(t, 'POST', bySeller, { decision: 'approve' }, as(seller))).statusCode).toBe(200);
    expect(shape(await logOf('registration', first))).toEqual([
      { actor: staff.id, action: 'registration.decline', before: { status: 'pending' }, after: { status: 'declined' } },
    ]);
    expect(shape(await logOf('registration', second))).toEqual([
      {
        actor: seller.id,
        action: 'registration.approve',
        before: { status: 'pending' },
        after: { status: 'approved', bidLimit: null },
      },
    ]);
  });

  it("a currency's wire account set, replaced and removed", async () => {
    const URL = '/marketplace-api/staff/wire-accounts/CAD';
    const account = { beneficiary: 'Lotline', bankName: 'Maple Bank', accountNumber: '123', bankCode: 'TRN 1' };
    expect((await send(t, 'PUT', URL, account, as(staff))).statusCode).toBe(200);
    expect((await send(t, 'PUT', URL, { ...account, bankName: 'Birch Bank' }, as(staff))).statusCode).toBe(200);
    expect((await send(t, 'DELETE', URL, undefined, as(staff))).statusCode).toBe(200);
    const entries = await logOf('wire-account', 'CAD');
    expect(entries).toHaveLength(3);
    const [removed, replaced, set] = entries;
    expect([removed?.action, removed?.before, removed?.after]).toEqual([
      'wire-account.remove',
      { currency: 'CAD', ...account, bankName: 'Birch Bank', referenceNote: '' },
      null,
    ]);
    expect([replaced?.action, replaced?.before, replaced?.after]).toEqual([
      'wire-account.set',
      { currency: 'CAD', ...account, referenceNote: '' },
      { currency: 'CAD', ...account, bankName: 'Birch Bank', referenceNote: '' },
    ]);
    // The test deployment's own CAD account was there before.
    expect([set?.actor.id, set?.before]).toEqual([staff.id, expect.objectContaining({ currency: 'CAD' })]);
  });
});
