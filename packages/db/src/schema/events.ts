import { boolean, doublePrecision, index, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
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
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('event_attachments_event_idx').on(t.eventId)],
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
