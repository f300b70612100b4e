import type { RegistrationStatus, StaffRegistrationRow, StaffRegistrationsResponse } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { companies, depositHolds, events, registrations, users } from '@lotline/db/schema';
import { asc, count, eq } from 'drizzle-orm';
import { pageWindow, paginationOf } from '../../lib/pagination';
import { registrationColumns, toRegistration } from '../registrations/registration-view';
import { readRiskSignals } from './risk-signals';

/**
 * Staff's bidder review queue (decision 0080): the registrations in one status (pending: awaiting a
 * decision) across every event and company, oldest first, each with its event and the bidder's risk
 * signals. The caller checked the staff role.
 */
export async function listReviewQueue(
  db: Executor,
  query: { status: RegistrationStatus; pageSize: number; pageNumber: number },
): Promise<StaffRegistrationsResponse> {
  const where = eq(registrations.status, query.status);
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select({
      ...registrationColumns,
      name: users.name,
      email: users.email,
      eventName: events.name,
      companyId: companies.id,
      companyName: companies.name,
    })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .innerJoin(events, eq(events.id, registrations.eventId))
    .innerJoin(companies, eq(companies.id, events.companyId))
    .leftJoin(depositHolds, eq(depositHolds.id, registrations.currentHoldId))
    .where(where)
    .orderBy(asc(registrations.registeredAt), asc(registrations.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(registrations).where(where);
  const signals = await readRiskSignals(db, [...new Set(rows.map((r) => r.userId))]);
  const list = rows.map(
    (row): StaffRegistrationRow => ({
      _id: row.id,
      user: { id: row.userId, name: row.name, email: row.email },
      ...toRegistration(row),
      event: {
        id: row.eventId,
        name: row.eventName,
        companyId: row.companyId,
        companyName: row.companyName,
        currency: row.eventCurrency,
      },
      signals: signals.get(row.userId),
    }),
  );
  return { registrations: list, pagination: paginationOf(query, total?.n ?? 0) };
}
