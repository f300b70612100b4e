import type { RegistrationDecisionBody, RegistrationReview } from '@lotline/contracts';
import { eventPagePath } from '@lotline/contracts/page-paths';
import type { Database, Executor } from '@lotline/db';
import { depositHolds, registrations, users } from '@lotline/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { assertNotOwnRecord } from '../../lib/own-record';
import { recordAudit } from '../audit/record-audit';
import type { Mailer } from '../mail/mailer';
import { registrationApprovedMail, registrationDeclinedMail } from '../mail/templates/deposits';
import type { PaymentProvider } from '../payments/provider';
import { cancelAtProvider } from './cancel-at-provider';
import { eventCurrencySql } from './event-currency';
import { settleHold } from './hold-attempt';
import { listRegistrations } from './list-registrations';
import { requireReviewerOf } from './registration-reviewers';

export interface DecideDeps {
  db: Database;
  provider: PaymentProvider;
  mailer: Mailer;
  publicOrigin: string;
}

/**
 * The seller (or staff) approves or declines a pending registration (BIDDING
 * §6). Declining releases the deposit: the decision commits first (the
 * registration is unusable from then on), then the hold is cancelled at the
 * provider and recorded `released`. Repeating the same decision is answered
 * as is and finishes a release a failure interrupted; the other decision is
 * a 409. The bidder is told by e-mail either way (a decline with the reason
 * given, if any). The staff route and the seller console's both call this;
 * the console passes the event of its path as `scope`. An approval may set
 * the registration's bid limit (decision 0080); a repeated approval leaves
 * the limit as it is (the bid-limit endpoint changes it). Every decision,
 * staff's and the seller's, goes to the audit log (decisions 0073, 0088),
 * an approval with the limit it set.
 */
export async function decideRegistration(
  deps: DecideDeps,
  reviewerId: string,
  registrationId: string,
  { decision, reason, bidLimit }: RegistrationDecisionBody,
  scope: { eventId?: string } = {},
): Promise<RegistrationReview> {
  const { db } = deps;
  const [found] = await db
    .select({ eventId: registrations.eventId })
    .from(registrations)
    .where(eq(registrations.id, registrationId));
  // The seller console names the event in the path: a registration of another event is not there.
  if (!found || (scope.eventId !== undefined && found.eventId !== scope.eventId))
    throw AppError.notFound('No such registration.');
  const event = await requireReviewerOf(db, reviewerId, found.eventId);
  const target = decision === 'approve' ? 'approved' : 'declined';
  const url = `${deps.publicOrigin}${eventPagePath(found.eventId)}`;

  const decided = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        status: registrations.status,
        userId: registrations.userId,
        currency: eventCurrencySql(registrations.eventId),
      })
      .from(registrations)
      .where(eq(registrations.id, registrationId))
      .for('update', { of: registrations });
    if (!row) throw AppError.notFound('No such registration.');
    assertNotOwnRecord(reviewerId, row.userId);
    if (row.status !== 'pending' && row.status !== target)
      throw new AppError('CONFLICT', `This registration was already ${row.status}.`);
    if (row.status === target) return { userId: row.userId, first: false };
    const limit = target === 'approved' ? (bidLimit ?? null) : null;
    await tx
      .update(registrations)
      .set({ status: target, decidedAt: sql`now()`, updatedAt: sql`now()`, bidLimitMinor: limit })
      .where(eq(registrations.id, registrationId));
    // The seller's decisions too: they decide whether another person may bid (decision 0088). An approval records
    // the limit it set.
    await recordAudit(tx, {
      actorId: reviewerId,
      action: `registration.${decision}`,
      targetType: 'registration',
      targetId: registrationId,
      before: { status: row.status },
      after:
        target === 'approved'
          ? { status: target, bidLimit: limit === null ? null : { amount: limit, currency: row.currency } }
          : { status: target },
    });
    if (target === 'approved')
      await deps.mailer.send(
        registrationApprovedMail({ to: await recipient(tx, row.userId), eventName: event.name, url }),
        { tx },
      );
    return { userId: row.userId, first: true };
  });

  if (target === 'declined') {
    const released = await releaseHeldDeposit(deps, registrationId);
    if (decided.first) {
      await deps.mailer.send(
        registrationDeclinedMail({
          to: await recipient(db, decided.userId),
          eventName: event.name,
          url,
          deposit: released,
          reason,
        }),
      );
    }
  }
  const view = (await listRegistrations(db, reviewerId, found.eventId)).find((r) => r._id === registrationId);
  if (!view) throw new Error(`registration ${registrationId} vanished after its decision`);
  return view;
}

/** Cancels the standing hold of a declined registration; answers the deposit released, or null when none was held. */
async function releaseHeldDeposit(deps: DecideDeps, registrationId: string) {
  const [held] = await deps.db
    .select({
      holdId: depositHolds.id,
      providerHoldId: depositHolds.providerHoldId,
      amount: depositHolds.amount,
      currency: depositHolds.currency,
    })
    .from(registrations)
    .innerJoin(depositHolds, eq(depositHolds.id, registrations.currentHoldId))
    .where(and(eq(registrations.id, registrationId), eq(depositHolds.status, 'held')));
  if (!held?.providerHoldId) return null;
  await cancelAtProvider(deps.provider, held.providerHoldId);
  await deps.db.transaction((tx) => settleHold(tx, { holdId: held.holdId, registrationId }, 'released'));
  return { amount: held.amount, currency: held.currency };
}

export async function recipient(db: Executor, userId: string): Promise<{ email: string; name: string }> {
  const [user] = await db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`user ${userId} missing`);
  return user;
}
