import { sql } from 'drizzle-orm';
import {
  bigint,
  char,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, money, utc } from './columns';
import { events } from './events';
import { eventLots } from './lots';
import { paymentMethods, paymentProvider } from './payments';
import { users } from './platform';

/*
 * The auction engine (issue 14; BIDDING.md, contract §5). Amounts are minor
 * units of the lot's currency; every time comes from the database clock.
 */

/** `bid`: a bidder's own bid. `auto`: a counter-bid the system made for the leader (shown, not counted). */
export const bidKind = pgEnum('bid_kind', ['bid', 'auto']);

/**
 * The append-only bid history (BIDDING §3 rule 6): a trigger refuses UPDATE
 * and DELETE. One accepted bid writes its `bid` row and, when the system
 * answered for the leader, an `auto` row after it.
 */
export const bids = pgTable(
  'bids',
  {
    id: text('id').primaryKey(),
    /** Insertion order (a transaction's rows share `created_at`): history is read by it. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    lotId: text('lot_id')
      .notNull()
      .references(() => eventLots.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    kind: bidKind('kind').notNull().default('bid'),
    /** The amount shown in the price history. */
    amount: money('amount').notNull(),
    /** The maximum given with a `bid` (equal to `amount` when none); null on `auto` rows. */
    maxAmount: money('max_amount'),
    /** The lot's price after this row. */
    priceAfter: money('price_after').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('bids_lot_seq_idx').on(t.lotId, t.seq), index('bids_user_idx').on(t.userId, t.lotId)],
);

/**
 * A bidder's standing on one lot: their maximum (never lowered, BIDDING §3
 * rule 2), their last own bid and count, and the stable pseudonym number of
 * the visible history ("Bidder 3").
 */
export const lotBidders = pgTable(
  'lot_bidders',
  {
    lotId: text('lot_id')
      .notNull()
      .references(() => eventLots.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** 1, 2, 3… in order of first bid on the lot. */
    pseudonym: integer('pseudonym').notNull(),
    maxAmount: money('max_amount').notNull(),
    /** When `maxAmount` was given (ties go to the earlier maximum). */
    maxSetAt: utc('max_set_at').notNull(),
    lastBidAmount: money('last_bid_amount').notNull(),
    bidsCount: integer('bids_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: utc('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.lotId, t.userId] }),
    uniqueIndex('lot_bidders_pseudonym_key').on(t.lotId, t.pseudonym),
    index('lot_bidders_user_idx').on(t.userId, t.updatedAt),
  ],
);

export const registrationStatus = pgEnum('registration_status', ['approved', 'pending', 'declined']);
export const depositStatus = pgEnum('deposit_status', ['not-required', 'held', 'released', 'applied', 'failed']);

/** A user's registration to bid in one event (BIDDING §6; contract §5 registered-auctions). */
export const registrations = pgTable(
  'registrations',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    status: registrationStatus('status').notNull(),
    /** The card the deposit is held on (the default card when the request named none). */
    paymentMethodId: text('payment_method_id').references(() => paymentMethods.id, { onDelete: 'set null' }),
    /** The event's deposit when the user registered; null when it has none. */
    depositAmount: money('deposit_amount'),
    depositCurrency: char('deposit_currency', { length: 3 }),
    depositStatus: depositStatus('deposit_status').notNull(),
    /** The hold now standing for the deposit (a renewal replaces it). */
    currentHoldId: text('current_hold_id'),
    /** Why the last renewal failed, shown to the bidder. */
    depositError: text('deposit_error'),
    registeredAt: createdAt(),
    decidedAt: utc('decided_at'),
    /** The most the bidder may bid (a bid's maximum, else its amount) in the event's currency; null: no limit. */
    bidLimitMinor: money('bid_limit_minor'),
    /** The auto-approval rule that approved it (decision 0080); null when a person decided or none was asked. */
    approvedByRuleId: text('approved_by_rule_id'),
    updatedAt: utc('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('registrations_event_user_key').on(t.eventId, t.userId),
    index('registrations_user_idx').on(t.userId),
  ],
);

export const depositHoldStatus = pgEnum('deposit_hold_status', ['held', 'replaced', 'released', 'applied', 'failed']);

/** One card hold placed for a registration's deposit: the first, then each renewal. */
export const depositHolds = pgTable(
  'deposit_holds',
  {
    id: text('id').primaryKey(),
    registrationId: text('registration_id')
      .notNull()
      .references(() => registrations.id),
    provider: paymentProvider('provider').notNull(),
    /** The provider's hold (sandbox hold, Stripe PaymentIntent `pi_…`); null when the provider refused it. */
    providerHoldId: text('provider_hold_id'),
    amount: money('amount').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    status: depositHoldStatus('status').notNull(),
    /** When the card network lets the hold lapse (Visa/Mastercard online: 7 days after placing it). */
    expiresAt: utc('expires_at').notNull(),
    /** The provider's refusal, when `failed`. */
    failureMessage: text('failure_message'),
    createdAt: createdAt(),
    updatedAt: utc('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('deposit_holds_registration_idx').on(t.registrationId, t.createdAt),
    // The renewal job's scan: held holds by when they lapse.
    index('deposit_holds_held_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'held'`),
  ],
);

/**
 * Idempotency keys of money-moving requests (contract §5): the same key from
 * the same user with the same body returns the stored answer; another body is
 * 409 IDEMPOTENCY_KEY_REUSED. Written in the same transaction as the effect.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** The operation, e.g. `POST /marketplace/api/event/event-lots/{id}/bids` with the id filled in. */
    scope: text('scope').notNull(),
    /** sha256 of the scope and the canonical request body. */
    requestHash: text('request_hash').notNull(),
    /** The stored answer; null only inside the first request's own transaction (its insert claims the key). */
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
