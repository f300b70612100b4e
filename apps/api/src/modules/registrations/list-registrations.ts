import type { RegistrationReview } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { depositHolds, registrations, users } from '@lotline/db/schema';
import { asc, eq, sql } from 'drizzle-orm';
import { requireReviewerOf } from './registration-reviewers';
import { registrationColumns, toRegistration } from './registration-view';

/** The registrations of an event for its seller or staff: pending first (the queue), then by date. */
export async function listRegistrations(
  db: Database,
  reviewerId: string,
  eventId: string,
): Promise<RegistrationReview[]> {
  await requireReviewerOf(db, reviewerId, eventId);
  const rows = await db
    .select({ ...registrationColumns, name: users.name, email: users.email })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .leftJoin(depositHolds, eq(depositHolds.id, registrations.currentHoldId))
    .where(eq(registrations.eventId, eventId))
    .orderBy(sql`${registrations.status} <> 'pending'`, asc(registrations.registeredAt), asc(registrations.id))
    .limit(1000);
  return rows.map((row) => ({
    _id: row.id,
    user: { id: row.userId, name: row.name, email: row.email },
    ...toRegistration(row),
  }));
}
