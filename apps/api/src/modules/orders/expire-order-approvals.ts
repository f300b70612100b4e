import { ORDER_STATUS } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { orders } from '@lotline/db/schema';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { JobRunner } from '../../lib/jobs/job-runner';
import { publishLotChanges } from '../live/publish-lot-changes';
import { changeOrder } from './change-order';
import { mailOrderRejected, type OrderMailDeps } from './order-mails';
import { type FlagOverrides, presentOrder } from './present-order';

/** How often the deadline job looks (the deadline is in business days: minutes late is fine). */
export const APPROVAL_EXPIRY_EVERY_S = 5 * 60;

export type ExpiryDeps = OrderMailDeps & { db: Database; featureOverrides: FlagOverrides };

/**
 * The seller's 2-business-day deadline (issue 15): a buy-now order still
 * awaiting approval after `approval_due_at` (the database clock) is cancelled
 * (`expired`), its units go back on sale and the buyer is told. One order per
 * transaction, taken `FOR UPDATE SKIP LOCKED`, so an approval racing the job
 * waits or is skipped and exactly one of them decides. Returns how many expired.
 */
export async function expireOrderApprovals(deps: ExpiryDeps, limit = 100): Promise<number> {
  const { db } = deps;
  let expired = 0;
  for (let i = 0; i < limit; i++) {
    const lots = await db.transaction(async (tx) => {
      const [due] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.approval, 'awaiting'),
            eq(orders.status, ORDER_STATUS.pending),
            sql`${orders.approvalDueAt} <= now()`,
          ),
        )
        .orderBy(asc(orders.approvalDueAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!due) return null;
      if (!(await changeOrder(tx, due.id, 'expireApproval', { note: 'The seller did not answer in time.' }))) return [];
      const order = await presentOrder(tx, due.id, deps.featureOverrides);
      if (!order) return [];
      await mailOrderRejected(tx, deps, order, null);
      return order.lines.map((l) => l.eventLotId);
    });
    if (lots === null) break;
    expired++;
    await publishLotChanges(db, lots);
  }
  return expired;
}

/** The deadline job: at start, then every 5 minutes (idempotent: each order is cancelled once). */
export function registerApprovalExpiry(jobs: JobRunner, deps: ExpiryDeps, log: FastifyBaseLogger): void {
  jobs.register(
    'expire-order-approvals',
    async () => {
      const n = await expireOrderApprovals(deps);
      if (n > 0) log.info({ expired: n }, 'buy-now orders expired for want of the seller’s approval');
    },
    { everySeconds: APPROVAL_EXPIRY_EVERY_S, failureMessage: 'could not expire unapproved orders' },
  );
}
