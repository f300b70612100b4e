import type { Executor } from '@lotline/db';
import { companies, events, marketplaceSettings } from '@lotline/db/schema';
import { DEFAULT_COMMISSION_BPS } from '@lotline/domain';
import { eq, type SQL, sql } from 'drizzle-orm';

/**
 * The commission rate an order or event is charged (decision 0078): the event's rate frozen at publishing; for an
 * event published before rates were frozen (or an order without an event), the company's override, else the
 * marketplace default (the stored setting, else `DEFAULT_COMMISSION_BPS`). One SQL expression, so the statement,
 * the CSV, the PDF and the payouts agree.
 */
export const marketplaceDefaultBps: SQL<number> = sql<number>`coalesce((select ${marketplaceSettings.commissionBps}
  from ${marketplaceSettings} where ${marketplaceSettings.id}), ${DEFAULT_COMMISSION_BPS})::int`;

/** The rate of a row that has joined `events` (left join allowed) and `companies`. */
export const effectiveCommissionBps: SQL<number> = sql<number>`coalesce(${events.commissionBps}, ${companies.commissionBps}, ${marketplaceDefaultBps})::int`;

/** What publishing an event freezes: the company's override, else the marketplace default. */
export async function commissionToFreeze(db: Executor, companyId: string): Promise<number> {
  const [row] = await db
    .select({ bps: sql<number>`coalesce(${companies.commissionBps}, ${marketplaceDefaultBps})::int` })
    .from(companies)
    .where(eq(companies.id, companyId));
  // The event's company exists (a foreign key), so there is a row.
  if (!row) throw new Error(`no company ${companyId}`);
  return Number(row.bps);
}
