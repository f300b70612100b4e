import type { SellerRegistration, SellerRegistrationsQuery, SellerRegistrationsResponse } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { depositHolds, registrations, users } from '@lotline/db/schema';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { pageWindow, paginationOf } from '../../lib/pagination';
import { registrationColumns, toRegistration } from '../registrations/registration-view';
import { requireOwnEvent } from '../sellers/company-access';

/**
 * An event's registrations for its company's users (decision 0052): pending
 * first (the queue to decide), then by date, with each bidder's name, e-mail,
 * deposit, bid limit and the verification the account module stores (`users.verified`,
 * `users.email_verified`). Never a card: the deposit says only its amount and state.
 */
export async function listEventRegistrations(
  db: Executor,
  userId: string,
  eventId: string,
  query: SellerRegistrationsQuery,
): Promise<SellerRegistrationsResponse> {
  const event = await requireOwnEvent(db, userId, eventId);
  const { limit, offset } = pageWindow(query);
  const where = and(
    eq(registrations.eventId, eventId),
    query.status ? eq(registrations.status, query.status) : undefined,
  );
  const rows = await selectSellerRegistrations(db, where)
    .orderBy(sql`${registrations.status} <> 'pending'`, asc(registrations.registeredAt), asc(registrations.id))
    .limit(limit)
    .offset(offset);
  const total = rows[0]?.total ?? (offset > 0 ? await db.$count(registrations, where) : 0);
  return {
    registrations: rows.map(toSellerRegistration),
    approvalRequired: event.registrationApprovalRequired,
    pagination: paginationOf(query, total),
  };
}

/** One registration as the console shows it (after a decision). */
export async function readEventRegistration(db: Executor, registrationId: string): Promise<SellerRegistration> {
  const [row] = await selectSellerRegistrations(db, eq(registrations.id, registrationId));
  if (!row) throw new Error(`registration ${registrationId} missing`);
  return toSellerRegistration(row);
}

function selectSellerRegistrations(db: Executor, where: SQL | undefined) {
  return db
    .select({
      ...registrationColumns,
      decidedAt: registrations.decidedAt,
      name: users.name,
      email: users.email,
      verified: users.verified,
      activated: users.emailVerified,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .leftJoin(depositHolds, eq(depositHolds.id, registrations.currentHoldId))
    .where(where)
    .$dynamic();
}

type Row = Awaited<ReturnType<typeof selectSellerRegistrations>>[number];

function toSellerRegistration(row: Row): SellerRegistration {
  const { status, deposit, registeredAt, bidLimit } = toRegistration(row);
  return {
    _id: row.id,
    user: { id: row.userId, name: row.name, email: row.email },
    status,
    deposit,
    verification: { verified: row.verified, activated: row.activated },
    registeredAt,
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
    bidLimit,
    currency: row.eventCurrency,
  };
}
