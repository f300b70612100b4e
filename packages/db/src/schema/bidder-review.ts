import { sql } from 'drizzle-orm';
import { boolean, char, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, money, utc } from './columns';
import { users } from './platform';
import { companies } from './sellers';

/**
 * A company's auto-approval rule (decision 0080): a new registration for one of its events that asks
 * approval, by a bidder meeting every condition set here, is approved at once with the rule's bid limit.
 * The limit is in `bid_limit_currency`: a rule applies only to events in that currency. Conditions only
 * add to the registration rules every registration already passes (verification, terms, deposit).
 */
export const autoApprovalRules = pgTable(
  'auto_approval_rules',
  {
    id: text('id').primaryKey(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    /** The account is verified (spec §4), also if a later registration rule stopped asking it. */
    requireVerified: boolean('require_verified').notNull().default(true),
    /** No order of the bidder awaits payment, nor was cancelled for non-payment. */
    requireNoUnpaidOrders: boolean('require_no_unpaid_orders').notNull().default(true),
    /** The account is at least this many days old; null: any age. */
    minAccountAgeDays: integer('min_account_age_days'),
    /** The limit set on the registration; null approves without a limit. */
    bidLimitMinor: money('bid_limit_minor'),
    bidLimitCurrency: char('bid_limit_currency', { length: 3 }).notNull().default('USD'),
    active: boolean('active').notNull().default(true),
    /** Who last wrote the rule: the auto-approvals it makes are audited in their name. */
    updatedBy: text('updated_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: utc('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('auto_approval_rules_company_idx').on(t.companyId),
    check('auto_approval_rules_limit_positive', sql`${t.bidLimitMinor} IS NULL OR ${t.bidLimitMinor} > 0`),
    check('auto_approval_rules_age_range', sql`${t.minAccountAgeDays} IS NULL OR ${t.minAccountAgeDays} >= 0`),
  ],
);
