import type {
  StaffEventLot,
  StaffEventResponse,
  StaffEventSummary,
  StaffEventsQuery,
  StaffEventsResponse,
} from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { companies, eventLots, events, lotWithdrawals } from '@lotline/db/schema';
import { LOT_TRANSITIONS } from '@lotline/domain';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { pageWindow, paginationOf } from '../../lib/pagination';
import { openPause } from '../event-pauses/event-paused';
import { escapeLike } from '../search/search-events';

const summaryColumns = {
  id: events.id,
  name: events.name,
  status: events.status,
  companyId: companies.id,
  companyName: companies.name,
  startAt: events.startAt,
  endAt: events.endAt,
  lotsCount: sql<number>`(select count(*) from event_lots l where l.event_id = ${events.id})`.mapWith(Number),
};

type SummaryRow = {
  id: string;
  name: string;
  status: StaffEventSummary['status'];
  companyId: string;
  companyName: string;
  startAt: Date;
  endAt: Date;
  lotsCount: number;
};

const present = (row: SummaryRow): StaffEventSummary => ({
  id: row.id,
  name: row.name,
  status: row.status,
  company: { id: row.companyId, name: row.companyName },
  startAt: row.startAt.toISOString(),
  endAt: row.endAt.toISOString(),
  lotsCount: row.lotsCount,
});

/**
 * Staff's event search across every company (decision 0081): `q` matched literally, in any case, inside the
 * event's or the company's name; `status` one event status. Newest start first, then id, so pages never overlap.
 */
export async function listStaffEvents(db: Executor, query: StaffEventsQuery): Promise<StaffEventsResponse> {
  const filters: SQL[] = [];
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    filters.push(or(ilike(events.name, pattern), ilike(companies.name, pattern)) as SQL);
  }
  if (query.status) filters.push(eq(events.status, query.status));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select(summaryColumns)
    .from(events)
    .innerJoin(companies, eq(companies.id, events.companyId))
    .where(where)
    .orderBy(desc(events.startAt), asc(events.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ n: count() })
    .from(events)
    .innerJoin(companies, eq(companies.id, events.companyId))
    .where(where);
  return { events: rows.map(present), pagination: paginationOf(query, total?.n ?? 0) };
}

const WITHDRAWABLE: readonly string[] = LOT_TRANSITIONS.withdraw.from;

/** One event with its lots in the seller's order, read-only, with what staff may do to each lot. */
export async function getStaffEvent(db: Executor, eventId: string): Promise<StaffEventResponse> {
  const [row] = await db
    .select(summaryColumns)
    .from(events)
    .innerJoin(companies, eq(companies.id, events.companyId))
    .where(eq(events.id, eventId));
  if (!row) throw AppError.notFound('No such event.');
  const lots = await db
    .select({
      id: eventLots.id,
      number: eventLots.number,
      name: eventLots.name,
      type: eventLots.type,
      status: eventLots.status,
      currency: eventLots.currency,
      currentBid: eventLots.currentBidAmount,
      bidsCount: eventLots.bidsCount,
      endedAt: eventLots.endedAt,
      reason: lotWithdrawals.reason,
      withdrawnAt: lotWithdrawals.withdrawnAt,
    })
    .from(eventLots)
    .leftJoin(lotWithdrawals, eq(lotWithdrawals.lotId, eventLots.id))
    .where(eq(eventLots.eventId, eventId))
    .orderBy(asc(eventLots.sequence), asc(eventLots.number), asc(eventLots.id));
  return {
    event: present(row),
    pause: await openPause(db, eventId),
    lots: lots.map(
      (l): StaffEventLot => ({
        id: l.id,
        number: l.number,
        name: l.name,
        type: l.type,
        status: l.status,
        currency: l.currency,
        currentBid: l.currentBid,
        bidsCount: l.bidsCount,
        endedAt: l.endedAt?.toISOString() ?? null,
        withdrawable: WITHDRAWABLE.includes(l.status),
        withdrawal:
          l.reason !== null && l.withdrawnAt !== null
            ? { reason: l.reason, withdrawnAt: l.withdrawnAt.toISOString() }
            : null,
      }),
    ),
  };
}
