import { ORDER_STATUS } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { autoApprovalRules, events, registrations } from '@lotline/db/schema';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit';
import { eventCurrencySql } from './event-currency';

/**
 * A bidder "has unpaid orders" for an auto-approval rule (decision 0080) when an approved order of theirs
 * still awaits payment, or one was cancelled unpaid once its payment window had passed (non-payment).
 */
export const hasUnpaidOrdersSql = (
  userId: string,
) => sql`exists (select 1 from orders o where o.buyer_user_id = ${userId}
  and ((o.status = ${ORDER_STATUS.pending} and o.approval = 'approved')
    or (o.status = ${ORDER_STATUS.cancelled} and o.paid_at is null and o.payment_due_at is not null
      and o.cancelled_at >= o.payment_due_at)))`;

/**
 * Approves a new pending registration at once when one of its event's company's active rules matches
 * the bidder (decision 0080): in the event's currency, every condition the rule sets met, and the rule
 * last written by someone else than the bidder (nobody approves their own registration). Of several,
 * the most generous limit wins (no limit first). Called only once the registration passed every rule of
 * registering (verification, terms, own company, the deposit held): a rule only skips the wait for a
 * person's decision. Audited in the name of whoever last wrote the rule. Answers whether it approved.
 */
export async function applyAutoApproval(tx: Executor, registrationId: string): Promise<boolean> {
  const [row] = await tx
    .select({
      userId: registrations.userId,
      status: registrations.status,
      companyId: events.companyId,
      approvalRequired: events.registrationApprovalRequired,
      currency: eventCurrencySql(registrations.eventId),
    })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(and(eq(registrations.id, registrationId), isNull(registrations.approvedByRuleId)))
    .for('update', { of: registrations });
  if (row?.status !== 'pending' || !row.approvalRequired) return false;
  const r = autoApprovalRules;
  const [rule] = await tx
    .select({ id: r.id, limit: r.bidLimitMinor, updatedBy: r.updatedBy })
    .from(r)
    .innerJoin(sql`users u`, sql`u.id = ${row.userId}`)
    .where(
      and(
        eq(r.companyId, row.companyId),
        eq(r.active, true),
        eq(r.bidLimitCurrency, row.currency),
        sql`${r.updatedBy} <> ${row.userId}`,
        sql`(not ${r.requireVerified} or u.verified)`,
        sql`(${r.minAccountAgeDays} is null or u.created_at <= now() - make_interval(days => ${r.minAccountAgeDays}))`,
        sql`(not ${r.requireNoUnpaidOrders} or not ${hasUnpaidOrdersSql(row.userId)})`,
      ),
    )
    .orderBy(sql`${r.bidLimitMinor} desc nulls first`, r.createdAt, r.id)
    .limit(1);
  if (!rule) return false;
  await tx
    .update(registrations)
    .set({
      status: 'approved',
      bidLimitMinor: rule.limit,
      approvedByRuleId: rule.id,
      decidedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(registrations.id, registrationId));
  await recordAudit(tx, {
    actorId: rule.updatedBy,
    action: 'registration.auto-approve',
    targetType: 'registration',
    targetId: registrationId,
    before: { status: 'pending' },
    after: {
      status: 'approved',
      bidLimit: rule.limit === null ? null : { amount: rule.limit, currency: row.currency },
      ruleId: rule.id,
    },
  });
  return true;
}
