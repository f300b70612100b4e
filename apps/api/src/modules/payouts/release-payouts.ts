import { randomUUID } from 'node:crypto';
import type { Database } from '@lotline/db';
import { companies, orders, payouts } from '@lotline/db/schema';
import { and, asc, eq, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors';
import type { JobRunner } from '../../lib/jobs/job-runner';
import { assertNotOwnCompany } from '../../lib/own-record';
import { recordAudit } from '../audit/record-audit';
import { changePayout, claimTransfer } from './change-payout';
import { destinationOf, dueOrders, lockDueOrder, payoutAmounts, RELEASE_RULE, type ReleaseRule } from './payout-due';
import { isPayoutRefusal, type PayoutProvider } from './payout-provider';

/**
 * Stripe Connect payouts (decision 0079), in the three steps of a charge:
 *
 * 1. claim, in one transaction holding the order's row lock: the release rule, then the payout `processing`
 *    to the company's connected account (its id the idempotency key). Of the job and staff at once, or two
 *    staff, one claims; the other finds the order paid out (409) or, for the job, skips the locked row.
 * 2. transfer, outside any transaction: Stripe, with the payout's id as idempotency key.
 * 3. record, once: `paid` with Stripe's transfer id, or `failed` with its reason (nothing moved; the order is
 *    due again). An outage leaves it `processing`; the job asks again with the same key later.
 */

export interface PayoutDeps {
  db: Database;
  /** Null without Stripe: every payout is recorded by staff. */
  provider: PayoutProvider | null;
  rule?: ReleaseRule;
}

export type TransferOutcome = { payoutId: string; status: 'paid' | 'failed' | 'processing'; message: string | null };

/** Step 1: claims the order's transfer. `actorId`: the staff member who asked (audited), or null for the job. */
async function claimOrderTransfer(deps: PayoutDeps, orderId: string, actorId: string | null): Promise<string> {
  return deps.db.transaction(async (tx) => {
    const due = await lockDueOrder(tx, orderId, deps.rule ?? RELEASE_RULE);
    if (!due.destination) {
      throw new AppError('CONFLICT', 'This company has no Stripe account: record the bank transfer instead.', {
        field: 'orderId',
      });
    }
    if (actorId) await assertNotOwnCompany(tx, actorId, due.companyId);
    const payoutId = `po_${randomUUID()}`;
    const amounts = payoutAmounts(due.net);
    await claimTransfer(tx, {
      id: payoutId,
      orderId,
      companyId: due.companyId,
      ...amounts,
      destination: due.destination,
      createdByUserId: actorId,
    });
    if (actorId) {
      await recordAudit(tx, {
        actorId,
        action: 'payout.transfer',
        targetType: 'order',
        targetId: orderId,
        before: null,
        after: { payoutId, method: 'stripe', amount: amounts.amount, currency: amounts.currency },
      });
    }
    return payoutId;
  });
}

/** Steps 2 and 3 for a claimed payout still `processing`; safe to run again (Stripe answers the same transfer). */
export async function completeTransfer(deps: PayoutDeps, payoutId: string): Promise<TransferOutcome> {
  const [payout] = await deps.db
    .select({
      status: payouts.status,
      amount: payouts.amount,
      currency: payouts.currency,
      destination: payouts.destination,
      number: orders.number,
      failureMessage: payouts.failureMessage,
    })
    .from(payouts)
    .innerJoin(orders, eq(orders.id, payouts.orderId))
    .where(eq(payouts.id, payoutId));
  if (!payout) throw AppError.notFound('No such payout.');
  if (payout.status !== 'processing') return { payoutId, status: payout.status, message: payout.failureMessage };
  if (!deps.provider || !payout.destination) {
    return { payoutId, status: 'processing', message: 'Stripe is not configured here; the transfer waits.' };
  }
  try {
    const transfer = await deps.provider.transfer({
      amount: payout.amount,
      currency: payout.currency,
      destination: payout.destination,
      transferGroup: payout.number,
      reference: payoutId,
    });
    await deps.db.transaction((tx) => changePayout(tx, payoutId, 'pay', { reference: transfer.id }));
    return { payoutId, status: 'paid', message: null };
  } catch (err) {
    if (!isPayoutRefusal(err)) throw err;
    await deps.db.transaction((tx) => changePayout(tx, payoutId, 'fail', { failureMessage: err.message }));
    return { payoutId, status: 'failed', message: err.message };
  }
}

/** Staff ask for a due order's Stripe transfer now, instead of waiting for the job. */
export async function transferPayout(deps: PayoutDeps, orderId: string, actorId: string): Promise<TransferOutcome> {
  if (!deps.provider) {
    throw new AppError('CONFLICT', 'Stripe is not configured: record the bank transfer instead.', { field: 'orderId' });
  }
  const payoutId = await claimOrderTransfer(deps, orderId, actorId);
  try {
    return await completeTransfer(deps, payoutId);
  } catch {
    // An outage: the payout stays `processing` and the job asks Stripe again with the same key.
    return { payoutId, status: 'processing', message: 'Stripe did not answer; the transfer will be retried.' };
  }
}

/** How long a claimed transfer may stay unanswered before the job asks Stripe again (same key). */
const RETRY_AFTER = sql`interval '10 minutes'`;

/**
 * The release job: transfers left `processing` by an outage are asked again, then each due order of a company
 * with a connected account is paid out, one order per claim transaction, its row taken `FOR UPDATE SKIP
 * LOCKED` (a refund or staff holding it wins; the next run looks again). Orders of other companies wait for
 * staff's bank transfer. Answers how many were paid.
 */
export async function releasePayouts(deps: PayoutDeps, log?: FastifyBaseLogger, limit = 100): Promise<number> {
  if (!deps.provider) return 0;
  let paid = 0;
  const stuck = await deps.db
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.status, 'processing'), sql`${payouts.updatedAt} < now() - ${RETRY_AFTER}`))
    .orderBy(asc(payouts.createdAt))
    .limit(limit);
  for (const { id } of stuck) {
    if ((await completeTransfer(deps, id)).status === 'paid') paid++;
  }
  const skipped: string[] = [];
  for (let i = 0; i < limit; i++) {
    const claimed = await deps.db.transaction(async (tx) => {
      const [next] = await tx
        .select({ id: orders.id })
        .from(orders)
        .innerJoin(companies, eq(companies.id, orders.companyId))
        .where(
          and(
            dueOrders(deps.rule ?? RELEASE_RULE),
            isNotNull(destinationOf),
            skipped.length ? notInArray(orders.id, skipped) : undefined,
          ),
        )
        .orderBy(asc(orders.paidAt), asc(orders.id))
        .limit(1)
        .for('update', { of: orders, skipLocked: true });
      return next?.id ?? null;
    });
    if (!claimed) break;
    let payoutId: string;
    try {
      payoutId = await claimOrderTransfer(deps, claimed, null);
    } catch (err) {
      // Not due after all (nothing owed, decided by someone else in between): skipped for this run.
      if (!(err instanceof AppError)) throw err;
      skipped.push(claimed);
      continue;
    }
    let outcome: TransferOutcome;
    try {
      outcome = await completeTransfer(deps, payoutId);
    } catch (err) {
      // Stripe did not answer: this payout stays `processing` for the retry above; the rest wait for the next run.
      log?.warn({ err, payoutId, orderId: claimed }, 'payout transfer unanswered; retried later');
      break;
    }
    if (outcome.status === 'paid') paid++;
    else log?.warn({ payoutId, orderId: claimed, message: outcome.message }, 'payout transfer refused');
  }
  return paid;
}

/** How often the release job looks (the window is in days: minutes late is fine). */
export const RELEASE_EVERY_S = 15 * 60;

export function registerPayoutRelease(jobs: JobRunner, deps: PayoutDeps, log: FastifyBaseLogger): void {
  jobs.register(
    'release-payouts',
    async () => {
      const paid = await releasePayouts(deps, log);
      if (paid > 0) log.info({ paid }, 'payouts transferred');
    },
    { everySeconds: RELEASE_EVERY_S, failureMessage: 'could not release payouts' },
  );
}
