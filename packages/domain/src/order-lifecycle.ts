import {
  DEPOSIT_HOLD_STATUSES,
  type DepositHoldStatus,
  ORDER_APPROVALS,
  ORDER_FULFILMENTS,
  ORDER_RECORD_STATUSES,
  ORDER_STATUS,
  type OrderApproval,
  type OrderFulfilment,
  type OrderStatus,
  PAYMENT_ATTEMPT_STATUSES,
  type PaymentAttemptStatus,
  REFUND_STATUSES,
  type RefundStatus,
} from '@lotline/contracts/enums';

/**
 * The life of an order and of the money around it, in one place (issue 25), as lot-lifecycle.ts is for a lot.
 * An order's state is three values: its `status` (contract §5), the seller's `approval` and the `fulfilment`.
 *
 *   placed ──► OrderPending/awaiting ──approve──► OrderPending/approved ──pay──► OrderPaid/none ─┬─ship────► …/shipped
 *                   │                                    │                                       └─collect─► …/collected
 *                   ├─reject──────► OrderCancelled/rejected            ├─expirePayment─► OrderCancelled/approved
 *                   ├─expireApproval► OrderCancelled/rejected          └─cancel────────► OrderCancelled/approved
 *                   └─cancel (staff)► OrderCancelled/awaiting
 *
 * An order that needs no approval is placed `approved`. Only `apps/api/src/modules/orders/change-order.ts`
 * writes these three columns, through ORDER_MOVES: its UPDATE repeats a move's `from` in its WHERE, so of two
 * writers (a webhook and the request that charged, a rejection and the deadline) exactly one moves the order.
 *
 * The money around an order moves here too (MONEY_MOVES, below): a payment attempt, a refund and each of its
 * parts, a deposit hold. Each has one writer, whose UPDATE repeats the move's `from` in its WHERE.
 */

export type { DepositHoldStatus, OrderApproval, OrderFulfilment, OrderStatus, PaymentAttemptStatus, RefundStatus };
export {
  DEPOSIT_HOLD_STATUSES,
  ORDER_APPROVALS,
  ORDER_FULFILMENTS,
  ORDER_RECORD_STATUSES,
  ORDER_STATUS,
  PAYMENT_ATTEMPT_STATUSES,
  REFUND_STATUSES,
};

export interface OrderState {
  status: OrderStatus;
  approval: OrderApproval;
  fulfilment: OrderFulfilment;
}

/** A move's starting states (each value one of the listed, an axis left out is any) and what it sets. */
export interface OrderMove {
  from: {
    status: readonly OrderStatus[];
    approval?: readonly OrderApproval[];
    fulfilment?: readonly OrderFulfilment[];
  };
  to: Partial<OrderState>;
  /**
   * A deadline the move needs, by the database clock: the seller's approval deadline (`approval_due_at`) or the
   * payment window's end (`payment_due_at`), `open` while it has not passed, `passed` once it has. A move
   * without it ignores both.
   */
  deadline?: { of: 'approval' | 'payment'; is: 'open' | 'passed' };
  /**
   * The move needs the order idle: no payment attempt and no refund in flight. An order cancelled while a
   * charge is out could be paid after it was cancelled (decision 0061).
   */
  idle?: true;
  /** The history event the move writes (`order_history.event`). */
  event: OrderEvent;
}

const P = ORDER_STATUS;

/** Every move an order can make; the one writer refuses any other. */
export const ORDER_MOVES = {
  // The seller approves a buy-now order that awaits them (BUY_NOW_AUTO_APPROVE off), before the deadline.
  approve: {
    from: { status: [P.pending], approval: ['awaiting'] },
    to: { approval: 'approved' },
    deadline: { of: 'approval', is: 'open' },
    event: 'approved',
  },
  // The seller turns down a buy-now order that awaits them, saying why; its units go back on sale.
  reject: {
    from: { status: [P.pending], approval: ['awaiting'] },
    to: { status: P.cancelled, approval: 'rejected' },
    event: 'rejected',
  },
  // Nobody approved it within BUY_NOW_APPROVAL_BUSINESS_DAYS: the buyer is not kept waiting for ever.
  expireApproval: {
    from: { status: [P.pending], approval: ['awaiting'] },
    to: { status: P.cancelled, approval: 'rejected' },
    deadline: { of: 'approval', is: 'passed' },
    event: 'expired',
  },
  // The money is in: a card charge or a deposit's capture covered what was due, or staff received the wire.
  pay: { from: { status: [P.pending], approval: ['approved'] }, to: { status: P.paid }, event: 'paid' },
  // The same, by a wire staff marked received (its own history line names the wire).
  receiveWire: {
    from: { status: [P.pending], approval: ['approved'] },
    to: { status: P.paid },
    event: 'wire-received',
  },
  // The payment window (the event's `payment_window_days` from the approval) passed unpaid: the buyer loses the
  // sale (BIDDING §8), the units go back on sale or the runner-up of an auction gets a second chance.
  expirePayment: {
    from: { status: [P.pending], approval: ['approved'] },
    to: { status: P.cancelled },
    deadline: { of: 'payment', is: 'passed' },
    idle: true,
    event: 'payment-expired',
  },
  // The seller (an approved order nobody pays) or staff (any unpaid order) ends it, saying why.
  cancel: {
    from: { status: [P.pending], approval: ['awaiting', 'approved'] },
    to: { status: P.cancelled },
    idle: true,
    event: 'cancelled',
  },
  // The seller handed a paid order to a carrier.
  ship: {
    from: { status: [P.paid], fulfilment: ['none'] },
    to: { fulfilment: 'shipped' },
    event: 'shipped',
  },
  // The buyer (or their rigger) collected a paid order.
  collect: {
    from: { status: [P.paid], fulfilment: ['none'] },
    to: { fulfilment: 'collected' },
    event: 'collected',
  },
} as const satisfies Record<string, OrderMove>;
export type OrderMoveName = keyof typeof ORDER_MOVES;

/** Whether `move` may start from `state` (the deadline aside: the writer reads it from the database clock). */
export function canMoveOrder(state: OrderState, move: OrderMoveName): boolean {
  const { from } = ORDER_MOVES[move] as OrderMove;
  return (
    from.status.includes(state.status) &&
    (from.approval === undefined || from.approval.includes(state.approval)) &&
    (from.fulfilment === undefined || from.fulfilment.includes(state.fulfilment))
  );
}

/** The state `move` leads to from `state` (which it must be allowed to start from). */
export function afterOrderMove(state: OrderState, move: OrderMoveName): OrderState {
  return { ...state, ...(ORDER_MOVES[move] as OrderMove).to };
}

/** Payable now: pending and approved (a buy-now order awaiting the seller is not, and no other). */
export const isPayable = (order: Pick<OrderState, 'status' | 'approval'>): boolean =>
  canMoveOrder({ ...order, fulfilment: 'none' }, 'pay');
/** Still waiting for the seller's approval. */
export const isAwaitingApproval = (order: Pick<OrderState, 'status' | 'approval'>): boolean =>
  order.status === P.pending && order.approval === 'awaiting';
/** Paid and not yet handed over: the seller can mark it shipped or collected. */
export const isFulfillable = (order: OrderState): boolean => canMoveOrder(order, 'ship');

/** The events an order's history records (`order_history.event`), with the words the pages and the invoice show. */
export const ORDER_EVENT_LABELS = {
  placed: 'Order placed',
  approved: 'Approved',
  rejected: 'Rejected by the seller',
  expired: 'Cancelled: not approved in time',
  'payment-failed': 'Payment failed',
  paid: 'Paid',
  'wire-chosen': 'Wire transfer chosen',
  'wire-received': 'Wire transfer received',
  'payment-reminder': 'Payment reminder sent',
  'payment-expired': 'Cancelled: not paid in time',
  'deposit-forfeited': 'Bid deposit kept by the seller',
  'second-chance': 'Offered to the runner-up',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  'refund-failed': 'Refund failed',
  shipped: 'Shipped',
  collected: 'Collected',
  'deposit-applied': 'Deposit applied',
} as const;
export type OrderEvent = keyof typeof ORDER_EVENT_LABELS;

/** An event's words; an event of an older version of the code shows as it was stored. */
export const orderEventLabel = (event: string): string =>
  Object.hasOwn(ORDER_EVENT_LABELS, event) ? ORDER_EVENT_LABELS[event as OrderEvent] : event;

/** The words for an order's status, on every page, list, e-mail and PDF. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  OrderPending: 'Awaiting payment',
  OrderPaid: 'Paid',
  OrderCancelled: 'Cancelled',
};

/** The words for a buyer-paid fee on an order. */
export const ORDER_FEE_LABELS: Record<'rigging' | 'loading' | 'shipping', string> = {
  rigging: 'Rigging fee',
  loading: 'Loading fee',
  shipping: 'Shipping fee',
};

/** The order's state in one phrase, approval first (a buy-now order the seller has not approved yet). */
export function orderStateLabel(order: OrderState): string {
  if (isAwaitingApproval(order)) return 'Awaiting seller approval';
  if (order.status === P.paid && order.fulfilment !== 'none')
    return order.fulfilment === 'shipped' ? 'Paid · Shipped' : 'Paid · Collected';
  return ORDER_STATUS_LABELS[order.status];
}

// ---- The money around an order (issue 25) ----

/** One move of a money row: the statuses it may start from and the one it leads to. */
export interface MoneyMove<S extends string> {
  from: readonly S[];
  to: S;
}

/**
 * A payment attempt (`order_payments`): claimed `processing` before the provider is asked (its id the provider's
 * idempotency reference), then decided once. A wire staff received is recorded `succeeded` at once (no provider).
 * Writer: `apps/api/src/modules/orders/payment/change-payment.ts`.
 */
export const PAYMENT_ATTEMPT_MOVES = {
  // The provider took the money (its answer, or its event when that came first), or the deposit's capture went through.
  succeed: { from: ['processing'], to: 'succeeded' },
  // The provider refused it (a decline, a card it no longer knows, a hold no longer standing): nothing was taken.
  fail: { from: ['processing'], to: 'failed' },
} as const satisfies Record<string, MoneyMove<PaymentAttemptStatus>>;
export type PaymentAttemptMove = keyof typeof PAYMENT_ATTEMPT_MOVES;

/**
 * A refund (`order_refunds`) and each of its parts (`order_refund_parts`, one per payment drawn on): claimed
 * `processing`, then decided once; a refund succeeds for what its parts gave back (decision 0062).
 * Writer: `apps/api/src/modules/orders/refund-order.ts`.
 */
export const REFUND_MOVES = {
  // The money went back (the provider's answer or event; a wire part, by the bank transfer someone sends).
  succeed: { from: ['processing'], to: 'succeeded' },
  // Nothing went back: the provider refused it.
  fail: { from: ['processing'], to: 'failed' },
} as const satisfies Record<string, MoneyMove<RefundStatus>>;
export type RefundMove = keyof typeof REFUND_MOVES;

/**
 * A deposit hold (`deposit_holds`, BIDDING §6, decision 0037): inserted "placing" (`failed`, no provider id, no
 * message) before the provider is asked, then it stands, or is replaced, released or applied.
 * Writer: `apps/api/src/modules/registrations/change-hold.ts`.
 */
export const HOLD_MOVES = {
  // The provider authorised the hold being placed and it stands for the registration's deposit.
  stand: { from: ['failed'], to: 'held' },
  // The same for the renewal of a winner's applied deposit: the new hold is the one the order captures.
  standApplied: { from: ['failed'], to: 'applied' },
  // A newer hold stands for the deposit instead (a renewal, or a new card after a failed one); cancelled after.
  supersede: { from: ['held', 'applied'], to: 'replaced' },
  // The registration changed while this hold was placed (released, applied, declined): it stands for nothing.
  standForNothing: { from: ['failed'], to: 'replaced' },
  // The bidder won nothing (settlement), or a replaced hold that stood for nothing was cancelled at the provider.
  release: { from: ['held', 'replaced'], to: 'released' },
  // The bidder won: the hold is kept for the order to capture (an auction win, a tender award).
  apply: { from: ['held'], to: 'applied' },
} as const satisfies Record<string, MoneyMove<DepositHoldStatus>>;
export type HoldMove = keyof typeof HOLD_MOVES;

/** Every money row's moves, by what it is: the writers and the tests read them from here. */
export const MONEY_MOVES = {
  paymentAttempt: { statuses: PAYMENT_ATTEMPT_STATUSES, moves: PAYMENT_ATTEMPT_MOVES },
  refund: { statuses: REFUND_STATUSES, moves: REFUND_MOVES },
  hold: { statuses: DEPOSIT_HOLD_STATUSES, moves: HOLD_MOVES },
} as const;

/** Whether a money row in `status` may make `move` (a name the table lacks may not). */
export function canMoveMoney<S extends string>(moves: Record<string, MoneyMove<S>>, status: S, move: string): boolean {
  return Object.hasOwn(moves, move) && (moves[move] as MoneyMove<S>).from.includes(status);
}

/**
 * An order has a live charge while a card charge of it is out or went through: a second one would charge twice
 * (`order_payments_one_live_charge_key` says the same in the database).
 */
export const hasLiveCharge = (attempts: readonly { kind: string; status: PaymentAttemptStatus }[]): boolean =>
  attempts.some((a) => a.kind === 'charge' && a.status !== 'failed');
