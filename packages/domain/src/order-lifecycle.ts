import {
  ORDER_APPROVALS,
  ORDER_FULFILMENTS,
  ORDER_RECORD_STATUSES,
  ORDER_STATUS,
  type OrderApproval,
  type OrderFulfilment,
  type OrderStatus,
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
 * The payment attempts and deposit holds around an order get their moves here as their own writers are made
 * (issue 25 goes on).
 */

export type { OrderApproval, OrderFulfilment, OrderStatus };
export { ORDER_APPROVALS, ORDER_FULFILMENTS, ORDER_RECORD_STATUSES, ORDER_STATUS };

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
