import type { RefundBody } from '@lotline/contracts';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../lib/errors';
import { type IdempotentAnswer, withIdempotency } from '../../lib/http/idempotency';
import { formatMoney } from '../../lib/money';
import { recordAudit } from '../audit/record-audit';
import { creditNoteFileName, renderCreditNotePdf } from './credit-note-pdf';
import type { OrdersDeps } from './orders-deps';
import { type OrderRow, presentOrder, presentOrders } from './present-order';
import { claimRefund, completeRefund } from './refund-order';

export interface RefundRequestInput {
  userId: string;
  orderId: string;
  body: RefundBody;
  idempotencyKey: string | undefined;
  /** The route's path with its ids, the key's scope. */
  path: string;
  /** Who asks: a seller user of the order's company, or staff; either is in the audit log with its claim (decision 0088). */
  side: 'seller' | 'staff';
}

/**
 * A seller's or staff's refund request (POST …/orders/{orderId}/refunds, decision 0062). The Idempotency-Key
 * remembers the refund it claimed (or the refusal): the claim and the key commit together, so the same key
 * never claims a second refund, even sent twice at once (the second waits for the first's key). Then, outside
 * any transaction, the refund is given back; a retry with the key resumes that same refund (its parts carry
 * their own provider references) and answers it as it stands. A refund the provider refused is 409
 * REFUND_FAILED with the provider's reason; it stays recorded (failed) on the order.
 */
export async function requestRefund(deps: OrdersDeps, input: RefundRequestInput): Promise<IdempotentAnswer> {
  const { db } = deps;
  const claimed = await withIdempotency(
    db,
    { userId: input.userId, key: input.idempotencyKey, scope: `POST ${input.path}`, body: input.body },
    async (tx) => {
      const refundId = await claimRefund(tx, input.orderId, {
        ...input.body,
        actorUserId: input.userId,
        asStaff: input.side === 'staff',
      });
      // The seller's refund too: it gives the buyer's money back (decision 0088).
      await recordAudit(tx, {
        actorId: input.userId,
        action: 'order.refund',
        targetType: 'order',
        targetId: input.orderId,
        before: null,
        after: { refundId, amount: input.body.amount, reason: input.body.reason },
      });
      return { status: 201, body: { status: 'success', data: { refundId } } };
    },
  );
  if (claimed.status !== 201) return claimed;
  const { refundId } = (claimed.body as { data: { refundId: string } }).data;
  const outcome = await completeRefund({ db, provider: deps.provider, mail: deps }, refundId);
  const order = await presentOrder(db, input.orderId, deps.featureOverrides);
  const refund = order?.refunds.find((r) => r._id === refundId);
  if (!order || !refund) throw new Error(`refund ${refundId} of order ${input.orderId} could not be presented`);
  if (outcome.status === 'failed') {
    const why = refund.failureMessage ?? 'The payment provider could not complete the refund.';
    throw new AppError('REFUND_FAILED', `${refund.number} was not refunded: ${why}`, { status: 409 });
  }
  const message =
    outcome.status === 'processing'
      ? 'The payment provider is still processing this refund; the order shows it refunded once it confirms.'
      : outcome.byTransfer > 0
        ? `Send ${formatMoney(outcome.byTransfer, order.currency)} back to the buyer by bank transfer: it was paid by wire, and is recorded as refunded.`
        : refund.failureMessage;
  return { status: 201, body: { status: 'success', data: { order, refund, message } } };
}

/** Answers a refund's credit note (inline, named by the order and the note); 404 for a refund not given back. */
export async function sendCreditNote(deps: OrdersDeps, row: OrderRow, refundId: string, reply: FastifyReply) {
  const [order] = await presentOrders(deps.db, [row], deps.featureOverrides);
  const refund = order?.refunds.find((r) => r._id === refundId && r.status === 'succeeded');
  if (!order || !refund) throw AppError.notFound('No such credit note: this refund was not given back.');
  const file = await renderCreditNotePdf(order, refund);
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${creditNoteFileName(order, refund)}"`)
    .header('cache-control', 'private, no-store')
    .send(file);
}
