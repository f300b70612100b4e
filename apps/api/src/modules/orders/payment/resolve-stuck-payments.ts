import type { Database } from '@lotline/db';
import { orderPayments } from '@lotline/db/schema';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { JobRunner } from '../../../lib/jobs/job-runner';
import type { ChargeState, PaymentProvider } from '../../payments/provider';
import { recordChargeSucceeded, recordFailure } from './charge-order';
import type { PaymentMailDeps } from './notify-payment';
import { recordPaymentAlert } from './payment-alerts';

/**
 * A card charge left `processing` (the provider's answer or event never came, issue 26) blocks another attempt
 * and paying by wire. Past STUCK_AFTER (by the database clock, since it was last tried) this job asks the
 * provider (`retrieveCharge`) and decides it as the webhook would: succeeded → the normal success path (the order
 * is paid); failed, cancelled, or unknown to the provider → the attempt fails, so the buyer may pay by wire or
 * with another card; still processing → left, asked again at the next run. A provider's answer whose amount or
 * currency differ from the attempt's decides nothing: it becomes a staff alert (decision 0071).
 */
export const STUCK_AFTER = sql`interval '30 minutes'`;
export const RESOLVE_STUCK_EVERY_S = 5 * 60;
const BATCH = 50;

export const NOT_AT_PROVIDER = 'The payment did not reach the payment provider. Pay again, or pay by wire transfer.';

export interface StuckDeps {
  db: Database;
  provider: PaymentProvider;
  mail: PaymentMailDeps;
  log: FastifyBaseLogger;
}

export type StuckOutcome = 'succeeded' | 'failed' | 'processing' | 'flagged';

/** One run: how each stuck attempt was decided, by attempt id. */
export async function resolveStuckPayments(deps: StuckDeps): Promise<Record<string, StuckOutcome>> {
  const stuck = await deps.db
    .select({
      id: orderPayments.id,
      orderId: orderPayments.orderId,
      amount: orderPayments.amount,
      currency: orderPayments.currency,
      providerPaymentId: orderPayments.providerPaymentId,
    })
    .from(orderPayments)
    .where(
      and(
        eq(orderPayments.kind, 'charge'),
        eq(orderPayments.status, 'processing'),
        eq(orderPayments.provider, deps.provider.name),
        sql`${orderPayments.updatedAt} < now() - ${STUCK_AFTER}`,
      ),
    )
    .orderBy(asc(orderPayments.updatedAt))
    .limit(BATCH);
  const outcomes: Record<string, StuckOutcome> = {};
  for (const attempt of stuck) {
    try {
      const lookup = { providerPaymentId: attempt.providerPaymentId, reference: attempt.id };
      outcomes[attempt.id] = await decide(deps, attempt, await deps.provider.retrieveCharge(lookup));
    } catch (err) {
      // The provider unreachable for this one: the others go on; it is asked again at the next run.
      deps.log.error({ err, attemptId: attempt.id }, 'stuck payment: could not ask the provider');
    }
  }
  return outcomes;
}

type Stuck = { id: string; orderId: string; amount: number; currency: string };

async function decide(deps: StuckDeps, attempt: Stuck, state: ChargeState | null): Promise<StuckOutcome> {
  if (state?.status === 'processing') return 'processing';
  if (state && (state.amount !== attempt.amount || state.currency !== attempt.currency)) {
    const differences = {
      amount: { expected: attempt.amount, got: state.amount },
      currency: { expected: attempt.currency, got: state.currency },
    };
    deps.log.error({ attemptId: attempt.id, state, differences }, 'stuck payment: the provider’s charge differs');
    await recordPaymentAlert(deps.db, {
      kind: 'mismatch',
      eventId: `retrieve:${attempt.id}`,
      attemptId: attempt.id,
      details: { providerPaymentId: state.id, status: state.status, differences },
    });
    return 'flagged';
  }
  await deps.db.transaction(async (tx) => {
    if (state?.status === 'succeeded') await recordChargeSucceeded(tx, attempt.id, state.id, deps.mail);
    else {
      const message = state?.failureMessage ?? NOT_AT_PROVIDER;
      await recordFailure(tx, attempt.orderId, attempt.id, message, null, deps.mail);
    }
  });
  return state?.status === 'succeeded' ? 'succeeded' : 'failed';
}

export function registerStuckPaymentResolution(jobs: JobRunner, deps: StuckDeps): void {
  jobs.register(
    'resolve-stuck-payments',
    async () => {
      const outcomes = Object.values(await resolveStuckPayments(deps));
      if (outcomes.length > 0) deps.log.info({ outcomes }, 'stuck payments checked with the provider');
    },
    { everySeconds: RESOLVE_STUCK_EVERY_S, failureMessage: 'could not resolve stuck payments' },
  );
}
