import { Writable } from 'node:stream';
import { paymentMethods, sandboxHolds, sandboxRefunds } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../lib/logger';
import { createTestApp, type TestApp } from '../../../test/app';
import { VISA } from '../../payments/test-helpers';
import { bidder } from '../../registrations/test-helpers';
import { signUpStaff } from '../../tax-exemptions/test-helpers';
import { lateRefundReference } from './late-success';
import {
  type Attempt,
  alertsOf,
  attemptRow,
  deliver,
  historyOf,
  intentEvent,
  orderRow,
  processingOrder,
  SECRET,
} from './test-webhooks';

/**
 * Issue 26: an event binds to its attempt only when the provider's payment id, the amount and the currency all
 * match; otherwise (or for no attempt at all) nothing changes, the error is logged and staff get an alert, and
 * Stripe is answered 200. A success for an attempt already failed is refunded, never applied to the order.
 */

const logLines: string[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    logLines.push(String(chunk));
    done();
  },
});
const errorsAbout = (eventId: string) =>
  logLines.map((l) => JSON.parse(l)).filter((l) => l.level === 50 && l.eventId === eventId);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { stripeWebhookSecret: SECRET }, logger: createLogger('info', sink) });
});
afterAll(() => t.close());

/** What the order, its history and the attempt are: unchanged by a refused event. */
const stateOf = async (orderId: string, attemptId: string) => ({
  order: await orderRow(t, orderId),
  history: await historyOf(t, orderId),
  attempt: await attemptRow(t, attemptId),
});

describe('an event that does not bind to its attempt changes nothing', () => {
  const cases: [string, (a: Attempt) => Parameters<typeof intentEvent>[3], string, unknown][] = [
    [
      'amount',
      (a) => ({ amount: a.amount - 1 }),
      'amount',
      (a: Attempt) => ({ expected: a.amount, got: a.amount - 1 }),
    ],
    ['currency', () => ({ currency: 'EUR' }), 'currency', (a: Attempt) => ({ expected: a.currency, got: 'EUR' })],
    [
      'payment id',
      () => ({ paymentId: 'pi_someone_else' }),
      'providerPaymentId',
      (a: Attempt) => ({ expected: a.providerPaymentId, got: 'pi_someone_else' }),
    ],
  ];
  for (const [what, over, field, difference] of cases) {
    it(`a mismatched ${what}: 200 flagged, an alert and an error log; the replay changes nothing twice`, async () => {
      const buyer = await bidder(t, undefined, VISA);
      const { order, payment } = await processingOrder(t, buyer);
      const before = await stateOf(order.id, payment.id);
      const eventId = `evt_mismatch_${field}`;
      const event = intentEvent(eventId, 'payment_intent.succeeded', payment, over(payment));
      const res = await deliver(t, event);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true, outcome: 'flagged' });
      expect(await stateOf(order.id, payment.id)).toEqual(before);
      const expected = (difference as (a: Attempt) => unknown)(payment);
      expect(await alertsOf(t, eventId)).toEqual([
        expect.objectContaining({
          kind: 'mismatch',
          attemptId: payment.id,
          resolvedAt: null,
          details: expect.objectContaining({ differences: { [field]: expected } }),
        }),
      ]);
      expect(errorsAbout(eventId)).toEqual([
        expect.objectContaining({ attemptId: payment.id, differences: { [field]: expected } }),
      ]);
      expect((await deliver(t, event)).json()).toEqual({ received: true, outcome: 'duplicate' });
      expect(await alertsOf(t, eventId)).toHaveLength(1);
      expect(errorsAbout(eventId)).toHaveLength(1);
      expect(await stateOf(order.id, payment.id)).toEqual(before);
    });
  }

  it('an orphan (no attempt of ours): 200 flagged, an alert without attempt, an error log', async () => {
    const ghost = { id: 'opay_unknown', providerPaymentId: 'pi_ghost', amount: 12_300, currency: 'USD' };
    const res = await deliver(t, intentEvent('evt_orphan', 'payment_intent.succeeded', ghost));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'flagged' });
    expect(await alertsOf(t, 'evt_orphan')).toEqual([
      expect.objectContaining({
        kind: 'orphan',
        attemptId: null,
        details: expect.objectContaining({ reference: 'opay_unknown', providerPaymentId: 'pi_ghost', amount: 12_300 }),
      }),
    ]);
    expect(errorsAbout('evt_orphan')).toHaveLength(1);
  });
});

describe('a success for an attempt already recorded failed', () => {
  /** An attempt the webhook recorded failed (the order back to no payment kind). */
  async function failedAttempt() {
    const buyer = await bidder(t, undefined, VISA);
    const { order, payment } = await processingOrder(t, buyer);
    await deliver(t, intentEvent(`evt_f_${payment.id}`, 'payment_intent.payment_failed', payment));
    expect(await orderRow(t, order.id)).toMatchObject({ status: 'OrderPending', paymentKind: null });
    return { buyer, order, payment };
  }

  it('is refunded through the provider once (key from the attempt); the order does not change', async () => {
    const { buyer, order, payment } = await failedAttempt();
    // The provider did take the money after all: its charge exists, captured.
    const [card] = await t.db.select().from(paymentMethods).where(eq(paymentMethods.userId, buyer.id));
    await t.db.insert(sandboxHolds).values({
      id: payment.providerPaymentId as string,
      cardId: card?.providerPaymentMethodId as string,
      amount: payment.amount,
      amountCaptured: payment.amount,
      currency: payment.currency,
      status: 'succeeded',
      reference: `charge:${payment.id}`,
    });
    const before = await stateOf(order.id, payment.id);
    const late = intentEvent('evt_late_ok', 'payment_intent.succeeded', payment);
    expect((await deliver(t, late)).json()).toEqual({ received: true, outcome: 'flagged' });
    expect(await stateOf(order.id, payment.id)).toEqual(before);
    expect(before.history).not.toContain('paid');
    const [alert] = await alertsOf(t, 'evt_late_ok');
    expect(alert).toMatchObject({
      kind: 'late-success',
      attemptId: payment.id,
      details: { refund: { status: 'succeeded' } },
    });
    expect(alert?.resolvedAt).toBeInstanceOf(Date);
    const refunds = () =>
      t.db
        .select()
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.holdId, payment.providerPaymentId as string));
    expect(await refunds()).toEqual([
      expect.objectContaining({ amount: payment.amount, reference: lateRefundReference(payment.id) }),
    ]);
    // The same delivery again, and the same success under another event id: refunded once in all.
    expect((await deliver(t, late)).json()).toEqual({ received: true, outcome: 'duplicate' });
    expect((await deliver(t, { ...late, id: 'evt_late_ok_2' })).json()).toEqual({ received: true, outcome: 'flagged' });
    expect(await refunds()).toHaveLength(1);
    expect(await stateOf(order.id, payment.id)).toEqual(before);
  });

  it('a refund that cannot be made leaves the alert open, listed for staff only', async () => {
    const { order, payment, buyer } = await failedAttempt();
    const before = await stateOf(order.id, payment.id);
    // The sandbox knows no such charge: its refund is refused.
    expect((await deliver(t, intentEvent('evt_late_no', 'payment_intent.succeeded', payment))).json()).toEqual({
      received: true,
      outcome: 'flagged',
    });
    expect(await stateOf(order.id, payment.id)).toEqual(before);
    const [alert] = await alertsOf(t, 'evt_late_no');
    expect(alert).toMatchObject({
      kind: 'late-success',
      resolvedAt: null,
      details: { refund: { status: 'not-made' } },
    });
    const list = (cookie: string) =>
      t.app.inject({ method: 'GET', url: '/marketplace-api/staff/payment-alerts', headers: { cookie } });
    expect((await list(buyer.cookie)).statusCode).toBe(403);
    const staff = await signUpStaff(t);
    const res = await list(staff.cookie);
    expect(res.statusCode).toBe(200);
    const listed = res.json().data.filter((a: { eventId: string }) => a.eventId === 'evt_late_no');
    expect(listed).toEqual([
      expect.objectContaining({ _id: alert?.id, kind: 'late-success', attemptId: payment.id, orderId: order.id }),
    ]);
    // A resolved one (the refunded late success above, when run first) is not listed.
    expect(res.json().data.every((a: { eventId: string }) => a.eventId !== 'evt_late_ok')).toBe(true);
  });
});
