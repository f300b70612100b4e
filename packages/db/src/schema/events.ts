import { bigint, boolean, doublePrecision, index, integer, jsonb, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, currency, money, utc } from './columns';
import { country, eventStatus, saleFormat } from './enums';
import { companies } from './sellers';

export const events = pgTable(
  'events',
  {
    id: text('id').primaryKey(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** 'draft' is the seller's; buyers see view-only, published and finalized (spec §3). */
    status: eventStatus('status').notNull().default('draft'),
    saleFormat: saleFormat('sale_format').notNull().default('auction'),
    privateSale: boolean('private_sale').notNull().default(false),
    startAt: utc('start_at').notNull(),
    endAt: utc('end_at').notNull(),
    bidDepositAmount: money('bid_deposit_amount'),
    bidDepositCurrency: currency('bid_deposit_currency'),

    // ---- Auction settings (BIDDING.md; every number a default an event may override) ----
    /**
     * The increment table, `[{from, increment}]` in minor units ordered by
     * `from` (first row from 0); null is BIDDING §1's default table.
     */
    incrementTable: jsonb('increment_table').$type<{ from: number; increment: number }[]>(),
    /** Soft close (BIDDING §5): a bid within the last `window` moves the end to bid time + `extension`… */
    softCloseWindowSeconds: integer('soft_close_window_seconds').notNull().default(120),
    softCloseExtensionSeconds: integer('soft_close_extension_seconds').notNull().default(120),
    /** …but never past the lot's scheduled end + `cap`. */
    softCloseCapSeconds: integer('soft_close_cap_seconds').notNull().default(3600),
    /** Staggered close: lot k (sequence order, from 0) is scheduled at the event's end + k × this; 0 = all at once. */
    staggerIntervalSeconds: integer('stagger_interval_seconds').notNull().default(60),
    /** Registrations wait for the seller's approval (`pending`) when set (BIDDING §6). */
    registrationApprovalRequired: boolean('registration_approval_required').notNull().default(false),
    /** Buyer's premium on the hammer price, in basis points (1000 = 10%), for the invoices of the orders issue. */
    buyersPremiumBps: integer('buyers_premium_bps').notNull().default(0),
    /**
     * The marketplace's commission in basis points, frozen in the publish transaction from the company's
     * override or the marketplace default (decision 0078); null while a draft (and for events published before
     * the column existed: their results read the current rate).
     */
    commissionBps: integer('commission_bps'),
    /** Days a winner has to pay (BIDDING §6: holds must last until the latest end + this). */
    paymentWindowDays: integer('payment_window_days').notNull().default(5),
    /** Days after a tender lot's close in which the seller may award it (issue 15); then every tenderer is told "not awarded". */
    tenderAwardDays: integer('tender_award_days').notNull().default(5),
    /** When the close of the event's last lot released or applied the deposits (once; BIDDING §6). */
    depositsSettledAt: utc('deposits_settled_at'),
    createdAt: createdAt(),
  },
  (t) => [index('events_company_idx').on(t.companyId), index('events_status_end_idx').on(t.status, t.endAt)],
);

export const eventTerms = pgTable(
  'event_terms',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** e.g. 'Payment', 'Removal', 'Bidder' – shown as '{Type} Terms'. */
    type: text('type').notNull(),
    text: text('text').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('event_terms_event_idx').on(t.eventId)],
);

export const eventAttachments = pgTable(
  'event_attachments',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** `/files/<uploadKey>` for an uploaded file; an older attachment's typed-in link otherwise (decision 0085). */
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    position: integer('position').notNull().default(0),
    /** The upload (decision 0085), with its file name, size and type; all null for a typed-in link. */
    uploadKey: text('upload_key'),
    fileName: text('file_name'),
    size: bigint('size', { mode: 'number' }),
    contentType: text('content_type'),
  },
  (t) => [index('event_attachments_event_idx').on(t.eventId), index('event_attachments_upload_idx').on(t.uploadKey)],
);

/** Where an event's assets sit; tax rate is a percentage, e.g. 8.25. */
export const dispositionLocations = pgTable(
  'disposition_locations',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id').references(() => events.id, { onDelete: 'cascade' }),
    city: text('city').notNull(),
    region: text('region').notNull(),
    country: country('country').notNull(),
    taxRate: numeric('tax_rate', { precision: 6, scale: 3, mode: 'number' }).notNull().default(0),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
  },
  (t) => [index('disposition_locations_event_idx').on(t.eventId)],
);
