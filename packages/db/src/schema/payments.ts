import { sql } from 'drizzle-orm';
import { boolean, char, index, integer, pgEnum, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money, utc } from './columns';
import { users } from './platform';

/*
 * Payment methods (issue 5, fifth slice; decision 0015). Our tables keep only
 * what the provider tells us about a saved card (its id, brand, last four
 * digits and expiry): never the card number. The built-in sandbox provider
 * keeps its own tables (`sandbox_*`), as a real provider would on its side.
 */

export const paymentProvider = pgEnum('payment_provider', ['sandbox', 'stripe']);

/** A card saved with the provider, as the account page lists it (contract §3). */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: paymentProvider('provider').notNull(),
    providerPaymentMethodId: text('provider_payment_method_id').notNull(),
    brand: text('brand').notNull(),
    last4: char('last4', { length: 4 }).notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_methods_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('payment_methods_provider_id_key').on(t.provider, t.providerPaymentMethodId),
    // At most one default card per user.
    uniqueIndex('payment_methods_one_default_key').on(t.userId).where(sql`${t.isDefault}`),
  ],
);

export const paymentSetupStatus = pgEnum('payment_setup_status', ['pending', 'completed']);

/**
 * One "add a card" attempt: the provider's setup session (sandbox session or
 * Stripe SetupIntent) and whose it is, so only that user can complete it, once.
 */
export const paymentSetups = pgTable(
  'payment_setups',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: paymentProvider('provider').notNull(),
    providerSetupId: text('provider_setup_id').notNull(),
    status: paymentSetupStatus('status').notNull().default('pending'),
    /** Our payment method once completed (a repeated completion answers it again). */
    paymentMethodId: text('payment_method_id').references(() => paymentMethods.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    completedAt: utc('completed_at'),
  },
  (t) => [
    uniqueIndex('payment_setups_provider_id_key').on(t.provider, t.providerSetupId),
    index('payment_setups_user_idx').on(t.userId),
  ],
);

/** The provider's customer record of a user (Stripe attaches saved cards to a customer). */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: paymentProvider('provider').notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
);

// ---- The built-in sandbox provider's own storage (its side of the wire) ----

export const sandboxSetupStatus = pgEnum('sandbox_setup_status', ['requires_payment_method', 'succeeded', 'canceled']);

/** A sandbox setup session: the provider page at /payments-sandbox/setup/{id}. */
export const sandboxSetupSessions = pgTable('sandbox_setup_sessions', {
  id: text('id').primaryKey(),
  /** The merchant's reference (our user id), echoed back when the result is read. */
  reference: text('reference').notNull(),
  returnUrl: text('return_url').notNull(),
  status: sandboxSetupStatus('status').notNull().default('requires_payment_method'),
  cardId: text('card_id'),
  /** The last refusal shown on the page, e.g. "Your card was declined." */
  lastError: text('last_error'),
  createdAt: createdAt(),
  updatedAt: utc('updated_at').notNull().defaultNow(),
});

/**
 * A card stored by the sandbox. Like a real provider's vault it keeps what
 * it needs to act on the card later (here: how a test card behaves), but
 * the number itself is not kept.
 */
export const sandboxCards = pgTable('sandbox_cards', {
  id: text('id').primaryKey(),
  brand: text('brand').notNull(),
  last4: char('last4', { length: 4 }).notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  holderName: text('holder_name').notNull(),
  /** `ok`, or `decline-charges` for the test card whose setup succeeds but whose payments are refused. */
  behaviour: text('behaviour').notNull().default('ok'),
  detachedAt: utc('detached_at'),
  createdAt: createdAt(),
});

export const sandboxHoldStatus = pgEnum('sandbox_hold_status', ['requires_capture', 'succeeded', 'canceled']);

/** An authorisation (manual capture) on a sandbox card: Stripe's PaymentIntent with capture_method manual. */
export const sandboxHolds = pgTable('sandbox_holds', {
  id: text('id').primaryKey(),
  cardId: text('card_id')
    .notNull()
    .references(() => sandboxCards.id),
  amount: money('amount').notNull(),
  currency: char('currency', { length: 3 }).notNull(),
  amountCaptured: money('amount_captured').notNull().default(0),
  /** What the sandbox's refunds gave back of the captured amount. */
  amountRefunded: money('amount_refunded').notNull().default(0),
  status: sandboxHoldStatus('status').notNull().default('requires_capture'),
  reference: text('reference').notNull(),
  createdAt: createdAt(),
  updatedAt: utc('updated_at').notNull().defaultNow(),
});

/** A sandbox refund of a captured hold or charge; `reference` (ours) makes asking twice answer the same refund. */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    id: text('id').primaryKey(),
    holdId: text('hold_id')
      .notNull()
      .references(() => sandboxHolds.id),
    amount: money('amount').notNull(),
    reference: text('reference').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sandbox_refunds_reference_key').on(t.reference)],
);
