import type { RegistrationReview } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { eventLots, lotBidders, registrations } from '@lotline/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { assertNotOwnRecord } from '../../lib/own-record';
import { recordAudit } from '../audit/record-audit';
import { formatMoney } from '../bidding/lot-columns';
import { eventCurrencySql } from './event-currency';
import { listRegistrations } from './list-registrations';
import { requireReviewerOf } from './registration-reviewers';

/**
 * Staff or the event's seller change a registration's bid limit (BIDDING §8, decision 0080): raised or
 * lifted (null) at any time; lowered, never below the highest maximum the bidder has standing on a lot
 * of the event (409, nothing changed). A declined registration has no limit to change (409). The
 * registration's row lock serialises this with the bids, which read the limit FOR SHARE after the lot's
 * lock (bidding/bid-limits.ts): the maxima read here include every bid that committed under the old one.
 * Audited whoever changes it, the seller too (`asStaff` says which): a limit is named among the writes that
 * affect another person, and only this route changes a limit after the decision.
 */
export async function changeBidLimit(
  db: Database,
  actorId: string,
  registrationId: string,
  bidLimit: number | null,
  scope: { eventId?: string } = {},
): Promise<RegistrationReview> {
  const [found] = await db
    .select({ eventId: registrations.eventId })
    .from(registrations)
    .where(eq(registrations.id, registrationId));
  if (!found || (scope.eventId !== undefined && found.eventId !== scope.eventId))
    throw AppError.notFound('No such registration.');
  const event = await requireReviewerOf(db, actorId, found.eventId);

  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        status: registrations.status,
        userId: registrations.userId,
        limit: registrations.bidLimitMinor,
        currency: eventCurrencySql(registrations.eventId),
      })
      .from(registrations)
      .where(eq(registrations.id, registrationId))
      .for('update', { of: registrations });
    if (!row) throw AppError.notFound('No such registration.');
    assertNotOwnRecord(actorId, row.userId);
    if (row.status === 'declined')
      throw new AppError('CONFLICT', 'This registration was declined: it has no bid limit to change.');
    if (row.limit === bidLimit) return;
    if (bidLimit !== null) {
      const [standing] = await tx
        .select({ max: sql<number | null>`max(${lotBidders.maxAmount})::float8` })
        .from(lotBidders)
        .innerJoin(eventLots, eq(eventLots.id, lotBidders.lotId))
        .where(and(eq(eventLots.eventId, found.eventId), eq(lotBidders.userId, row.userId)));
      const max = standing?.max == null ? null : Number(standing.max);
      if (max !== null && bidLimit < max)
        throw new AppError(
          'CONFLICT',
          `The bidder already has a maximum bid of ${formatMoney(max, row.currency)} standing in this event: the limit cannot go below it.`,
          { field: 'bidLimit' },
        );
    }
    await tx
      .update(registrations)
      .set({ bidLimitMinor: bidLimit, updatedAt: sql`now()` })
      .where(eq(registrations.id, registrationId));
    const money = (amount: number | null) => (amount === null ? null : { amount, currency: row.currency });
    await recordAudit(tx, {
      actorId,
      action: 'registration.bid-limit',
      targetType: 'registration',
      targetId: registrationId,
      before: { bidLimit: money(row.limit) },
      after: { bidLimit: money(bidLimit), asStaff: event.asStaff },
    });
  });
  const view = (await listRegistrations(db, actorId, found.eventId)).find((r) => r._id === registrationId);
  if (!view) throw new Error(`registration ${registrationId} vanished after its bid limit changed`);
  return view;
}
