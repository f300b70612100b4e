import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
} from 'drizzle-orm/pg-core';
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
    /**
     * The lot's own category. A subtree filter names the ids under a category,
     * read from `product_categories` at query time, so a move of a branch
     * changes no row here (decision 0086).
     */
    categoryId: text('category_id'),
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
    // A category's lots by recent, read id by id of its subtree and merged (search-lots.ts recentCategoryPage).
    index('lot_search_category_created_idx').on(t.categoryId, t.createdAt.desc(), t.lotId),
    index('lot_search_sequence_idx').on(t.eventId, t.sequence, t.lotId),
    // The "sequence" sort over all events (the one above serves an event's lots in order).
    index('lot_search_global_sequence_idx').on(t.sequence, t.lotId),
    // Lots starting in a window of time (lot_search_counts' clock and corrections).
    index('lot_search_start_idx').on(t.startAt),
    index('lot_search_category_idx').on(t.categoryId),
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

/** The columns of a count row (lot_search_counts, lot_search_match_counts): the filter columns, the classes, n. */
function countedColumns() {
  return {
    categoryId: text('category_id'),
    brandUniqueName: text('brand_unique_name'),
    type: lotType('type').notNull(),
    status: lotStatus('status').notNull(),
    hidden: boolean('hidden').notNull(),
    privateSale: boolean('private_sale').notNull(),
    eventStatus: eventStatus('event_status'),
    quantity: smallint('quantity').notNull(),
    endedClass: smallint('ended_class'),
    startClass: smallint('start_class'),
    n: integer('n').notNull(),
  };
}

type CountedColumns = { [K in keyof ReturnType<typeof countedColumns>]: AnyPgColumn };

/** A count row's key: every column but n. */
function countedKey(t: CountedColumns): [AnyPgColumn, ...AnyPgColumn[]] {
  return [
    t.categoryId,
    t.brandUniqueName,
    t.type,
    t.status,
    t.hidden,
    t.privateSale,
    t.eventStatus,
    t.quantity,
    t.endedClass,
    t.startClass,
  ];
}

/**
 * How many projection rows there are per combination of every column that the
 * browse filters other than keyword and geo look at: the facet columns
 * (category, brand, sale format), the status and visibility columns, and the
 * two times reduced to classes. Kept by triggers on `lot_search` (migration
 * 0005) in the same transaction as the projection.
 *
 * The times are what makes a count depend on the clock. They are stored as
 * classes relative to the instant in `lot_search_clock` (call it t), which is
 * advanced about every minute (`lot_search_clock_advance`, run by the API):
 * - `ended_class`: 0 ended by t; 1 by t + 48 h; 2 by t + 168 h; 3 later; null
 *   without an end time (the windows are those of the ending-date filter);
 * - `start_class`: 0 started by t; 1 later; null without a start time;
 * - `quantity`: 1 when at least one is available, else 0.
 *
 * A search at `now` reads each class as its upper bound (t, t + 48 h, …), so
 * every filter gives the same answer as for the real time, except for the lots
 * whose real time lies between t and the search's own instants (now, now + 48 h,
 * now + 168 h): a minute's worth of lots, which the search counts from
 * `lot_search` directly (+1 as they are, −1 as classified).
 * See apps/api/src/modules/search/lot-counts.ts.
 */
export const lotSearchCounts = pgTable('lot_search_counts', countedColumns(), (t) => [
  unique('lot_search_counts_key')
    .on(...countedKey(t))
    .nullsNotDistinct(),
  // Emptied combinations are deleted by the triggers; this finds them.
  index('lot_search_counts_empty_idx').on(t.n).where(sql`${t.n} = 0`),
]);

/**
 * The same counts as `lot_search_counts` (same columns, same clock classes),
 * per keyword term or per point: the totals and facets of a keyword search for
 * a common word, or of a geo search, without reading the matching lots
 * (decision 0104). A term row counts the lots whose document holds a word
 * starting with the term (what the one-word keyword `term:*` matches); only
 * the terms in `lot_search_counted_terms` have rows. A point row counts the
 * lots at that point. Kept by triggers on `lot_search` and by
 * `lot_search_clock_advance` (migration 0047), as exactly as the count table.
 */
export const lotSearchMatchCounts = pgTable(
  'lot_search_match_counts',
  { term: text('term'), lat: doublePrecision('lat'), lon: doublePrecision('lon'), ...countedColumns() },
  (t) => [
    unique('lot_search_match_counts_key')
      .on(t.term, t.lat, t.lon, ...countedKey(t))
      .nullsNotDistinct(),
    // A row is a term's or a point's, never both.
    check(
      'lot_search_match_counts_one_key',
      sql`(${t.term} is null) = (${t.lat} is not null and ${t.lon} is not null)`,
    ),
    index('lot_search_match_counts_empty_idx').on(t.n).where(sql`${t.n} = 0`),
  ],
);

/** The keyword terms that have rows in `lot_search_match_counts` (added once, never removed). */
export const lotSearchCountedTerms = pgTable('lot_search_counted_terms', {
  term: text('term').primaryKey(),
});

/**
 * The distinct points of the projection with how many rows sit at each, kept
 * by the same triggers. The near-me sort walks these nearest first and reads
 * each one's lots from `lot_search_point_idx` (migration 0005, a covering index
 * on lat, lon, lot_id with the filter columns), instead of measuring every lot.
 */
export const lotSearchPoints = pgTable(
  'lot_search_points',
  {
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.lat, t.lon] }),
    index('lot_search_points_earth_idx').using('gist', sql`ll_to_earth(${t.lat}, ${t.lon})`),
  ],
);

/** The one instant the classes of `lot_search_counts` are relative to. */
export const lotSearchClock = pgTable(
  'lot_search_clock',
  {
    id: boolean('id').primaryKey().default(true),
    at: utc('at').notNull(),
  },
  (t) => [check('lot_search_clock_one_row', sql`${t.id}`)],
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
