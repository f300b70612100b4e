import { SELLER_LOT_CODES } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { eventLots, events } from '@lotline/db/schema';
import { LOT_STATUS } from '@lotline/domain';
import { and, eq, inArray, max, ne, type SQL, sql } from 'drizzle-orm';
import { dbNow } from '../../lib/db-now';
import { AppError } from '../../lib/errors';
import { applyEventLotEnds } from '../closing/schedule-event-lot-ends';
import { nextLotChangeSeq } from '../lots/change-lot-status';
import type { EventRow } from '../sellers/company-access';
import { lotProblems } from './lot-problems';

/**
 * What every write to an event's lots shares (decision 0050): the event row is
 * locked first, so two writers of one event's lots (numbers, sequence, times)
 * take turns; lots follow the event's times (start = the event's start, end =
 * the event's end + k × stagger, BIDDING §5).
 */

/** The event, locked for the rest of the transaction (404 if it went meanwhile). */
export async function lockEvent(tx: Executor, eventId: string): Promise<EventRow> {
  const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for('update');
  if (!event) throw AppError.notFound('No such event.');
  return event;
}

/**
 * A lot may be added to a draft, or to a published event before it starts (by
 * the database clock): nobody has bid yet, and the new lot closes after the
 * others. Once the event has started, or when it is view-only or finalized,
 * the set of lots is what bidders saw: 409 EVENT_PUBLISHED.
 */
export async function assertMayAddLot(tx: Executor, event: EventRow): Promise<void> {
  if (event.status === 'draft') return;
  const started = event.startAt.getTime() <= (await dbNow(tx)).getTime();
  if (event.status === 'published' && !started) return;
  throw new AppError(
    SELLER_LOT_CODES.eventPublished,
    started
      ? 'The event has started: no lot can be added to it any more.'
      : `The event is ${event.status}: no lot can be added to it.`,
    { status: 409 },
  );
}

/**
 * A published event's lot stays publishable (decision 0050): after a write to
 * it, inside the transaction, the per-lot publish checks run on the new state;
 * anything missing is 409 PUBLISHED_LOT_INCOMPLETE naming it (and the write is undone).
 */
export async function assertLotComplete(tx: Executor, event: EventRow, lotId: string): Promise<void> {
  if (event.status === 'draft') return;
  const [first, ...more] = (await lotProblems(tx, event, lotId)).problems.map((p) => ({
    ...p,
    code: SELLER_LOT_CODES.publishedLotIncomplete,
  }));
  if (!first) return;
  throw new AppError(first.code, `The event is published, so every lot must stay complete: ${first.message}`, {
    status: 409,
    field: first.field,
    more,
  });
}

/** Only a draft's lots may be removed or reordered: a published event's lots and their ends are what bidders saw. */
export function assertDraft(event: EventRow, doing: string): void {
  if (event.status !== 'draft') {
    throw new AppError(
      SELLER_LOT_CODES.eventPublished,
      `The event is ${event.status}: its lots can no longer be ${doing}, only while it is a draft.`,
      { status: 409 },
    );
  }
}

/** Whether a lot number is taken within the event (by a lot other than `exceptId`). */
export async function numberTaken(tx: Executor, eventId: string, number: string, exceptId?: string): Promise<boolean> {
  const rows = await tx
    .select({ id: eventLots.id })
    .from(eventLots)
    .where(
      and(
        eq(eventLots.eventId, eventId),
        eq(eventLots.number, number),
        exceptId ? ne(eventLots.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function assertNumberFree(tx: Executor, eventId: string, number: string, exceptId?: string) {
  if (await numberTaken(tx, eventId, number, exceptId)) {
    throw new AppError(SELLER_LOT_CODES.numberTaken, `Lot number ${number} is already used in this event.`, {
      status: 409,
      field: 'number',
    });
  }
}

/** The next sequence: after every lot of the event. */
export async function nextSequence(tx: Executor, eventId: string): Promise<number> {
  const [row] = await tx
    .select({ n: max(eventLots.sequence) })
    .from(eventLots)
    .where(eq(eventLots.eventId, eventId));
  return (row?.n ?? 0) + 1;
}

/** The columns a new lot of the event starts with: not yet open, the event's currency and times. */
export function newLotColumns(event: EventRow, sequence: number) {
  return {
    eventId: event.id,
    companyId: event.companyId,
    status: LOT_STATUS.Pending,
    sequence,
    // The event has no currency of its own: its deposit's, else the marketplace's default (decision 0050).
    currency: event.bidDepositCurrency ?? 'USD',
    startAt: event.startAt,
    endedAt: event.endAt,
    scheduledEndAt: event.endAt,
    changeSeq: nextLotChangeSeq,
  };
}

/**
 * A change of what the public sees of these lots that no other UPDATE of
 * their rows records (their photos; the event turning public): each row takes
 * a new `change_seq` and `updated_at` all the same (the live stream's `id:`,
 * the lot sitemap's lastmod). The caller announces the returned lots after its
 * commit (`publishLotChanges`), as every write to a non-draft event's lots does.
 */
export async function touchLots(tx: Executor, which: SQL): Promise<string[]> {
  const rows = await tx
    .update(eventLots)
    .set({ changeSeq: nextLotChangeSeq, updatedAt: sql`now()` })
    .where(which)
    .returning({ id: eventLots.id });
  return rows.map((r) => r.id);
}

/**
 * Every not-yet-open lot starts with the event, and every open lot ends at
 * the event's end + k × stagger in `sequence` order. Returns the lots moved.
 */
export async function alignLotTimes(tx: Executor, event: Pick<EventRow, 'id' | 'startAt'>): Promise<string[]> {
  const started = await tx
    .update(eventLots)
    .set({ startAt: event.startAt, changeSeq: nextLotChangeSeq, updatedAt: sql`now()` })
    .where(
      and(
        eq(eventLots.eventId, event.id),
        inArray(eventLots.status, [LOT_STATUS.Pending]),
        sql`${eventLots.startAt} is distinct from ${event.startAt}`,
      ),
    )
    .returning({ id: eventLots.id });
  const ended = await applyEventLotEnds(tx, event.id);
  return [...started.map((r) => r.id), ...ended];
}
