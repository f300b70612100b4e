import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { brands, catalogProducts, productCategories } from './catalog';
import { createdAt, currency, money, utc } from './columns';
import { lotStatus, lotType, marketDemand, packagingType, party, shippingOption } from './enums';
import { dispositionLocations, events } from './events';
import { companies } from './sellers';

/** An event lot (spec §3): one asset or group of assets offered in one sale format. */
export const eventLots = pgTable(
  'event_lots',
  {
    id: text('id').primaryKey(),
    /**
     * Insertion number, only ever increasing: the key the lot sitemaps are cut
     * along, so sitemap page k is one range of it (decision 0023).
     */
    ordinal: bigint('ordinal', { mode: 'number' }).generatedByDefaultAsIdentity().notNull(),
    /** Marketplace-2 id; preferred in the lot URL when present (spec §2). */
    mp2Id: text('mp2_id'),
    parentId: text('parent_id'),
    /** Lots with no event are allowed (spec §5). */
    eventId: text('event_id').references(() => events.id),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    number: text('number').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    productCategoryId: text('product_category_id').references(() => productCategories.id),
    brandId: text('brand_id').references(() => brands.id),
    catalogProductId: text('catalog_product_id').references(() => catalogProducts.id),
    type: lotType('type').notNull(),
    status: lotStatus('status').notNull().default('Pending'),
    quantity: integer('quantity').notNull().default(1),
    sequence: integer('sequence').notNull().default(0),
    hiddenFromMarketplace: boolean('hidden_from_marketplace').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: utc('updated_at').notNull().defaultNow(),
    startAt: utc('start_at'),
    /**
     * The effective end (BIDDING §5): what every view, `endedAt`, the live
     * stream and the e-mails show. A soft close moves it; closing reads it.
     */
    endedAt: utc('ended_at'),
    /** The scheduled end before any soft-close extension (event end + k × stagger); the cap counts from it. */
    scheduledEndAt: utc('scheduled_end_at'),
    /** When the close ran (BIDDING §7: exactly once). */
    closedAt: utc('closed_at'),

    currency: currency(),
    currentBidAmount: money('current_bid_amount'),
    startingBid: money('starting_bid'),
    reserveBid: money('reserve_bid'),
    buyItNowPrice: money('buy_it_now_price'),
    allInPrice: money('all_in_price'),
    bestOfferEnabled: boolean('best_offer_enabled').notNull().default(false),
    bidsCount: integer('bids_count').notNull().default(0),
    /** The leading bidder of an auction lot (hidden: only their own status tells a user they lead). */
    leaderUserId: text('leader_user_id'),
    /** BIDDING §3 rule 5: the leader's maximum reaches the reserve; null when the lot has no reserve. */
    reserveMet: boolean('reserve_met'),
    /** The id of the lot's last live change (a global sequence, only growing): the SSE `id:` (contract §5). */
    changeSeq: bigint('change_seq', { mode: 'number' }).notNull().default(0),

    managedShipping: boolean('managed_shipping').notNull().default(false),
    dispositionLocationId: text('disposition_location_id').references(() => dispositionLocations.id),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),

    riggingCost: money('rigging_cost'),
    riggingParty: party('rigging_party'),
    loadingCost: money('loading_cost'),
    loadingParty: party('loading_party'),
    shippingParty: party('shipping_party'),
    /** The shipping fee per unit (charged on the order when `shipping_party` is `buyer`); null: none quoted. */
    shippingCost: money('shipping_cost'),
    shippingOptions: shippingOption('shipping_options').array().notNull().default(sql`'{}'`),
    shippingPackageType: packagingType('shipping_package_type'),
    shippingPackageCount: integer('shipping_package_count'),
    marketDemand: marketDemand('market_demand'),
    forcedLiquidationValue: money('forced_liquidation_value'),
    orderlyLiquidationValue: money('orderly_liquidation_value'),
    grossBookValue: money('gross_book_value'),
    netBookValue: money('net_book_value'),
    transferValue: money('transfer_value'),
  },
  (t) => [
    uniqueIndex('event_lots_mp2_id_idx').on(t.mp2Id),
    uniqueIndex('event_lots_ordinal_idx').on(t.ordinal),
    index('event_lots_parent_idx').on(t.parentId),
    index('event_lots_event_idx').on(t.eventId, t.sequence),
    index('event_lots_company_idx').on(t.companyId),
    index('event_lots_category_idx').on(t.productCategoryId),
    index('event_lots_brand_idx').on(t.brandId),
    // The catalog product page's lots.
    index('event_lots_catalog_product_idx').on(t.catalogProductId),
    index('event_lots_number_idx').on(t.number),
    index('event_lots_status_ended_idx').on(t.status, t.endedAt, t.id),
    index('event_lots_ended_idx').on(t.endedAt, t.id),
    index('event_lots_created_idx').on(t.createdAt, t.id),
    // The lifecycle clock's scans: lots due to open, and open lots due to close (by effective end).
    index('event_lots_pending_start_idx').on(t.startAt).where(sql`${t.status} = 'Pending'`),
    index('event_lots_active_end_idx').on(t.endedAt).where(sql`${t.status} = 'Active'`),
    // "Popular" rows (most bids first, then ending soonest) of open lots, read in order.
    index('event_lots_popular_idx')
      .on(t.bidsCount.desc(), sql`${t.endedAt} asc nulls last`, t.id)
      .where(sql`${t.status} = 'Active'`),
  ],
);

/** Ordered central file links of a lot (spec §3 centralFileLinks). */
export const lotPhotos = pgTable(
  'lot_photos',
  {
    id: text('id').primaryKey(),
    lotId: text('lot_id')
      .notNull()
      .references(() => eventLots.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    url: text('url').notNull(),
    previousId: text('previous_id'),
  },
  (t) => [uniqueIndex('lot_photos_lot_position_idx').on(t.lotId, t.position)],
);

/** A lot's documents in order (decision 0056): an upload (`url` is `/files/<key>`) with the seller's description. */
export const lotDocuments = pgTable(
  'lot_documents',
  {
    id: text('id').primaryKey(),
    lotId: text('lot_id')
      .notNull()
      .references(() => eventLots.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    url: text('url').notNull(),
    fileName: text('file_name').notNull(),
    description: text('description').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
  },
  (t) => [
    uniqueIndex('lot_documents_lot_position_idx').on(t.lotId, t.position),
    index('lot_documents_url_idx').on(t.url),
    check('lot_documents_description_length', sql`char_length(${t.description}) <= 300`),
    check('lot_documents_size_positive', sql`${t.size} >= 0`),
  ],
);
