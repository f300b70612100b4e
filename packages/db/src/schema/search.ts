import { sql } from 'drizzle-orm';
import { boolean, customType, doublePrecision, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { utc } from './columns';
import { eventStatus, lotStatus, lotType } from './enums';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The search projection (spec §3 "search index document"): one row per event
 * lot holding only what search filters, sorts and facets on, denormalised from
 * the lot, its event, category and brand. It is written only by the triggers
 * of migration `0003_search_triggers`, in the same transaction as the change
 * to the source rows, so a search never sees a lot in a state it never had.
 */
export const lotSearch = pgTable(
  'lot_search',
  {
    lotId: text('lot_id').primaryKey(),
    eventId: text('event_id'),
    companyId: text('company_id').notNull(),
    type: lotType('type').notNull(),
    status: lotStatus('status').notNull(),
    hidden: boolean('hidden').notNull(),
    quantity: integer('quantity').notNull(),
    /** Null when the lot has no event (allowed, spec §5). */
    eventStatus: eventStatus('event_status'),
    privateSale: boolean('private_sale').notNull().default(false),
    categoryId: text('category_id'),
    /** The category's ancestor path '/a/b/c/'; a subtree is a prefix range. */
    categoryPath: text('category_path'),
    brandId: text('brand_id'),
    brandUniqueName: text('brand_unique_name'),
    number: text('number').notNull(),
    name: text('name').notNull(),
    createdAt: utc('created_at').notNull(),
    startAt: utc('start_at'),
    endedAt: utc('ended_at'),
    sequence: integer('sequence').notNull(),
    /** The lot's own point, else its disposition location's (as the card shows). */
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    /** 'simple' configuration: name (A); number, brand and category names (B). */
    document: tsvector('document').notNull(),
  },
  (t) => [
    index('lot_search_document_idx').using('gin', t.document),
    index('lot_search_earth_idx').using('gist', sql`ll_to_earth(${t.lat}, ${t.lon})`),
    index('lot_search_ended_idx').on(t.endedAt, t.lotId),
    index('lot_search_created_idx').on(t.createdAt.desc(), t.lotId),
    index('lot_search_sequence_idx').on(t.eventId, t.sequence, t.lotId),
    index('lot_search_category_path_idx').on(sql`${t.categoryPath} text_pattern_ops`),
    index('lot_search_number_idx').on(sql`lower(${t.number})`),
    index('lot_search_brand_idx').on(t.brandUniqueName),
    index('lot_search_status_ended_idx').on(t.status, t.endedAt, t.lotId),
    // Covers every column of the visibility and status conditions, so the
    // total of a browse is an index-only scan of the publicly visible rows.
    index('lot_search_visible_idx')
      .on(t.status, t.endedAt, t.startAt, t.type, t.quantity, t.eventStatus, t.eventId)
      .where(sql`not ${t.hidden} and not ${t.privateSale}`),
  ],
);

/**
 * Known words of lot names, brand names and category names with how many lot
 * documents use them, kept by the same triggers. A query word that is not here
 * is replaced by its most similar frequent term (trigram similarity).
 */
export const searchTerms = pgTable(
  'search_terms',
  {
    term: text('term').primaryKey(),
    frequency: integer('frequency').notNull(),
  },
  (t) => [index('search_terms_trgm_idx').using('gin', sql`${t.term} gin_trgm_ops`)],
);
