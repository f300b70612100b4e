import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, currency, money, utc } from './columns';
import { legacyLotStatus } from './enums';
import { companies } from './sellers';

/**
 * Older listings from the previous platform (spec §3 "Legacy lot"). Read-only:
 * nothing in the application writes here except the importer/seed.
 */
export const legacyLots = pgTable(
  'legacy_lots',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    titleSeo: text('title_seo').notNull(),
    number: text('number').notNull(),
    status: legacyLotStatus('status').notNull(),
    photoUrl: text('photo_url'),
    photos: jsonb('photos').$type<{ url: string }[]>().notNull().default([]),
    endedAt: utc('ended_at'),
    listingPrice: money('listing_price'),
    currency: currency(),
    companyId: text('company_id').references(() => companies.id),
    addressString: text('address_string'),
    mode: text('mode').notNull().default('lot'),
    auctionId: text('auction_id'),
    /** 'tender' or another auction type (spec §3 auction.type). */
    auctionType: text('auction_type').notNull().default('auction'),
    bidsCount: integer('auction_lot_bids_count').notNull().default(0),
    arsEventLotId: text('ars_event_lot_id'),
    createdAt: createdAt(),
  },
  (t) => [index('legacy_lots_company_idx').on(t.companyId)],
);

export const legacyLotBids = pgTable(
  'legacy_lot_bids',
  {
    id: text('id').primaryKey(),
    legacyLotId: text('legacy_lot_id')
      .notNull()
      .references(() => legacyLots.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    placedAt: utc('placed_at').notNull(),
  },
  (t) => [index('legacy_lot_bids_lot_idx').on(t.legacyLotId)],
);
