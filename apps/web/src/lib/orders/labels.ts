import { ORDER_STATUS, type Order } from '@lotline/contracts';

/** The words the order pages show for the contract's values (issue 15). */
export const ORDER_STATUS_LABELS: Record<Order['status'], string> = {
  OrderPending: 'Awaiting payment',
  OrderPaid: 'Paid',
  OrderCancelled: 'Cancelled',
};

export const FEE_LABELS: Record<Order['fees'][number]['kind'], string> = {
  rigging: 'Rigging fee',
  loading: 'Loading fee',
  shipping: 'Shipping fee',
};

const HISTORY_LABELS: Record<string, string> = {
  placed: 'Order placed',
  approved: 'Approved',
  rejected: 'Rejected by the seller',
  expired: 'Cancelled: not approved in time',
  'payment-failed': 'Payment failed',
  paid: 'Paid',
  'wire-chosen': 'Wire transfer chosen',
  'wire-received': 'Wire transfer received',
  cancelled: 'Cancelled',
  shipped: 'Shipped',
  collected: 'Collected',
  'deposit-applied': 'Deposit applied',
};

export const historyLabel = (event: string) => HISTORY_LABELS[event] ?? event;

/** The order's state in one phrase, approval first (a buy-now order the seller has not approved yet). */
export function orderStateLabel(order: Pick<Order, 'status' | 'approval' | 'fulfilment'>): string {
  if (order.status === ORDER_STATUS.pending && order.approval === 'awaiting') return 'Awaiting seller approval';
  if (order.status === ORDER_STATUS.paid && order.fulfilment !== 'none')
    return order.fulfilment === 'shipped' ? 'Paid · Shipped' : 'Paid · Collected';
  return ORDER_STATUS_LABELS[order.status];
}
