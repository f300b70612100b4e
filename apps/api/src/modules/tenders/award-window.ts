import type { Executor } from '@lotline/db';
import { eventLots, events } from '@lotline/db/schema';
import { eq, sql } from 'drizzle-orm';

/** The award window's default when a lot has no event (the column's default, `events.tender_award_days`). */
export const DEFAULT_TENDER_AWARD_DAYS = 5;

/** The end of a closed tender lot's award window: its close + the event's award days (null before the close). */
export const awardBySql = sql<Date | null>`(${eventLots.closedAt} + make_interval(days => coalesce(${events.tenderAwardDays}, ${DEFAULT_TENDER_AWARD_DAYS})))`;

/** What the award reads of a tender lot, locked, with the database clock's verdict on its window. */
export async function lockTenderLot(tx: Executor, lotId: string) {
  const [lot] = await tx
    .select({
      id: eventLots.id,
      number: eventLots.number,
      name: eventLots.name,
      currency: eventLots.currency,
      companyId: eventLots.companyId,
      eventId: eventLots.eventId,
      type: eventLots.type,
      status: eventLots.status,
      closedAt: eventLots.closedAt,
      inWindow: sql<boolean>`coalesce(${awardBySql} > clock_timestamp(), false)`,
    })
    .from(eventLots)
    .leftJoin(events, eq(events.id, eventLots.eventId))
    .where(eq(eventLots.id, lotId))
    .for('update', { of: eventLots });
  return lot;
}
