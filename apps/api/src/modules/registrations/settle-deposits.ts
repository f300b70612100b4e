import { ORDER_STATUS } from '@lotline/contracts';
import { eventPagePath } from '@lotline/contracts/page-paths';
import type { Database } from '@lotline/db';
import { depositHolds, eventLots, events, orders, registrations } from '@lotline/db/schema';
import { LOT_STATUS, SOLD_STATUSES } from '@lotline/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { JobRunner } from '../../lib/jobs/job-runner';
import { awaitsTenderAwardSql } from '../bidding/sealed-tenders';
import { depositReleasedMail } from '../mail/templates/deposits';
import { cancelAtProvider } from './cancel-at-provider';
import { recipient } from './decide-registration';
import { settleHold } from './hold-attempt';
import type { RenewDeps } from './renew-deposits';

export const SETTLEMENT_EVERY_S = 30;

type Outcome = 'applied' | 'released' | 'kept';

/**
 * BIDDING §6 at the close of an event's last lot (closing marks the event
 * `finalized`): each standing deposit hold is decided.
 * - The user leads a lot of the event that sold (Sold or an order status):
 *   `applied`; the hold stays authorised, and the order of issue 15 captures
 *   it (the hold row keeps the provider's id, amount and currency).
 * - The user leads an Ended lot (reserve not met; the seller may still accept
 *   within 2 days), or tendered on a closed tender lot the seller has not
 *   awarded yet: `kept` until the lot is decided, then settled on a later run
 *   (a tender award applies the deposit to its order, issue 25).
 * - Otherwise: cancelled at the provider, `released`, and the bidder told.
 * Each registration's change is a guarded update (`WHERE status = 'held'`),
 * the provider's cancel is idempotent, and `deposits_settled_at` is set once
 * (guarded) when nothing is kept: two processes never settle twice.
 */
export async function settleDeposits(deps: RenewDeps, limit = 20): Promise<Record<Outcome, number>> {
  const due = await deps.db
    .select({ id: events.id, name: events.name })
    .from(events)
    .where(and(eq(events.status, 'finalized'), isNull(events.depositsSettledAt)))
    .orderBy(events.endAt)
    .limit(limit);
  const tally: Record<Outcome, number> = { applied: 0, released: 0, kept: 0 };
  for (const event of due) {
    let kept = 0;
    for (const hold of await standingHolds(deps.db, event.id)) {
      const outcome = await settleOne(deps, event, hold);
      tally[outcome] += 1;
      if (outcome === 'kept') kept += 1;
    }
    if (kept === 0) {
      await deps.db
        .update(events)
        .set({ depositsSettledAt: sql`now()` })
        .where(and(eq(events.id, event.id), isNull(events.depositsSettledAt)));
    }
  }
  return tally;
}

/** The holds still standing for the event's registrations, with what the user's lots decide. */
function standingHolds(db: Database, eventId: string) {
  const leads = (statuses: readonly string[]) =>
    sql<boolean>`exists (select 1 from ${eventLots} where ${eventLots.eventId} = ${eventId}
      and ${eventLots.leaderUserId} = ${registrations.userId} and ${inArray(eventLots.status, [...statuses] as never[])})`;
  return db
    .select({
      registrationId: registrations.id,
      userId: registrations.userId,
      holdId: depositHolds.id,
      providerHoldId: depositHolds.providerHoldId,
      amount: depositHolds.amount,
      currency: depositHolds.currency,
      // A winner: they lead a lot that sold, or a live order of the event counts their deposit (a tender award).
      won: sql<boolean>`(${leads(SOLD_STATUSES)} or exists (select 1 from ${orders} where ${orders.eventId} = ${eventId}
        and ${orders.buyerUserId} = ${registrations.userId} and ${orders.status} <> ${ORDER_STATUS.cancelled}
        and ${orders.depositApplied} > 0))`,
      // Still in play: they lead a lot whose reserve the seller may accept, or a tender of theirs awaits the award.
      awaiting: sql<boolean>`(${leads([LOT_STATUS.Ended])} or ${awaitsTenderAwardSql(registrations.userId, eventId)})`,
    })
    .from(registrations)
    .innerJoin(depositHolds, eq(depositHolds.id, registrations.currentHoldId))
    .where(and(eq(registrations.eventId, eventId), eq(depositHolds.status, 'held')));
}

type StandingHold = Awaited<ReturnType<typeof standingHolds>>[number];

async function settleOne(deps: RenewDeps, event: { id: string; name: string }, hold: StandingHold): Promise<Outcome> {
  if (hold.won) {
    await deps.db.transaction((tx) => settleHold(tx, hold, 'applied'));
    return 'applied';
  }
  if (hold.awaiting) return 'kept';
  if (hold.providerHoldId) await cancelAtProvider(deps.provider, hold.providerHoldId);
  await deps.db.transaction(async (tx) => {
    // False: another process released it first and told the bidder.
    if (!(await settleHold(tx, hold, 'released'))) return;
    await deps.mailer.send(
      depositReleasedMail({
        to: await recipient(tx, hold.userId),
        eventName: event.name,
        deposit: { amount: hold.amount, currency: hold.currency },
        url: `${deps.publicOrigin}${eventPagePath(event.id)}`,
      }),
      { tx },
    );
  });
  return 'released';
}

/** Settlement as a periodic job (every 30 s; cheap when no event awaits it). */
export function registerDepositSettlement(jobs: JobRunner, deps: RenewDeps): void {
  jobs.register('deposit-settlement', () => settleDeposits(deps), {
    everySeconds: SETTLEMENT_EVERY_S,
    failureMessage: 'could not settle deposits',
  });
}
