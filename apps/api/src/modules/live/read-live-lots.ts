import type { LiveLotEvent } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { eventLots, events } from '@lotline/db/schema';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { pausedSql } from '../event-pauses/event-paused';
import { publicEventCondition, publicLotCondition } from '../lots/visibility';

/**
 * One lot as the live stream sends it, with its `change_seq` (the event's `id:`) and its event's pause version:
 * how many times the event was paused or resumed. A pause writes no lot (decision 0093), so a stream tells a
 * newer state of a lot by either number growing.
 */
export interface LiveLot {
  seq: number;
  pauses: number;
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
      paused: sql<boolean>`${pausedSql(eventLots.eventId)}`,
      // Each pause and each resume counts one (the event's pauses, by the event index): it only grows.
      pauses: sql<number>`(select count(*) + count(p.resumed_at) from event_pauses p where p.event_id = ${eventLots.eventId})::int`,
      // Milliseconds as a float: the same on both drivers, whatever their Date parsing.
      serverMs: sql<number>`(extract(epoch from clock_timestamp()) * 1000)::float8`,
    })
    .from(eventLots)
    .where(and(inArray(eventLots.id, [...lotIds]), publicLotCondition()));
  return rows.map((row) => ({
    seq: Number(row.seq),
    pauses: Number(row.pauses),
    data: {
      _id: row.id,
      currentBid: row.amount === null ? null : { amount: Number(row.amount) },
      bidsCount: row.bidsCount,
      endedAt: row.endedAt ? row.endedAt.toISOString() : null,
      status: row.status,
      serverTime: new Date(Math.floor(Number(row.serverMs))).toISOString(),
      paused: row.paused === true,
    },
  }));
}

/**
 * The ids of these events' lots, for a pause or a resume: it writes no lot, so the hub fans it out to the
 * followers of the events' lots (decision 0093); `readLiveLots` then keeps the public ones.
 */
export async function lotIdsOfEvents(db: Executor, eventIds: readonly string[]): Promise<string[]> {
  if (eventIds.length === 0) return [];
  const rows = await db
    .select({ id: eventLots.id })
    .from(eventLots)
    .where(inArray(eventLots.eventId, [...eventIds]));
  return rows.map((row) => row.id);
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
