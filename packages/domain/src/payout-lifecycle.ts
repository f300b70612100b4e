import type { PayoutStatus } from '@lotline/contracts';
import { type MoneyMove, ORDER_STATUS, type OrderStatus } from './order-lifecycle';

/**
 * A seller's payout for an order (`payouts`, decision 0079), as the order's money moves are in order-lifecycle.ts.
 *
 *   staff record a bank transfer ──────────────────────────► paid
 *   release job: Stripe transfer claimed ─► processing ─pay─► paid
 *                                                └──fail──► failed   (nothing moved: the order is due again)
 *
 * A manual payout is a fact staff record after the money left (no provider to ask): it is inserted `paid`.
 * Writer: `apps/api/src/modules/payouts/change-payout.ts`, whose UPDATE repeats the move's `from` in its WHERE.
 */
export const PAYOUT_MOVES = {
  // Stripe made the transfer to the company's connected account (its answer to the request, or to a retry of it).
  pay: { from: ['processing'], to: 'paid' },
  // Stripe refused the transfer (no such account, not enough balance): no money moved, so the order may be paid again.
  fail: { from: ['processing'], to: 'failed' },
} as const satisfies Record<string, MoneyMove<PayoutStatus>>;
export type PayoutMove = keyof typeof PAYOUT_MOVES;

/**
 * Days after an order is paid during which the buyer may still be refunded and the seller is not paid out: a
 * refund inside the window comes out of money the marketplace still holds, never out of the seller's pocket.
 */
export const PAYOUT_REFUND_WINDOW_DAYS = 14;

/** What the release rule needs to know of an order, read by the database clock. */
export interface PayoutFacts {
  status: OrderStatus;
  /** `paid_at + window <= now()`, computed by the database; false when not paid. */
  pastRefundWindow: boolean;
  /** What the order's payments took and what was given back of it (minor units). */
  paid: number;
  refunded: number;
  /** A refund claimed and not decided yet: the amount is not known. */
  refundInFlight: boolean;
  /** A payout already made or in progress for the order. */
  hasPayout: boolean;
  /** The seller's net for the order (minor units), or null when it cannot be reckoned. */
  net: number | null;
}

/**
 * Why an order cannot be paid out now, or null when it can: paid, past its refund window, not fully refunded,
 * no refund in flight, not paid out already, and a net above zero to pay.
 */
export function payoutRefusal(order: PayoutFacts): string | null {
  if (order.hasPayout) return 'This order has already been paid out.';
  if (order.status !== ORDER_STATUS.paid) return 'Only a paid order can be paid out.';
  if (order.paid > 0 && order.refunded >= order.paid) return 'This order was fully refunded: nothing is owed.';
  if (!order.pastRefundWindow) {
    return `The refund window (${PAYOUT_REFUND_WINDOW_DAYS} days after payment) has not passed yet.`;
  }
  if (order.refundInFlight) return 'A refund of this order is still being processed.';
  if (order.net === null || order.net <= 0) return 'Nothing is owed to the seller for this order.';
  return null;
}
