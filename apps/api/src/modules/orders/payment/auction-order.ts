import { ORDER_STATUS } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { depositHolds, eventLots, orders, registrations } from '@lotline/db/schema';
import { and, eq, gt, inArray, ne } from 'drizzle-orm';
import { type CreatedOrder, createOrder, type OrderMailDeps } from '../create-order';

/**
 * The winner's order of an auction lot that just became Sold (BIDDING §6–§7,
 * decision 0044): at the close (reserve met or none) or when the seller accepts
 * a reserve-not-met lot, inside that transaction. The unit price is the hammer
 * price (the lot's current price); the winner's standing deposit hold for the
 * event is applied toward it, up to the total, once per hold: a winner of two
 * lots of one event has it applied to the first order only (a hold is captured
 * once). The capture and the charge of the rest happen after the commit
 * (`settleAuctionOrder`). Null when the lot has no leader or price.
 */
export async function createAuctionOrder(
  tx: Executor,
  lotId: string,
  deps: OrderMailDeps,
): Promise<CreatedOrder | null> {
  const [lot] = await tx
    .select({
      leaderUserId: eventLots.leaderUserId,
      price: eventLots.currentBidAmount,
      eventId: eventLots.eventId,
      currency: eventLots.currency,
    })
    .from(eventLots)
    .where(eq(eventLots.id, lotId));
  if (!lot?.leaderUserId || lot.price === null) return null;
  const deposit = await depositToApply(tx, lot.leaderUserId, lot.eventId, lot.currency);
  return createOrder(
    tx,
    {
      source: 'auction',
      buyerUserId: lot.leaderUserId,
      lotId,
      quantity: 1,
      unitPrice: lot.price,
      approval: 'approved',
      depositApplied: deposit,
    },
    deps,
  );
}

/**
 * The winner's standing hold for the event (same currency), unless another live order already has it. The
 * registration row is locked first (issue 25): two closes (or a close and a tender award) for one winner at
 * once take turns, and the second sees the first's order and applies nothing.
 */
export async function depositToApply(
  tx: Executor,
  userId: string,
  eventId: string | null,
  currency: string,
): Promise<number> {
  if (!eventId) return 0;
  const [hold] = await tx
    .select({ amount: depositHolds.amount })
    .from(registrations)
    .innerJoin(depositHolds, eq(depositHolds.id, registrations.currentHoldId))
    .where(
      and(
        eq(registrations.userId, userId),
        eq(registrations.eventId, eventId),
        inArray(depositHolds.status, ['held', 'applied']),
        eq(depositHolds.currency, currency),
      ),
    )
    .for('update', { of: registrations });
  if (!hold) return 0;
  const [taken] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.buyerUserId, userId),
        eq(orders.eventId, eventId),
        ne(orders.status, ORDER_STATUS.cancelled),
        gt(orders.depositApplied, 0),
      ),
    )
    .limit(1);
  return taken ? 0 : hold.amount;
}
