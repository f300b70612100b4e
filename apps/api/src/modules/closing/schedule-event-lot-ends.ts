import type { Database, Executor } from '@lotline/db';
import { eventLots, events } from '@lotline/db/schema';
import { LOT_STATUS, staggeredEnd } from '@lotline/domain';
import { asc, eq, sql } from 'drizzle-orm';
import { publishLotChanges } from '../live/publish-lot-changes';
import { nextLotChangeSeq } from '../lots/change-lot-status';

const OPEN = new Set<string>([LOT_STATUS.Pending, LOT_STATUS.Active]);

/**
 * BIDDING §5 staggered close: lot k of the event (in `sequence` order, ties by
 * id, from 0, counting every lot so a lot's slot never depends on others having
 * closed) is scheduled at the event's end + k × its stagger interval. Sets
 * `scheduled_end_at` and the effective end `ended_at` of each lot not yet
 * closed (Pending or Active, no `closed_at`) and not extended by a soft close
 * (its effective end is still its scheduled end, or it has none). For the
 * seller console (issue 16): call it when an event is published or its end
 * or stagger changes. Returns the lots it moved; publishes them after commit.
 */
export async function scheduleEventLotEnds(db: Database, eventId: string): Promise<string[]> {
  const moved = await db.transaction((tx) => applyEventLotEnds(tx, eventId));
  if (moved.length > 0) await publishLotChanges(db, moved);
  return moved;
}

/** The same inside the caller's transaction; the caller publishes the returned lots after its commit. */
export async function applyEventLotEnds(tx: Executor, eventId: string): Promise<string[]> {
  const [event] = await tx
    .select({ endAt: events.endAt, stagger: events.staggerIntervalSeconds })
    .from(events)
    .where(eq(events.id, eventId))
    .for('update');
  if (!event) return [];
  // Locked so that a bid extending a lot meanwhile is seen (and that lot left alone).
  const lots = await tx
    .select({
      id: eventLots.id,
      status: eventLots.status,
      closedAt: eventLots.closedAt,
      endedAt: eventLots.endedAt,
      scheduledEndAt: eventLots.scheduledEndAt,
    })
    .from(eventLots)
    .where(eq(eventLots.eventId, eventId))
    .orderBy(asc(eventLots.sequence), asc(eventLots.id))
    .for('update');
  const moved: string[] = [];
  for (const [k, lot] of lots.entries()) {
    const extended = lot.scheduledEndAt !== null && lot.endedAt?.getTime() !== lot.scheduledEndAt.getTime();
    if (!OPEN.has(lot.status) || lot.closedAt !== null || extended) continue;
    const end = new Date(staggeredEnd(event.endAt.getTime(), k, event.stagger));
    if (lot.endedAt?.getTime() === end.getTime() && lot.scheduledEndAt?.getTime() === end.getTime()) continue;
    await tx
      .update(eventLots)
      .set({ scheduledEndAt: end, endedAt: end, changeSeq: nextLotChangeSeq, updatedAt: sql`now()` })
      .where(eq(eventLots.id, lot.id));
    moved.push(lot.id);
  }
  return moved;
}
