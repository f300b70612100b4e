import { randomUUID } from 'node:crypto';
import type { Executor, Transaction } from '@lotline/db';
import { depositHolds, registrations } from '@lotline/db/schema';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import type { PaymentProvider } from '../payments/provider';
import { changeHold, insertPlacingHold, recordHoldFacts } from './change-hold';
import type { HoldCard } from './registration-rules';

/**
 * Placing a deposit hold without ever losing or doubling one (decision 0037).
 * The provider is never called inside a database transaction (a transaction
 * must not wait on the network, and on PGlite the sandbox's own queries would
 * wait for it forever). So:
 *
 * 1. claim: in a transaction holding the registration's row lock, insert the
 *    hold row *first*, as "placing" (status `failed`, no provider id, no
 *    failure message: unusable by construction). A second attempt for the same
 *    registration finds it and is refused (409) instead of holding twice.
 * 2. call the provider with `reference` = the hold row's id: the provider is
 *    idempotent on it, so a retry after a crash answers the same hold.
 * 3. record the outcome in a second transaction.
 *
 * A "placing" row older than ABANDONED_AFTER belongs to an attempt that died
 * between 1 and 3: the next attempt takes it over with the same reference.
 */
export const ABANDONED_AFTER = "interval '2 minutes'";

/** Card networks let an online authorisation lapse after 7 days (Visa/Mastercard; BIDDING §6). */
export const HOLD_LIFETIME = "interval '7 days'";

export type ClaimedHold = { id: string; amount: number; currency: string };

const placing = and(
  eq(depositHolds.status, 'failed'),
  isNull(depositHolds.providerHoldId),
  isNull(depositHolds.failureMessage),
);

/** Step 1. The caller holds the registration's row lock (SELECT … FOR UPDATE or its fresh INSERT). */
export async function claimHoldAttempt(
  tx: Transaction,
  registrationId: string,
  deposit: { amount: number; currency: string; provider: 'sandbox' | 'stripe' },
): Promise<ClaimedHold> {
  const [inFlight] = await tx
    .select({
      id: depositHolds.id,
      amount: depositHolds.amount,
      currency: depositHolds.currency,
      abandoned: sql<boolean>`${depositHolds.createdAt} < now() - ${sql.raw(ABANDONED_AFTER)}`,
    })
    .from(depositHolds)
    .where(and(eq(depositHolds.registrationId, registrationId), placing))
    .orderBy(desc(depositHolds.createdAt))
    .limit(1);
  if (inFlight && !inFlight.abandoned)
    throw new AppError('CONFLICT', 'Your deposit is being placed right now. Try again in a moment.');
  if (inFlight) return { id: inFlight.id, amount: inFlight.amount, currency: inFlight.currency };
  const id = `dh_${randomUUID()}`;
  await insertPlacingHold(
    tx,
    { id, registrationId, provider: deposit.provider, amount: deposit.amount, currency: deposit.currency },
    sql`now() + ${sql.raw(HOLD_LIFETIME)}`,
  );
  return { id, amount: deposit.amount, currency: deposit.currency };
}

export type PlacedHold = { ok: true; providerHoldId: string } | { ok: false; message: string };

/** Step 2: outside any transaction. A refusal by the card is an outcome; anything else (network) throws. */
export async function placeHold(provider: PaymentProvider, hold: ClaimedHold, card: HoldCard): Promise<PlacedHold> {
  try {
    const placed = await provider.authorizeHold({
      paymentMethodId: card.providerPaymentMethodId,
      customerId: card.customerId,
      amount: hold.amount,
      currency: hold.currency,
      reference: hold.id,
    });
    return { ok: true, providerHoldId: placed.id };
  } catch (err) {
    // NOT_FOUND: the provider no longer knows the card (removed there): the person must add it again.
    if (err instanceof AppError && (err.code === 'PAYMENT_DECLINED' || err.code === 'NOT_FOUND'))
      return { ok: false, message: err.code === 'NOT_FOUND' ? 'The card is no longer available.' : err.message };
    throw err;
  }
}

/** What the registration must still be for a placed hold to stand for it (its row is locked while checked). */
export type ExpectedDeposit = { depositStatus: 'failed' | 'held' | 'applied'; currentHoldId?: string };

/** A hold left on a card that nothing stands on: still to cancel at the provider after commit. */
export type StrayHold = { id: string; providerHoldId: string; release?: boolean };

/**
 * Step 3, success: the new hold stands for the registration's deposit if the
 * registration is still as the attempt found it (`expected`, and not
 * declined). The hold it replaces (a renewal, or a new card after a failed
 * renewal) is marked `replaced`; a renewed `applied` hold stays `applied` (the
 * new hold is the one the order captures). When the registration changed
 * meanwhile (settlement released or applied the old hold, the seller declined
 * it), the new hold stands for nothing: it is marked `replaced` too. Either
 * way the caller cancels the answered holds at the provider after commit
 * (`cancelStrayHolds`); a `replaced` hold whose `expires_at` is still ahead is
 * one still to cancel, and the renewal job retries it.
 */
export async function recordHeld(
  tx: Executor,
  registrationId: string,
  hold: ClaimedHold,
  providerHoldId: string,
  paymentMethodId: string,
  expected: ExpectedDeposit,
): Promise<{ stands: boolean; stray: StrayHold[] }> {
  const [reg] = await tx
    .select({
      status: registrations.status,
      depositStatus: registrations.depositStatus,
      currentHoldId: registrations.currentHoldId,
    })
    .from(registrations)
    .where(eq(registrations.id, registrationId))
    .for('update');
  const stands =
    reg !== undefined &&
    reg.status !== 'declined' &&
    reg.depositStatus === expected.depositStatus &&
    (expected.currentHoldId === undefined || reg.currentHoldId === expected.currentHoldId);
  const to = expected.depositStatus === 'applied' ? 'applied' : 'held';
  const placed = { providerHoldId, expiresAt: sql`now() + ${sql.raw(HOLD_LIFETIME)}` };
  await changeHold(tx, hold.id, stands ? (to === 'applied' ? 'standApplied' : 'stand') : 'standForNothing', placed);
  if (!stands) return { stands, stray: [{ id: hold.id, providerHoldId, release: true }] };
  const replacedId = reg?.currentHoldId;
  const superseded = replacedId && replacedId !== hold.id ? await changeHold(tx, replacedId, 'supersede') : null;
  const previous = superseded ? [superseded] : [];
  await tx
    .update(registrations)
    .set({ depositStatus: to, currentHoldId: hold.id, depositError: null, paymentMethodId, updatedAt: sql`now()` })
    .where(eq(registrations.id, registrationId));
  const stray = previous.flatMap((p) => (p.providerHoldId ? [{ id: p.id, providerHoldId: p.providerHoldId }] : []));
  return { stands, stray };
}

/** Step 3, refusal: the attempt's row keeps the provider's message (an audit trail of the refusal). */
export async function recordRefused(tx: Executor, hold: ClaimedHold, message: string): Promise<void> {
  await recordHoldFacts(tx, hold.id, { failureMessage: message });
}

/**
 * Moves a standing (`held`) hold and its registration's deposit to `released`
 * or `applied`, guarded: answers false when another run got there first, so
 * its caller sends no second e-mail.
 */
export async function settleHold(
  tx: Executor,
  hold: { holdId: string; registrationId: string },
  to: 'released' | 'applied',
): Promise<boolean> {
  if (!(await changeHold(tx, hold.holdId, to === 'released' ? 'release' : 'apply'))) return false;
  await tx
    .update(registrations)
    .set({ depositStatus: to, updatedAt: sql`now()` })
    .where(eq(registrations.id, hold.registrationId));
  return true;
}
