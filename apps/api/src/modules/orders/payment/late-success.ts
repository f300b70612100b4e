import type { Database } from '@lotline/db';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider } from '../../payments/provider';
import { noteOnPaymentAlert } from './payment-alerts';

/**
 * The provider took money for an attempt we had already recorded failed (issue 26, decision 0071): the order
 * does not change (it may since be paid another way, or still wait for a wire); the money goes back. The refund's
 * reference, and so the provider's idempotency key, is derived from the attempt: asking twice refunds once.
 */
export const lateRefundReference = (attemptId: string) => `late_${attemptId}`;

export interface LateSuccess {
  alertId: string;
  attemptId: string;
  providerPaymentId: string;
  amount: number;
  currency: string;
}

/**
 * Refunds a late success and notes the outcome on its alert: a refund that went through resolves it; a pending
 * or refused one, or no provider to ask, leaves it open for staff.
 */
export async function refundLateSuccess(
  deps: { db: Database; provider: PaymentProvider | undefined; log: FastifyBaseLogger | undefined },
  late: LateSuccess,
): Promise<void> {
  const { db, provider, log } = deps;
  if (!provider) return;
  try {
    const refund = await provider.refund({
      providerPaymentId: late.providerPaymentId,
      amount: late.amount,
      currency: late.currency,
      reference: lateRefundReference(late.attemptId),
    });
    const note = {
      id: refund.id,
      status: refund.status,
      ...(refund.failureMessage ? { why: refund.failureMessage } : {}),
    };
    await noteOnPaymentAlert(db, late.alertId, { refund: note }, refund.status === 'succeeded');
    if (refund.status === 'failed') log?.error({ ...late, refund: note }, 'late payment success: the refund failed');
  } catch (err) {
    log?.error({ err, ...late }, 'late payment success: could not refund');
    const why = err instanceof Error ? err.message : String(err);
    await noteOnPaymentAlert(db, late.alertId, { refund: { status: 'not-made', why } }, false);
  }
}
