import { randomUUID } from 'node:crypto';
import type { Registration } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { events, idempotencyKeys, registrations } from '@lotline/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors';
import { type IdempotentAnswer, withIdempotency } from '../../lib/http/idempotency';
import type { PaymentProvider } from '../payments/provider';
import { paymentDeclined } from '../payments/provider';
import { assertNotOwnLot } from '../sellers/own-lot';
import { assertTermsAgreed } from '../staff-content/terms-agreement';
import { applyAutoApproval } from './auto-approve';
import { cancelStrayHolds } from './cancel-at-provider';
import { deleteRefusedFirstHold } from './change-hold';
import { claimHoldAttempt, placeHold, recordHeld, recordRefused } from './hold-attempt';
import { chooseCard, requireRegistrableEvent } from './registration-rules';
import { findRegistration } from './registration-view';

export interface RegisterDeps {
  db: Database;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
}

export interface RegisterInput {
  userId: string;
  eventId: string;
  paymentMethodId: string | undefined;
  idempotencyKey: string | undefined;
}

/**
 * POST registered-auctions (BIDDING §6, contract §5, decision 0037): checks,
 * then a registration (`pending` when the event asks approval), with the
 * deposit held on the card when the event has one. 201 the first time, 200
 * when it exists. A registration whose deposit `failed` (declined, or a failed
 * renewal) is retried: a new hold is placed and replaces the old.
 *
 * The answer is stored under the Idempotency-Key, refusals included, except
 * the 409 "being placed" of a concurrent attempt, which a retry may pass.
 */
export async function registerForAuction(deps: RegisterDeps, input: RegisterInput): Promise<IdempotentAnswer> {
  const { db } = deps;
  const idempotent = {
    userId: input.userId,
    key: input.idempotencyKey,
    scope: `POST /marketplace-api/users/${input.userId}/registered-auctions/${input.eventId}`,
    body: { paymentMethodId: input.paymentMethodId },
  };
  // A key already answered: the stored answer, before anything else runs (nothing reaches the provider).
  if (input.idempotencyKey !== undefined && (await keyAnswered(db, input.userId, input.idempotencyKey))) {
    return withIdempotency(db, idempotent, async () => {
      throw new Error('unreachable: the key is answered');
    });
  }
  let created: boolean;
  try {
    created = await register(deps, input);
  } catch (err) {
    if (err instanceof AppError && err.status < 500 && err.code !== 'CONFLICT' && err.code !== 'RATE_LIMITED') {
      return withIdempotency(db, idempotent, async () => {
        throw err;
      });
    }
    throw err;
  }
  return withIdempotency(db, idempotent, async (tx) => ({
    status: created ? 201 : 200,
    body: { status: 'success', data: (await findRegistration(tx, input.userId, input.eventId)) as Registration },
  }));
}

async function keyAnswered(db: Database, userId: string, key: string): Promise<boolean> {
  const [row] = await db
    .select({ status: idempotencyKeys.responseStatus })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row?.status != null;
}

/** Answers whether the registration was created by this call. */
async function register(deps: RegisterDeps, input: RegisterInput): Promise<boolean> {
  const { db, provider } = deps;
  const checked = await requireRegistrableEvent(db, input.userId, input.eventId);
  await assertTermsAgreed(db, input.userId);
  const claim = await db.transaction(async (tx) => {
    // The deposit and approval rules again, read under a share lock: a seller changing them (event row FOR
    // UPDATE, seller-events/event-locks.ts) either commits first and is seen here, or waits for this commit
    // and then sees this registration (and refuses the change).
    const [event] = await tx
      .select({
        id: events.id,
        depositAmount: events.bidDepositAmount,
        depositCurrency: events.bidDepositCurrency,
        approvalRequired: events.registrationApprovalRequired,
        companyId: events.companyId,
        eventId: events.id,
      })
      .from(events)
      .where(eq(events.id, checked.id))
      .for('share');
    if (!event) throw AppError.notFound('No such event.');
    await assertNotOwnLot(tx, input.userId, event, 'register');
    const deposit =
      event.depositAmount !== null && event.depositCurrency !== null && event.depositAmount > 0
        ? { amount: event.depositAmount, currency: event.depositCurrency, provider: provider.name }
        : null;
    const inserted = await tx
      .insert(registrations)
      .values({
        id: `reg_${randomUUID()}`,
        eventId: event.id,
        userId: input.userId,
        status: event.approvalRequired ? 'pending' : 'approved',
        depositAmount: deposit?.amount ?? null,
        depositCurrency: deposit?.currency ?? null,
        // Unusable until the hold is recorded (the engine bids only on held or not-required).
        depositStatus: deposit ? 'failed' : 'not-required',
      })
      .onConflictDoNothing()
      .returning({ id: registrations.id });
    const created = inserted[0] !== undefined;
    const [registration] = created
      ? inserted
      : await tx
          .select({ id: registrations.id, status: registrations.status, depositStatus: registrations.depositStatus })
          .from(registrations)
          .where(and(eq(registrations.eventId, event.id), eq(registrations.userId, input.userId)))
          .for('update');
    if (!registration) throw new AppError('CONFLICT', 'The registration could not be recorded. Try again.');
    // A declined registration never gets a hold: it is answered as is.
    const retry =
      !created &&
      'status' in registration &&
      'depositStatus' in registration &&
      registration.depositStatus === 'failed' &&
      registration.status !== 'declined';
    const registrationId = registration.id;
    // Only a new registration or a failed deposit places a hold; every other existing one is answered as is
    // (whatever cards the user has now). A card refused here rolls the new registration back.
    if (!created && !retry) return { created, registrationId, hold: null, card: null };
    if (!deposit && input.paymentMethodId === undefined) {
      await applyAutoApproval(tx, registrationId);
      return { created, registrationId, hold: null, card: null };
    }
    const card = await chooseCard(tx, input.userId, provider.name, input.paymentMethodId);
    if (!deposit) {
      await tx.update(registrations).set({ paymentMethodId: card.id }).where(eq(registrations.id, registrationId));
      await applyAutoApproval(tx, registrationId);
      return { created, registrationId, hold: null, card };
    }
    const hold = await claimHoldAttempt(tx, registrationId, deposit);
    return { created, registrationId, hold, card };
  });
  const { card } = claim;
  if (!claim.hold || !card) return claim.created;

  const outcome = await placeHold(provider, claim.hold, card);
  const hold = claim.hold;
  if (outcome.ok) {
    // An auto-approval only once the deposit is held: a refused card leaves no approval behind.
    const { stray } = await db.transaction(async (tx) => {
      const held = await recordHeld(tx, claim.registrationId, hold, outcome.providerHoldId, card.id, {
        depositStatus: 'failed',
      });
      if (held.stands) await applyAutoApproval(tx, claim.registrationId);
      return held;
    });
    await cancelStrayHolds(deps, stray);
    return claim.created;
  }
  await db.transaction(async (tx) => {
    if (claim.created) {
      // A first registration the card refused leaves nothing behind: the person may simply try again.
      await deleteRefusedFirstHold(tx, claim.registrationId);
      await tx.delete(registrations).where(eq(registrations.id, claim.registrationId));
    } else {
      await recordRefused(tx, hold, outcome.message);
      await tx
        .update(registrations)
        .set({ depositError: outcome.message, updatedAt: sql`now()` })
        .where(eq(registrations.id, claim.registrationId));
    }
  });
  throw paymentDeclined(outcome.message);
}
