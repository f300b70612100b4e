import type { RevenueMonth } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { payouts } from '@lotline/db/schema';
import { MARKETPLACE_KEEPS_PREMIUM } from '@lotline/domain';
import { and, desc, eq, sql } from 'drizzle-orm';

/**
 * The marketplace's own revenue per month (UTC) and currency (decision 0079): the commission, plus the buyer's
 * premium when the marketplace keeps it (MARKETPLACE_KEEPS_PREMIUM), of the orders paid out that month. Summed
 * from the payouts' own reckoning (`netPayoutForOrder` when each was recorded), so the report and what sellers
 * were paid always agree. Revenue counts when the seller is paid: before that a refund can still take it back.
 */
export async function readRevenue(db: Executor, months = 24): Promise<RevenueMonth[]> {
  const month = sql<string>`to_char(${payouts.paidAt} at time zone 'UTC', 'YYYY-MM')`;
  const sum = (column: typeof payouts.amount) => sql<number>`coalesce(sum(${column}), 0)::float8`;
  const rows = await db
    .select({
      month,
      currency: payouts.currency,
      payouts: sql<number>`count(*)::int`,
      grossMinor: sum(payouts.grossAmount),
      commissionMinor: sum(payouts.commissionAmount),
      premiumMinor: sum(payouts.premiumAmount),
      paidOutMinor: sum(payouts.amount),
    })
    .from(payouts)
    .where(
      and(
        eq(payouts.status, 'paid'),
        sql`${payouts.paidAt} >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC' - make_interval(months => ${months - 1}::int)`,
      ),
    )
    .groupBy(month, payouts.currency)
    .orderBy(desc(month), payouts.currency);
  return rows.map((r) => {
    const premium = Number(r.premiumMinor);
    const commission = Number(r.commissionMinor);
    return {
      month: r.month,
      currency: r.currency.trim(),
      payouts: Number(r.payouts),
      grossMinor: Number(r.grossMinor),
      commissionMinor: commission,
      premiumMinor: premium,
      revenueMinor: commission + (MARKETPLACE_KEEPS_PREMIUM ? premium : 0),
      paidOutMinor: Number(r.paidOutMinor),
    };
  });
}
