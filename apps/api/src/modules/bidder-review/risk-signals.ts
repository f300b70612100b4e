import { ORDER_STATUS, type RiskSignals } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { sql } from 'drizzle-orm';

/**
 * The risk signals of each user (decision 0080), one statement for a page of the queue. Saved cards keep
 * no provider fingerprint, so "the same card" is the same brand, last four digits and expiry; "the same
 * address" the same first line, postal code and country, compared without case or surrounding spaces.
 */
export async function readRiskSignals(db: Executor, userIds: readonly string[]): Promise<Map<string, RiskSignals>> {
  if (userIds.length === 0) return new Map();
  const ids = sql.join(
    userIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select u.id, u.verified, u.email_verified,
      floor(extract(epoch from now() - u.created_at) / 86400)::int as age_days,
      (select count(*)::int from orders o where o.buyer_user_id = u.id and o.source in ('auction', 'tender')
        and o.status <> ${ORDER_STATUS.cancelled}) as wins,
      (select count(*)::int from orders o where o.buyer_user_id = u.id and o.status = ${ORDER_STATUS.pending}
        and o.approval = 'approved') as unpaid,
      (select count(*)::int from orders o where o.buyer_user_id = u.id and o.status = ${ORDER_STATUS.pending}
        and o.approval = 'approved' and o.payment_due_at < now()) as overdue,
      (select count(*)::int from orders o where o.buyer_user_id = u.id and o.status = ${ORDER_STATUS.cancelled}) as cancelled,
      (select coalesce(json_agg(json_build_object('id', l.id, 'email', l.email, 'via', l.via) order by l.email, l.via), '[]')
        from (
          select other.id, other.email, 'card'::text as via
          from payment_methods mine join payment_methods theirs on theirs.user_id <> mine.user_id
            and theirs.brand = mine.brand and theirs.last4 = mine.last4
            and theirs.exp_month = mine.exp_month and theirs.exp_year = mine.exp_year
          join users other on other.id = theirs.user_id and other.disabled
          where mine.user_id = u.id
          union
          select other.id, other.email, 'address'::text as via
          from addresses mine join addresses theirs on theirs.user_id <> mine.user_id
            and lower(trim(theirs.line1)) = lower(trim(mine.line1))
            and lower(trim(theirs.postal_code)) = lower(trim(mine.postal_code)) and theirs.country = mine.country
          join users other on other.id = theirs.user_id and other.disabled
          where mine.user_id = u.id
        ) l) as linked
    from users u where u.id in (${ids})`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  const parse = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
  return new Map(
    rows.map((r) => [
      String(r.id),
      {
        accountAgeDays: Number(r.age_days),
        verified: r.verified === true,
        emailVerified: r.email_verified === true,
        pastWins: Number(r.wins),
        unpaidOrders: Number(r.unpaid),
        overdueOrders: Number(r.overdue),
        cancelledOrders: Number(r.cancelled),
        disabledLinkedAccounts: parse<RiskSignals['disabledLinkedAccounts']>(r.linked),
      },
    ]),
  );
}
