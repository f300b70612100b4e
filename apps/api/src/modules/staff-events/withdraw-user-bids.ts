import type { Executor } from '@lotline/db';
import { bids, eventLots, lotBidders, withdrawnBids } from '@lotline/db/schema';
import { LOT_STATUS, type RecordedBid, replayBids } from '@lotline/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit';
import { startingBidOf } from '../bidding/bidding-state';
import { selectBiddingLots, toBiddingLot } from '../bidding/lot-columns';
import { nextLotChangeSeq } from '../lots/change-lot-status';

/** The reason a disabled account's maxima are withdrawn with, kept with each withdrawn standing. */
export const DISABLED_ACCOUNT = 'account disabled';

/**
 * Withdraws a user's standing maximum bids on every auction lot still open (decision 0082), in the caller's
 * transaction (the disable's). The lots are locked in id order, so two such withdrawals (or one and a bid
 * batch, which locks one lot) never deadlock, and a bid on the lot waits for the commit. Each lot's price,
 * leader, reserve flag and bid count are replayed from the bids that still count: its history (append-only,
 * left as it is) without this user's rows and without the rows of maxima withdrawn before. The user's standing
 * row stays (its pseudonym names their rows in the history) with its maximum at 0, so it never leads again
 * unless they bid anew. Closed lots are left alone: an order stays theirs and the unpaid-order rules decide it.
 * Returns the lots changed, for the live stream after the commit.
 */
export async function withdrawUserBids(tx: Executor, actorId: string, userId: string): Promise<string[]> {
  const locked = (await tx.execute(sql`
    select l.id from event_lots l join lot_bidders b on b.lot_id = l.id and b.user_id = ${userId}
    where l.status = ${LOT_STATUS.Active} and l.type = 'AuctionLot' and b.max_amount > 0
    order by l.id for update of l`)) as unknown as { rows: { id: string }[] };
  const changed: string[] = [];
  for (const { id } of locked.rows) {
    await withdrawOnLot(tx, actorId, userId, id);
    changed.push(id);
  }
  return changed;
}

async function withdrawOnLot(tx: Executor, actorId: string, userId: string, lotId: string): Promise<void> {
  const [row] = await selectBiddingLots(tx).where(eq(eventLots.id, lotId));
  if (!row) throw new Error(`locked lot ${lotId} vanished`);
  const lot = toBiddingLot(row);
  const history = await tx
    .select({ seq: bids.seq, userId: bids.userId, amount: bids.amount, maxAmount: bids.maxAmount })
    .from(bids)
    .where(and(eq(bids.lotId, lotId), eq(bids.kind, 'bid')))
    .orderBy(asc(bids.seq));
  const earlier = await tx
    .select({ userId: withdrawnBids.userId, upToSeq: withdrawnBids.upToSeq })
    .from(withdrawnBids)
    .where(eq(withdrawnBids.lotId, lotId));
  const withdrawnBefore = (b: { userId: string; seq: number }) =>
    earlier.some((w) => w.userId === b.userId && b.seq <= w.upToSeq);
  const remaining: RecordedBid[] = history
    .filter((b) => b.userId !== userId && !withdrawnBefore(b))
    .map((b) => ({ bidderId: b.userId, amount: b.amount, maxAmount: b.maxAmount ?? b.amount }));
  const replay = replayBids(
    { startingBid: startingBidOf(lot), reserve: row.reserve, increments: lot.increments },
    remaining,
  );

  const [standing] = await tx
    .select({ max: lotBidders.maxAmount })
    .from(lotBidders)
    .where(and(eq(lotBidders.lotId, lotId), eq(lotBidders.userId, userId)));
  const own = history.filter((b) => b.userId === userId).map((b) => b.seq);
  const upToSeq = own.length > 0 ? Math.max(...own) : 0;
  await tx.insert(withdrawnBids).values({
    lotId,
    userId,
    upToSeq,
    maxAmount: standing?.max ?? 0,
    reason: DISABLED_ACCOUNT,
  });
  await tx
    .update(lotBidders)
    .set({ maxAmount: 0, updatedAt: sql`now()` })
    .where(and(eq(lotBidders.lotId, lotId), eq(lotBidders.userId, userId)));
  await tx
    .update(eventLots)
    .set({
      currentBidAmount: replay.price,
      leaderUserId: replay.leaderId,
      reserveMet: replay.reserveMet,
      bidsCount: replay.bidsCount,
      changeSeq: nextLotChangeSeq,
      updatedAt: sql`now()`,
    })
    .where(eq(eventLots.id, lotId));
  await recordAudit(tx, {
    actorId,
    action: 'lot.bids-withdrawn',
    targetType: 'lot',
    targetId: lotId,
    before: { userId, maxAmount: standing?.max ?? null, price: row.currentBid, leaderId: row.leaderUserId },
    after: { userId, maxAmount: 0, price: replay.price, leaderId: replay.leaderId, reason: DISABLED_ACCOUNT },
  });
}
