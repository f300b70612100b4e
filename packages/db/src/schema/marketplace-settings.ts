import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable } from 'drizzle-orm/pg-core';
import { utc } from './columns';

/**
 * The marketplace's own settings, one row (decision 0078): staff change them from the staff pages, each change
 * audited. No row yet means the code's defaults (`DEFAULT_COMMISSION_BPS`).
 */
export const marketplaceSettings = pgTable(
  'marketplace_settings',
  {
    /** Always true: the primary key allows one row only. */
    id: boolean('id').primaryKey().default(true),
    /** The default commission in basis points, for a company without its own (`companies.commission_bps`). */
    commissionBps: integer('commission_bps').notNull(),
    updatedAt: utc('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('marketplace_settings_one_row', sql`${t.id}`),
    check('marketplace_settings_commission_bps_range', sql`${t.commissionBps} >= 0 AND ${t.commissionBps} <= 10000`),
  ],
);
