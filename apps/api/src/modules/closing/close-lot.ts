import { lotPagePath } from '@lotline/contracts/page-paths';
import type { Executor } from '@lotline/db';
import { eventLots, lotBidders, users } from '@lotline/db/schema';
import { auctionCloseTransition, LOT_STATUS, type LotTransition } from '@lotline/domain';
import { and, eq, lte, sql } from 'drizzle-orm';
import { wantsNotification } from '../account/notification-settings';
import { pausedSql } from '../event-pauses/event-paused';
import { changeLotStatus } from '../lots/change-lot-status';
import { lotLostMail, lotWonMail, reserveNotMetMail } from '../mail/templates/closing';
import { createAuctionOrder } from '../orders/payment/auction-order';
import type { ClosingDeps } from './closing-deps';
import { reserveAcceptDeadline } from './reserve-deadline';

export interface LotClose {
  lotId: string;
  transition: Extract<LotTransition, 'pass' | 'sell' | 'end'>;
  closedAt: Date;
  /** The winner's order, when the lot sold (issue 15; paid after the commit by `settle-auction-order`). */
  orderId: string | null;
}

/**
 * Closes one auction lot at its effective end (BIDDING §7), inside the
 * caller's transaction: locks the row, and acts only while the lot is Active
 * and its end has passed by the database clock at that moment, and its event is not paused (decision 0087)
 * (`clock_timestamp()`, not the transaction's start: a bid that held the lock
 * just before may have extended it). No bids → pass (Unsold); reserve met or
 * none → sell (Sold); reserve not met → end (Ended, the seller may still
 * accept); a sale creates the winner's order. The e-mails go into the outbox in the same transaction, so a second
 * run (a retried job, another process) finds the lot closed and sends nothing.
 * Returns null when there was nothing to close. The caller publishes the
 * change after its commit.
 */
export async function closeLot(tx: Executor, lotId: string, deps: ClosingDeps): Promise<LotClose | null> {
  const [lot] = await tx
    .select({
      number: eventLots.number,
      name: eventLots.name,
      currency: eventLots.currency,
      leaderUserId: eventLots.leaderUserId,
      reserveMet: eventLots.reserveMet,
      price: eventLots.currentBidAmount,
    })
    .from(eventLots)
    .where(
      and(
        eq(eventLots.id, lotId),
        eq(eventLots.type, 'AuctionLot'),
        eq(eventLots.status, LOT_STATUS.Active),
        lte(eventLots.endedAt, sql`clock_timestamp()`),
        // A fresh statement under the lock: a pause committed after the scan's snapshot still holds the lot.
        sql`not ${pausedSql(eventLots.eventId)}`,
      ),
    )
    .for('update');
  if (!lot) return null;

  const transition = auctionCloseTransition(lot);
  const change = await changeLotStatus(tx, lotId, transition);
  // Cannot happen under the row lock; a refusal here would be a bug, not a race.
  if (!change.changed) throw new Error(`lot ${lotId} could not ${transition} while locked`);
  const [closed] = await tx
    .update(eventLots)
    .set({ closedAt: sql`clock_timestamp()` })
    .where(eq(eventLots.id, lotId))
    .returning({ closedAt: eventLots.closedAt });
  const closedAt = closed?.closedAt as Date;

  await mailBidders(tx, deps, { id: lotId, ...lot }, transition, closedAt);
  // A sale ends in the winner's order, in this transaction (Sold → OrderPending); its payment follows the commit.
  const order = transition === 'sell' ? await createAuctionOrder(tx, lotId, deps) : null;
  return { lotId, transition, closedAt, orderId: order?.id ?? null };
}

type ClosingLot = {
  id: string;
  number: string;
  name: string;
  currency: string;
  leaderUserId: string | null;
  price: number | null;
};

/** You won / reserve not met to the leader, you lost to every other bidder of the lot. */
async function mailBidders(
  tx: Executor,
  deps: ClosingDeps,
  lot: ClosingLot,
  transition: LotClose['transition'],
  closedAt: Date,
): Promise<void> {
  if (transition === 'pass') return; // no bids, nobody to tell
  const about = { ...lot, url: `${deps.publicOrigin}${lotPagePath(lot.id)}` };
  const price = lot.price ?? 0;
  for (const bidder of await lotBidderContacts(tx, lot.id)) {
    const to = { email: bidder.email, name: bidder.name };
    if (bidder.userId !== lot.leaderUserId) {
      await deps.mailer.send(lotLostMail(to, about, { yourMaximum: bidder.maximum, price: lot.price }), { tx });
    } else if (transition === 'end') {
      await deps.mailer.send(reserveNotMetMail(to, about, price, reserveAcceptDeadline(closedAt)), { tx });
    } else if (await wantsNotification(tx, bidder.userId, 'won')) {
      await deps.mailer.send(lotWonMail(to, about, price), { tx });
    }
  }
}

/** Every bidder of a lot with their address and standing maximum, in pseudonym order. */
export function lotBidderContacts(tx: Executor, lotId: string) {
  return tx
    .select({ userId: lotBidders.userId, email: users.email, name: users.name, maximum: lotBidders.maxAmount })
    .from(lotBidders)
    .innerJoin(users, eq(users.id, lotBidders.userId))
    .where(eq(lotBidders.lotId, lotId))
    .orderBy(lotBidders.pseudonym);
}
