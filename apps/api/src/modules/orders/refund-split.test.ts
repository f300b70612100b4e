import { randomUUID } from 'node:crypto';
import { orderPayments } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { ORIGIN, signUpUser } from '../identity/test-helpers';
import type { ProviderRefund, RefundRequest } from '../payments/provider';
import { SandboxPaymentProvider } from '../payments/sandbox/sandbox-provider';
import { handlePaymentEvent } from './payment/payment-events';
import { completeRefund, refundOrder } from './refund-order';
import { post } from './test-helpers';
import {
  creditNoteMails,
  mailDeps,
  paidAuctionOrder,
  paidCardOrder,
  paidWireOrder,
  refundDeps,
  refundState,
  sandboxRefunded,
  sellerRefunds,
  staffOf,
} from './test-refunds';

let t: TestApp;
let sandbox: SandboxPaymentProvider;
beforeAll(async () => {
  t = await createTestApp();
  sandbox = new SandboxPaymentProvider(t.db, ORIGIN);
});
afterAll(() => t.close());

const chargeOf = async (orderId: string) =>
  (await t.db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId)))[0]?.providerPaymentId as string;
const money = (minor: number) => `$${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
/** The provider gives back part of a payment outside Lotline (its dashboard), leaving `left` of it. */
const refundedElsewhere = (providerPaymentId: string, amount: number) =>
  sandbox.refund({ providerPaymentId, amount, currency: 'USD', reference: `dashboard-${randomUUID()}` });

describe('a refund split over the order’s payments (decision 0062)', () => {
  it('draws on the card charge first, then the captured deposit; each given back at the provider', async () => {
    const { seller, order, charge, deposit } = await paidAuctionOrder(t, 300_000);
    const charged = order.total - 50_000;
    const res = await post(t, sellerRefunds(order.id), seller.cookie, { amount: charged + 10_000, reason: 'Damaged' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.order).toMatchObject({ status: 'OrderPaid', paid: order.total, refunded: charged + 10_000 });
    const stored = await refundState(t, order.id);
    expect(stored.parts.map((p) => [p.amount, p.status])).toEqual(
      expect.arrayContaining([
        [charged, 'succeeded'],
        [10_000, 'succeeded'],
      ]),
    );
    expect((await sandboxRefunded(t, [charge, deposit])).holds).toEqual({ [charge]: charged, [deposit]: 10_000 });

    // What is left comes from the deposit alone.
    const rest = await post(t, sellerRefunds(order.id), seller.cookie, { amount: 40_000, reason: 'Damaged' });
    expect(rest.json().data.order.refunded).toBe(order.total);
    expect((await sandboxRefunded(t, [charge, deposit])).holds).toEqual({ [charge]: charged, [deposit]: 50_000 });
  });

  it('a part the provider refuses: the refund keeps what was given back, and says what was not', async () => {
    const { seller, winner, order, charge, deposit } = await paidAuctionOrder(t, 300_000);
    const charged = order.total - 50_000;
    await refundedElsewhere(deposit, 50_000);
    const res = await post(t, sellerRefunds(order.id), seller.cookie, { amount: charged + 20_000, reason: 'Late' });
    expect(res.statusCode).toBe(201);
    const { refund, message } = res.json().data;
    const why = `${money(20_000)} of ${money(charged + 20_000)} was not refunded. At most $0.00 of this payment can be refunded.`;
    expect(refund).toMatchObject({ status: 'succeeded', amount: charged, failureMessage: why });
    expect(message).toBe(why);
    const stored = await refundState(t, order.id);
    expect(stored.refunded).toBe(charged);
    expect(stored.history.map((h) => h.event).slice(-2)).toEqual(['refunded', 'refund-failed']);
    expect((await creditNoteMails(t, winner.email)).map((m) => m.subject)).toEqual([
      `Refund for order ${order.number}: credit note ${refund.number}`,
    ]);
    expect((await sandboxRefunded(t, [charge])).holds[charge]).toBe(charged);
  });

  it('a refund the provider refuses entirely: 409 REFUND_FAILED, recorded failed, nothing counted', async () => {
    const { seller, buyer, order } = await paidCardOrder(t);
    await refundedElsewhere(await chargeOf(order.id), order.total);
    const res = await post(t, sellerRefunds(order.id), seller.cookie, { amount: 1_000, reason: 'Goodwill' });
    expect(res.statusCode).toBe(409);
    const stored = await refundState(t, order.id);
    expect(stored.refunds).toEqual([
      expect.objectContaining({
        status: 'failed',
        amount: 1_000,
        failureMessage: 'At most $0.00 of this payment can be refunded.',
      }),
    ]);
    expect(res.json().errors[0]).toEqual({
      code: 'REFUND_FAILED',
      message: `${stored.refunds[0]?.number} was not refunded: At most $0.00 of this payment can be refunded.`,
    });
    expect(stored).toMatchObject({ status: 'OrderPaid', refunded: 0 });
    expect(stored.history.at(-1)?.event).toBe('refund-failed');
    expect(await creditNoteMails(t, buyer.email)).toEqual([]);
    // A failed refund holds nothing back: the whole amount can still be asked for.
    const again = await post(t, sellerRefunds(order.id), seller.cookie, { amount: order.total + 1, reason: 'x' });
    expect(again.json().errors[0].message).toBe(`At most ${money(order.total)} can be refunded.`);
  });

  it('a wire is given back by bank transfer: recorded at once, and the seller is told to send it', async () => {
    const staff = await staffOf(t, await signUpUser(t));
    const { seller, buyer, order } = await paidWireOrder(t, staff.id);
    const res = await post(t, sellerRefunds(order.id), seller.cookie, { amount: 3_000, reason: 'Overcharged' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.message).toBe(
      `Send ${money(3_000)} back to the buyer by bank transfer: it was paid by wire, and is recorded as refunded.`,
    );
    const stored = await refundState(t, order.id);
    expect(stored.parts).toEqual([expect.objectContaining({ status: 'succeeded', providerRefundId: null })]);
    expect(stored.history.at(-1)?.note).toContain(`(${money(3_000)} to be returned to the buyer by bank transfer)`);
    const [mail] = await creditNoteMails(t, buyer.email);
    expect(mail?.text).toContain('It comes back by bank transfer, as you paid it.');
  });
});

/** A provider whose refunds stay `pending` (Stripe decides them later, by a `refund.updated` event). */
class PendingRefunds extends SandboxPaymentProvider {
  override async refund(request: RefundRequest): Promise<ProviderRefund> {
    return { id: `re_${request.reference}`, status: 'pending', amount: request.amount };
  }
}

/** A provider that cannot be reached once, then answers as the sandbox does. */
class OutageOnce extends SandboxPaymentProvider {
  private down = true;
  override async refund(request: RefundRequest): Promise<ProviderRefund> {
    if (this.down) {
      this.down = false;
      throw new Error('connect ETIMEDOUT');
    }
    return super.refund(request);
  }
}

describe('a refund the provider has not decided', () => {
  it('pending: processing until the provider’s refund.updated event, which decides it once', async () => {
    const { seller, buyer, order } = await paidCardOrder(t);
    const deps = refundDeps(t, new PendingRefunds(t.db, ORIGIN));
    const outcome = await refundOrder(deps, order.id, { amount: 2_000, reason: 'Late', actorUserId: seller.id });
    expect(outcome).toMatchObject({ status: 'processing' });
    const [part] = (await refundState(t, order.id)).parts;
    expect(part).toMatchObject({ status: 'processing', providerRefundId: `re_${part?.id}` });
    const event = (status: string) => ({
      id: `evt_${randomUUID()}`,
      type: 'refund.updated',
      data: { object: { id: `re_${part?.id}`, status, metadata: { reference: part?.id as string } } },
    });
    const sink = { db: t.db, mail: mailDeps(t) };
    expect(await handlePaymentEvent(sink, 'stripe', event('pending'))).toBe('recorded');
    expect((await refundState(t, order.id)).refunds[0]?.status).toBe('processing');
    expect(await handlePaymentEvent(sink, 'stripe', event('succeeded'))).toBe('recorded');
    expect(await handlePaymentEvent(sink, 'stripe', event('failed'))).toBe('ignored');
    const stored = await refundState(t, order.id);
    expect(stored).toMatchObject({ refunded: 2_000, refunds: [{ status: 'succeeded' }] });
    expect(await creditNoteMails(t, buyer.email)).toHaveLength(1);
  });

  it('an outage leaves the part out; running the refund again gives it back once', async () => {
    const { seller, order } = await paidCardOrder(t);
    const deps = refundDeps(t, new OutageOnce(t.db, ORIGIN));
    await expect(
      refundOrder(deps, order.id, { amount: 2_000, reason: 'Late', actorUserId: seller.id }),
    ).rejects.toThrow('ETIMEDOUT');
    const [refund] = (await refundState(t, order.id)).refunds;
    expect(refund?.status).toBe('processing');
    expect(await completeRefund(deps, refund?.id as string)).toMatchObject({ status: 'succeeded' });
    expect(await completeRefund(deps, refund?.id as string)).toMatchObject({ status: 'succeeded' });
    const stored = await refundState(t, order.id);
    expect(stored.refunded).toBe(2_000);
    expect(stored.history.filter((h) => h.event === 'refunded')).toHaveLength(1);
    const charge = await chargeOf(order.id);
    expect(await sandboxRefunded(t, [charge])).toEqual({ holds: { [charge]: 2_000 }, count: 1 });
  });
});
