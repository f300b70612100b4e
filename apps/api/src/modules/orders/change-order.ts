import { EVENT_SETTING_DEFAULTS } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { orderHistory, orderLines, orders } from '@lotline/db/schema';
import { ORDER_MOVES, ORDER_STATUS, type OrderMove, type OrderMoveName, type OrderState } from '@lotline/domain';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { changeLotStatus } from '../lots/change-lot-status';
import { returnStock } from './stock';

/**
 * The one writer of an order's state (issue 25; the order's twin of `change-lot-status.ts`): every route and
 * job that approves, rejects, pays, cancels or hands over an order goes through `changeOrder`. The lifecycle
 * (`ORDER_MOVES` in `@lotline/domain`) says what is allowed; the UPDATE repeats the move's starting states (and
 * the approval deadline, by the database clock) in its WHERE, so of two writers exactly one moves the order and
 * the other gets null, with nothing read first. The history row and the lot's move go with it, in the caller's
 * transaction; the caller publishes the lot change and sends the e-mails after.
 */

export interface OrderStep {
  /** Why, in the order's history (a rejection's reason, a cancellation's cause). */
  note?: string | null;
  /** Who did it; none for a job or the provider. */
  actorUserId?: string | null;
}

export interface ChangedOrder extends OrderState {
  id: string;
  buyerUserId: string;
  companyId: string;
  source: string;
  soleLotId: string | null;
}

/** Moves the order by `move`; null when it is not in a state the move starts from (or there is no such order). */
export async function changeOrder(
  tx: Executor,
  orderId: string,
  move: OrderMoveName,
  step: OrderStep = {},
): Promise<ChangedOrder | null> {
  const rule = moveOf(move);
  const [row] = await tx
    .update(orders)
    .set({ ...rule.to, ...timestampsOf(rule), updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), ...startsFrom(rule)))
    .returning({
      id: orders.id,
      buyerUserId: orders.buyerUserId,
      companyId: orders.companyId,
      source: orders.source,
      soleLotId: orders.soleLotId,
      status: orders.status,
      approval: orders.approval,
      fulfilment: orders.fulfilment,
    });
  if (!row) return null;
  await tx.insert(orderHistory).values({
    orderId,
    event: rule.event,
    status: row.status,
    note: step.note ?? null,
    actorUserId: step.actorUserId ?? null,
  });
  if (rule.to.status === ORDER_STATUS.paid && row.soleLotId) await changeLotStatus(tx, row.soleLotId, 'pay');
  if (rule.to.status === ORDER_STATUS.cancelled) await giveBack(tx, row);
  return row;
}

/** The move's rule; a name the lifecycle lacks (a caller outside the type system) is refused. */
function moveOf(move: string): OrderMove {
  if (!Object.hasOwn(ORDER_MOVES, move)) throw new AppError('CONFLICT', `An order has no move '${move}'.`);
  return ORDER_MOVES[move as OrderMoveName];
}

function startsFrom(rule: OrderMove): SQL[] {
  const where = [inArray(orders.status, [...rule.from.status])];
  if (rule.from.approval) where.push(inArray(orders.approval, [...rule.from.approval]));
  if (rule.from.fulfilment) where.push(inArray(orders.fulfilment, [...rule.from.fulfilment]));
  if (rule.deadline) {
    const due = rule.deadline.of === 'approval' ? orders.approvalDueAt : orders.paymentDueAt;
    where.push(rule.deadline.is === 'open' ? sql`${due} > now()` : sql`${due} <= now()`);
  }
  if (rule.idle) where.push(sql`not exists (${inFlight})`);
  return where;
}

/** A payment attempt or a refund of the order still out at the provider (`orders.id` qualified: see amount-due.ts). */
export const inFlight = sql`select 1 from order_payments p where p.order_id = "orders"."id" and p.status = 'processing'
  union all select 1 from order_refunds r where r.order_id = "orders"."id" and r.status = 'processing'`;

/**
 * The payment window of an order the seller approves now: the event's `payment_window_days` from now (an order
 * of no event, the default 5). createOrder sets the same for an order approved at once.
 */
export const paymentDueFromNow = sql`now() + make_interval(days => coalesce((select e.payment_window_days
  from events e where e.id = "orders"."event_id"), ${EVENT_SETTING_DEFAULTS.paymentWindowDays}))`;

/** The times a move stamps (the database clock's), and what it clears. */
function timestampsOf(rule: OrderMove) {
  return {
    ...(rule.to.approval === 'approved' ? { paymentDueAt: paymentDueFromNow } : {}),
    ...(rule.to.status === ORDER_STATUS.paid ? { paidAt: sql`now()`, paymentError: null } : {}),
    ...(rule.to.status === ORDER_STATUS.cancelled ? { cancelledAt: sql`now()` } : {}),
    ...(rule.to.fulfilment ? { fulfilledAt: sql`now()` } : {}),
    ...(rule.to.approval === 'approved' ? { approvalDueAt: null } : {}),
  };
}

/** A cancelled order's goods: a lot sold whole follows it; a buy-now or offer order's units go back on sale. */
async function giveBack(tx: Executor, order: ChangedOrder): Promise<void> {
  if (order.soleLotId) {
    await changeLotStatus(tx, order.soleLotId, 'cancelOrder');
    return;
  }
  for (const line of await tx
    .select({ lotId: orderLines.eventLotId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))) {
    await returnStock(tx, line.lotId, line.quantity);
  }
}
