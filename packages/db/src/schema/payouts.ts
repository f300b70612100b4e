import { sql } from 'drizzle-orm';
import { boolean, char, check, index, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money, utc } from './columns';
import { orders } from './orders';
import { users } from './platform';
import { companies } from './sellers';

/*
 * What the marketplace pays a seller for an order (decision 0079): the order's net (what the buyer paid less tax,
 * the marketplace's premium and commission, the seller's fees and refunds), once the refund window has passed.
 */

/** How the money went: a Stripe Connect transfer to the company's connected account, or a bank transfer staff made. */
export const payoutMethod = pgEnum('payout_method', ['stripe', 'manual']);
/** `processing`: a Stripe transfer asked for and not answered yet. A manual payout is recorded `paid` at once. */
export const payoutStatus = pgEnum('payout_status', ['processing', 'paid', 'failed']);

/**
 * One payout of one order. At most one that is not `failed` per order (`payouts_one_live_per_order_key`): a
 * failed Stripe transfer moved nothing and stays as a record, and the order can be paid out again. Its id is
 * the Stripe idempotency key, so a retried transfer answers the first. Status moves: PAYOUT_MOVES
 * (`packages/domain/src/payout-lifecycle.ts`), written only by `apps/api/src/modules/payouts/change-payout.ts`.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    /** The seller paid (the order's company). */
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    /** Minor units of `currency` (the order's): the order's net, `netPayoutForOrder`'s `netMinor` when recorded. */
    amount: money('amount').notNull(),
    /*
     * The rest of that reckoning, as it stood when the payout was recorded (an order's totals are frozen the same
     * way): the marketplace's revenue report sums these, so it always agrees with what sellers were paid.
     */
    grossAmount: money('gross_amount').notNull(),
    taxAmount: money('tax_amount').notNull(),
    premiumAmount: money('premium_amount').notNull(),
    commissionAmount: money('commission_amount').notNull(),
    sellerFeesAmount: money('seller_fees_amount').notNull(),
    refundedAmount: money('refunded_amount').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    method: payoutMethod('method').notNull(),
    /** The bank transfer's reference (manual), or Stripe's transfer id (`tr_…`) once known. */
    reference: text('reference'),
    /** The connected account a Stripe transfer went to (`acct_…`). */
    destination: text('destination'),
    status: payoutStatus('status').notNull(),
    failureMessage: text('failure_message'),
    /** The staff member who recorded it; null for a transfer the release job made. */
    createdByUserId: text('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: utc('updated_at').notNull().defaultNow(),
    paidAt: utc('paid_at'),
  },
  (t) => [
    uniqueIndex('payouts_one_live_per_order_key').on(t.orderId).where(sql`${t.status} <> 'failed'`),
    index('payouts_company_idx').on(t.companyId, t.createdAt),
    index('payouts_created_idx').on(t.createdAt),
    check('payouts_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** Who holds a connected account: Stripe, or the embedded sandbox (no real money; decision 0090). */
export const payoutAccountProvider = pgEnum('payout_account_provider', ['stripe', 'sandbox']);

/**
 * A company's connected account (`acct_…`): set by staff, or made by the seller's own onboarding (decision 0090).
 * Its orders are paid out by transfer to it only when it is a Stripe account whose payouts are not known to be
 * disabled. The state columns are what the provider last said; null: never asked (an id staff typed).
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    companyId: text('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Stripe's account id, or the sandbox's (`acct_sbx…`, same shape). */
    stripeAccountId: text('stripe_account_id').notNull(),
    provider: payoutAccountProvider('provider').notNull().default('stripe'),
    detailsSubmitted: boolean('details_submitted'),
    chargesEnabled: boolean('charges_enabled'),
    payoutsEnabled: boolean('payouts_enabled'),
    /** When the provider was last asked (database clock). */
    checkedAt: utc('checked_at'),
    updatedByUserId: text('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: utc('updated_at').notNull().defaultNow(),
  },
  (t) => [check('payout_accounts_stripe_account_format', sql`${t.stripeAccountId} ~ '^acct_[A-Za-z0-9]+$'`)],
);

/**
 * A connected account held by the sandbox provider (decision 0090), as Stripe holds an Express account: made once
 * per idempotency key, onboarded on the sandbox's own page. No real money ever reaches it.
 */
export const sandboxConnectedAccounts = pgTable('sandbox_connected_accounts', {
  id: text('id').primaryKey(),
  /** The key the merchant created it with: asking again answers this account (Stripe's idempotency, kept). */
  idempotencyKey: text('idempotency_key').notNull().unique(),
  /** Ours: the company id, echoed back as Stripe's metadata would be. */
  reference: text('reference').notNull(),
  country: char('country', { length: 2 }).notNull(),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  chargesEnabled: boolean('charges_enabled').notNull().default(false),
  payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: utc('updated_at').notNull().defaultNow(),
});

/** A single-use onboarding link of the sandbox (Stripe's Account Link): its id is the secret in the page's URL. */
export const sandboxAccountLinks = pgTable('sandbox_account_links', {
  id: text('id').primaryKey(),
  accountId: text('account_id')
    .notNull()
    .references(() => sandboxConnectedAccounts.id, { onDelete: 'cascade' }),
  returnUrl: text('return_url').notNull(),
  refreshUrl: text('refresh_url').notNull(),
  expiresAt: utc('expires_at').notNull(),
  usedAt: utc('used_at'),
  createdAt: createdAt(),
});
