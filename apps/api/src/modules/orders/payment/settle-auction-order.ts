import { ORDER_STATUS } from '@lotline/contracts';
import { type Database, queryRows } from '@lotline/db';
import { sql } from 'drizzle-orm';
import { uuidFrom } from '../../../lib/jobs/job-id';
import type { JobRunner, RunningJob } from '../../../lib/jobs/job-runner';
import type { PaymentProvider } from '../../payments/provider';
import { captureDeposit } from './capture-deposit';
import { chargeOrder } from './charge-order';
import type { PaymentMailDeps } from './notify-payment';

export const SETTLE_AUCTION_ORDER_JOB = 'settle-auction-order';

export interface SettleDeps {
  db: Database;
  provider: PaymentProvider;
  mail: PaymentMailDeps;
}

/**
 * The payment of an auction order after the transaction that created it
 * (decision 0044): the deposit hold is captured toward it first, then the
 * rest is charged to the winner's default card; a refused card leaves the
 * order pending with its message (the buyer pays from the order page).
 * Idempotent (delivery is at least once): each step is claimed under the
 * order's row lock and skipped once done; an order already charged, failed or
 * paid by wire is left alone.
 */
export async function settleAuctionOrder(deps: SettleDeps, orderId: string): Promise<string> {
  await captureDeposit(deps, orderId);
  const [state] = await queryRows<{ due: number; tried: boolean }>(
    deps.db,
    sql`SELECT (o.total - o.deposit_applied)::float8 AS due,
          (o.status <> ${ORDER_STATUS.pending} OR o.payment_kind IS NOT NULL
           OR EXISTS (SELECT 1 FROM order_payments p WHERE p.order_id = o.id AND p.kind = 'charge')
           OR EXISTS (SELECT 1 FROM order_history h WHERE h.order_id = o.id AND h.event = 'payment-failed'
                      AND h.note NOT LIKE 'The bid deposit%')) AS tried
        FROM orders o WHERE o.id = ${orderId}`,
  );
  if (!state || state.tried || state.due <= 0) return 'settled';
  return (await chargeOrder(deps, orderId)).status;
}

/**
 * Sends the settlement job of every pending auction order not settled yet
 * (never captured nor charged): after a close step commits, and on each clock
 * sweep (a process that died between the commit and the send, a seller's
 * acceptance). The job id derives from the order, so repeated sends are ignored.
 */
export async function sendAuctionSettlements(db: Database, jobs: JobRunner): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT o.id FROM orders o
        WHERE o.source = 'auction' AND o.status = ${ORDER_STATUS.pending} AND o.payment_kind IS NULL
          AND NOT EXISTS (SELECT 1 FROM order_payments p WHERE p.order_id = o.id)
          AND NOT EXISTS (SELECT 1 FROM order_history h WHERE h.order_id = o.id AND h.event = 'payment-failed')
        ORDER BY o.created_at LIMIT 200`,
  );
  let sent = 0;
  for (const { id } of rows) {
    if (
      await jobs.send(SETTLE_AUCTION_ORDER_JOB, { orderId: id }, { id: uuidFrom(`${SETTLE_AUCTION_ORDER_JOB}:${id}`) })
    ) {
      sent++;
    }
  }
  return sent;
}

export function registerAuctionSettlement(jobs: JobRunner, deps: SettleDeps): void {
  jobs.register(
    SETTLE_AUCTION_ORDER_JOB,
    async (job: RunningJob<{ orderId: string }>) => {
      await settleAuctionOrder(deps, job.data.orderId);
    },
    { retryLimit: 5, failureMessage: 'could not settle an auction order' },
  );
}
