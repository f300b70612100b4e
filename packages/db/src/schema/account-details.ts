import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, utc } from './columns';
import { country } from './enums';
import { events } from './events';
import { users } from './platform';

/*
 * The account area (issue 5, second slice): addresses and bidder-terms
 * agreements. Both feed the verification flag `users.verified` (spec §4).
 */

export const addressType = pgEnum('address_type', ['billing', 'shipping']);

/** A billing or shipping address of a user; region and postal code were checked against the country. */
export const addresses = pgTable(
  'addresses',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: addressType('type').notNull(),
    name: text('name').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2').notNull().default(''),
    city: text('city').notNull(),
    region: text('region').notNull(),
    postalCode: text('postal_code').notNull(),
    country: country('country').notNull(),
    phone: text('phone').notNull(),
    createdAt: createdAt(),
    updatedAt: utc('updated_at').notNull().defaultNow(),
  },
  (t) => [index('addresses_user_idx').on(t.userId, t.createdAt)],
);

/**
 * One agreement to a version of the bidder terms, site-wide (`event_id` null)
 * or for one event. Agreeing again is a no-op: the unique index treats a null
 * event as one value, so a retried POST finds the first row.
 */
export const bidderTermsAgreements = pgTable(
  'bidder_terms_agreements',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: text('event_id').references(() => events.id, { onDelete: 'cascade' }),
    version: text('version').notNull(),
    agreedAt: utc('agreed_at').notNull().default(sql`now()`),
  },
  (t) => [
    unique('bidder_terms_user_event_version_key').on(t.userId, t.eventId, t.version).nullsNotDistinct(),
    index('bidder_terms_event_idx').on(t.eventId),
  ],
);
