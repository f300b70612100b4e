import { ORDER_STATUS, type OrderStatus, type RefundStatus } from '@lotline/contracts/enums';
import { ORDER_EVENT_LABELS } from './order-lifecycle';

/**
 * Refunds (decision 0062), as the pages read them. The API's claim applies the same rule in SQL under the
 * order's row lock (`apps/api/src/modules/orders/refund-order.ts`), which is the one that decides.
 */

/** The words for a refund's status: a given-back refund reads as its history line does. */
export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  processing: 'Being refunded',
  succeeded: ORDER_EVENT_LABELS.refunded,
  failed: ORDER_EVENT_LABELS['refund-failed'],
};

/**
 * The orders a refund may give back money of: one that took money and will take no more, paid or cancelled
 * (a cancelled order may have kept a captured deposit). A pending order is still being paid: its amount due
 * would not know of a refund.
 */
export const REFUNDABLE_ORDER_STATUSES: readonly OrderStatus[] = [ORDER_STATUS.paid, ORDER_STATUS.cancelled];

/**
 * What can still be refunded of an order: what its payments took less every refund not failed (one still
 * processing holds its amount until the provider decides it); 0 for an order still being paid.
 */
export function refundableAmount(order: {
  status: OrderStatus;
  paid: number;
  refunds: readonly { amount: number; status: RefundStatus }[];
}): number {
  if (!REFUNDABLE_ORDER_STATUSES.includes(order.status)) return 0;
  const held = order.refunds.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amount, 0);
  return Math.max(0, order.paid - held);
}

/**
 * The payments a refund draws on, in order: the card charge first (the quickest to give back), then the captured
 * bid deposit (a card too), then a wire (a bank transfer someone sends by hand).
 */
export const REFUND_DRAW_ORDER = ['charge', 'deposit-capture', 'wire'] as const;
export type RefundablePaymentKind = (typeof REFUND_DRAW_ORDER)[number];

/** A payment of the order and what is still left of it to give back. */
export interface RefundablePayment {
  id: string;
  kind: RefundablePaymentKind;
  left: number;
}

/**
 * `amount` split over `payments` in REFUND_DRAW_ORDER (the given order within a kind: oldest first), each up to
 * what is left of it; one part per payment drawn on. Throws when the payments cannot cover it: the caller checks
 * the refundable amount first.
 */
export function splitRefund(
  payments: readonly RefundablePayment[],
  amount: number,
): { paymentId: string; amount: number }[] {
  const ordered = [...payments].sort((a, b) => REFUND_DRAW_ORDER.indexOf(a.kind) - REFUND_DRAW_ORDER.indexOf(b.kind));
  const parts: { paymentId: string; amount: number }[] = [];
  let rest = amount;
  for (const p of ordered) {
    if (rest === 0) break;
    if (p.left <= 0) continue;
    const take = Math.min(rest, p.left);
    parts.push({ paymentId: p.id, amount: take });
    rest -= take;
  }
  if (rest > 0) throw new RangeError(`the payments cover ${amount - rest} of ${amount}`);
  return parts;
}
