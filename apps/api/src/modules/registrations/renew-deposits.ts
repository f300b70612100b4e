import { eventPagePath } from '@lotline/contracts/page-paths';
import type { Database } from '@lotline/db';
import { depositHolds, eventLots, events, paymentMethods, registrations } from '@lotline/db/schema';
import { type AnyColumn, and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { JobRunner } from '../../lib/jobs/job-runner';
import type { Mailer } from '../mail/mailer';
import { depositRenewalFailedMail } from '../mail/templates/deposits';
import type { PaymentProvider } from '../payments/provider';
import { cancelOpenReplacedHolds, cancelStrayHolds } from './cancel-at-provider';
import { recipient } from './decide-registration';
import { type ClaimedHold, claimHoldAttempt, placeHold, recordHeld, recordRefused } from './hold-attempt';
import { customerOf } from './registration-rules';

export interface RenewDeps {
  db: Database;
  provider: PaymentProvider;
  mailer: Mailer;
  publicOrigin: string;
  log: FastifyBaseLogger;
}

export const RENEWAL_EVERY_S = 15 * 60;

/**
 * How long before a hold lapses it is renewed (decision 0037): a day leaves
 * the job ~96 runs to get through, and a failure gives the bidder most of a
 * day to fix their card while the old hold still stands.
 */
export const RENEWAL_LEAD = "interval '24 hours'";

/**
 * BIDDING §6: a held deposit (or a winner's applied one, until the order
 * captures it) whose hold lapses before the event is done with it (the latest
 * effective end of its lots + the payment window) and within RENEWAL_LEAD is
 * renewed: a new hold first, then the old one cancelled (`replaced`; a failed
 * cancel is retried by the next run). A refusal makes the deposit `failed` (no new bids; standing
 * bids remain) and tells the bidder. Times are the database's. Answers how
 * many were renewed and how many failed.
 */
export async function renewDeposits(deps: RenewDeps, limit = 200): Promise<{ renewed: number; failed: number }> {
  await cancelOpenReplacedHolds(deps);
  const latestEnd = sql`(select max(${eventLots.endedAt}) from ${eventLots} where ${eventLots.eventId} = ${events.id})`;
  const due = await deps.db
    .select({ registrationId: registrations.id, holdId: depositHolds.id, depositStatus: registrations.depositStatus })
    .from(registrations)
    .innerJoin(depositHolds, eq(depositHolds.id, registrations.currentHoldId))
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(
      and(
        or(
          and(
            eq(registrations.depositStatus, 'held'),
            eq(depositHolds.status, 'held'),
            isNull(events.depositsSettledAt),
          ),
          // A winner's hold, applied at settlement, must last until the order captures it, and no longer: once a
          // capture was tried (captured, or refused) the hold is spent and renewing it would authorise the card
          // again for a deposit that no longer stands (issue 25).
          and(
            eq(registrations.depositStatus, 'applied'),
            eq(depositHolds.status, 'applied'),
            sql`not exists (${captureTried(depositHolds.providerHoldId)})`,
          ),
        ),
        sql`${depositHolds.expiresAt} < now() + ${sql.raw(RENEWAL_LEAD)}`,
        sql`${depositHolds.expiresAt} < ${latestEnd} + ${events.paymentWindowDays} * interval '1 day'`,
      ),
    )
    .orderBy(depositHolds.expiresAt)
    .limit(limit);
  const tally = { renewed: 0, failed: 0 };
  for (const row of due) {
    try {
      const outcome = await renewOne(deps, row.registrationId, row.holdId);
      if (outcome) tally[outcome] += 1;
    } catch (err) {
      // One registration's trouble (the provider unreachable) must not stop the others; the next run retries it.
      deps.log.error({ err, registrationId: row.registrationId }, 'a deposit hold could not be renewed');
    }
  }
  return tally;
}

/** A capture of the hold toward an order was claimed (whatever came of it): SQL for `exists`. */
const captureTried = (providerHoldId: AnyColumn | SQL) =>
  sql`select 1 from order_payments p where p.kind = 'deposit-capture' and p.provider_payment_id = ${providerHoldId}`;

async function renewOne(deps: RenewDeps, registrationId: string, holdId: string): Promise<'renewed' | 'failed' | null> {
  const { db, provider } = deps;
  const claim = await db
    .transaction(async (tx) => {
      const [reg] = await tx
        .select({
          currentHoldId: registrations.currentHoldId,
          depositStatus: registrations.depositStatus,
          userId: registrations.userId,
          eventId: registrations.eventId,
          amount: registrations.depositAmount,
          currency: registrations.depositCurrency,
          paymentMethodId: registrations.paymentMethodId,
          // Read under the lock claimCapture also takes: a capture claimed since the scan spends the hold.
          spent: sql<boolean>`exists (${captureTried(
            sql`(select h.provider_hold_id from deposit_holds h where h.id = ${registrations.currentHoldId})`,
          )})`,
        })
        .from(registrations)
        .where(eq(registrations.id, registrationId))
        .for('update');
      // Another run (or a new registration POST) got here first, or the order captured the hold meanwhile.
      const renewable = (reg?.depositStatus === 'held' || reg?.depositStatus === 'applied') && !reg.spent;
      if (!reg || reg.currentHoldId !== holdId || !renewable || !reg.amount || !reg.currency) return null;
      const hold = await claimHoldAttempt(tx, registrationId, {
        amount: reg.amount,
        currency: reg.currency,
        provider: provider.name,
      });
      return { ...reg, hold };
    })
    .catch((err) => {
      // A fresh attempt in flight for this registration: it is being handled.
      if (err?.code === 'CONFLICT') return null;
      throw err;
    });
  if (!claim) return null;

  const [card] = claim.paymentMethodId
    ? await db
        .select({
          id: paymentMethods.id,
          provider: paymentMethods.provider,
          providerPaymentMethodId: paymentMethods.providerPaymentMethodId,
        })
        .from(paymentMethods)
        .where(eq(paymentMethods.id, claim.paymentMethodId))
    : [];
  const outcome =
    card && card.provider === provider.name
      ? await placeHold(provider, claim.hold, {
          ...card,
          customerId: await customerOf(db, claim.userId, provider.name),
        })
      : ({ ok: false, message: 'The card the deposit was held on has been removed from your account.' } as const);
  if (outcome.ok) {
    const expected = { depositStatus: claim.depositStatus as 'held' | 'applied', currentHoldId: holdId };
    const { stands, stray } = await db.transaction((tx) =>
      recordHeld(tx, registrationId, claim.hold, outcome.providerHoldId, claim.paymentMethodId as string, expected),
    );
    await cancelStrayHolds(deps, stray);
    return stands ? 'renewed' : null;
  }
  await recordFailure(deps, registrationId, claim.hold, outcome.message, claim);
  return 'failed';
}

async function recordFailure(
  deps: RenewDeps,
  registrationId: string,
  hold: ClaimedHold,
  message: string,
  reg: { userId: string; eventId: string },
) {
  const [event] = await deps.db.select({ name: events.name }).from(events).where(eq(events.id, reg.eventId));
  await deps.db.transaction(async (tx) => {
    await recordRefused(tx, hold, message);
    // The old hold still stands until it lapses; the deposit is no longer good for new bids.
    await tx
      .update(registrations)
      .set({ depositStatus: 'failed', depositError: message, updatedAt: sql`now()` })
      .where(and(eq(registrations.id, registrationId), eq(registrations.depositStatus, 'held')));
    await deps.mailer.send(
      depositRenewalFailedMail({
        to: await recipient(tx, reg.userId),
        eventName: event?.name ?? 'the event',
        reason: message,
        url: `${deps.publicOrigin}${eventPagePath(reg.eventId)}`,
      }),
      { tx },
    );
  });
}

/** The renewal as a periodic job (every 15 minutes, across all API processes; idempotent). */
export function registerDepositRenewal(jobs: JobRunner, deps: RenewDeps): void {
  jobs.register('deposit-renewal', () => renewDeposits(deps), {
    everySeconds: RENEWAL_EVERY_S,
    failureMessage: 'could not renew deposit holds',
  });
}
