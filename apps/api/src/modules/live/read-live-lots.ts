import type { LiveLotEvent } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { eventLots, events } from '@lotline/db/schema';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { publicEventCondition, publicLotCondition } from '../lots/visibility';

/** One lot as the live stream sends it, with its `change_seq` (the event's `id:`). */
export interface LiveLot {
  seq: number;
  data: LiveLotEvent;
}

/**
 * The current state of these lots, public ones only (spec §5), in ONE query
 * whatever the batch: the fan-out reads a burst of changes once for every
 * subscriber. `serverTime` is the database clock at the read (contract §5),
 * which the browser's timers go by.
 */
export async function readLiveLots(db: Executor, lotIds: readonly string[]): Promise<LiveLot[]> {
  if (lotIds.length === 0) return [];
  const rows = await db
    .select({
      id: eventLots.id,
      amount: eventLots.currentBidAmount,
      bidsCount: eventLots.bidsCount,
      endedAt: eventLots.endedAt,
      status: eventLots.status,
      seq: eventLots.changeSeq,
      // Milliseconds as a float: the same on both drivers, whatever their Date parsing.
      serverMs: sql<number>`(extract(epoch from clock_timestamp()) * 1000)::float8`,
    })
    .from(eventLots)
    .where(and(inArray(eventLots.id, [...lotIds]), publicLotCondition()));
  return rows.map((row) => ({
    seq: Number(row.seq),
    data: {
      _id: row.id,
      currentBid: row.amount === null ? null : { amount: Number(row.amount) },
      bidsCount: row.bidsCount,
      endedAt: row.endedAt ? row.endedAt.toISOString() : null,
      status: row.status,
      serverTime: new Date(Math.floor(Number(row.serverMs))).toISOString(),
    },
  }));
}

/** The ids of an event's public lots (none when the event is not public), at most `limit`, in the event's order. */
export async function publicLotIdsOfEvent(db: Executor, eventId: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: eventLots.id })
    .from(eventLots)
    .innerJoin(events, eq(events.id, eventLots.eventId))
    .where(and(eq(eventLots.eventId, eventId), publicEventCondition(), publicLotCondition()))
    .orderBy(asc(eventLots.sequence), asc(eventLots.id))
    .limit(limit);
  return rows.map((row) => row.id);
}
