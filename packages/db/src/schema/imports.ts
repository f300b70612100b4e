import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { events } from './events';
import { eventLots } from './lots';
import { users } from './platform';
import { companies } from './sellers';

/*
 * Bulk lot imports (issue 16; decision 0051). A preview is validated and kept
 * (its rows as lot bodies, its errors by row and column) until it is committed
 * or expires after 24 hours; committing creates every lot at once. Its photos
 * are attached and resized in the background, one `seller_import_photos` row each.
 */

export const sellerImports = pgTable(
  'seller_imports',
  {
    id: text('id').primaryKey(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** previewed | importing | done | failed */
    status: text('status').notNull().default('previewed'),
    /** The valid rows: `{ row, body, photos }` each, in file order. */
    rows: jsonb('rows').notNull(),
    /** `{ row, column, message }` each; a preview with any cannot be committed. */
    errors: jsonb('errors').notNull(),
    rowsCount: integer('rows_count').notNull(),
    lotsCreated: integer('lots_created').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`now() + interval '24 hours'`),
    /** When a photo pass last claimed one of its photos: the import (and company) served longest ago goes next (decision 0072). */
    photosClaimedAt: timestamp('photos_claimed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('seller_imports_expires_idx').on(t.expiresAt),
    // The imports whose photos are being fetched, by company: what a photo claim turns over (decision 0072).
    index('seller_imports_importing_idx').on(t.companyId).where(sql`${t.status} = 'importing'`),
  ],
);

/** One photo of an imported lot: a stored ZIP entry (`uploadKey`) or a URL still to fetch (`sourceUrl`). */
export const sellerImportPhotos = pgTable(
  'seller_import_photos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    importId: text('import_id')
      .notNull()
      .references(() => sellerImports.id, { onDelete: 'cascade' }),
    lotId: text('lot_id')
      .notNull()
      .references(() => eventLots.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    uploadKey: text('upload_key'),
    sourceUrl: text('source_url'),
    /** Attached and its card and page variants resized (or given up on: `failure` says why). */
    done: boolean('done').notNull().default(false),
    failure: text('failure'),
    /** A photo pass's hold on the row until this time (then anyone's again); a string, to compare it to the microsecond. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    index('seller_import_photos_import_idx').on(t.importId),
    // An import's queue in order, and its photos claimed now (counted against the caps), decision 0072.
    index('seller_import_photos_queue_idx').on(t.importId, t.id).where(sql`not ${t.done}`),
    index('seller_import_photos_claimed_idx')
      .on(t.importId)
      .where(sql`not ${t.done} and ${t.claimedUntil} is not null`),
  ],
);
