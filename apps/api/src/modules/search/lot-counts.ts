import { type LotSearchParams, SEARCH_STATUSES, type SearchStatus } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { lotSearch } from '@lotline/db/schema';
import { and, or, type SQL, sql } from 'drizzle-orm';
import { type LotSearchRow, listedLotSearchCondition, visibleLotSearchCondition } from '../lots/visibility';
import { buildLotMatchConditions, type GeoPoint, lotFilterParts, searchInstants } from './lot-search-filter';
import { type MatchCountSource, matchCountSource } from './match-counts';

export interface LotCountOptions {
  now: Date;
  allowPrivateSales?: boolean | undefined;
  /** The "sold" view of past lots (spec §5). */
  soldOnly?: boolean | undefined;
  /** Also count what each facet value would give (facets.ts shapes them). */
  facets: boolean;
  /** The geo filter's points, when the caller looked them up (lot-search-filter.ts pointsWithin). */
  geoPoints?: readonly GeoPoint[] | undefined;
}

export type FacetStatus = Exclude<SearchStatus, 'active-and-upcoming'>;
export const FACET_STATUSES = SEARCH_STATUSES.filter((s): s is FacetStatus => s !== 'active-and-upcoming');

export interface LotCounts {
  /** Lots matching every filter: the search's total. */
  total: number;
  /** Per category id, brand uniqueName and lot type, each under every filter but its own. */
  byCategory: Map<string, number>;
  byBrand: Map<string, number>;
  byType: Map<string, number>;
  /** Per status view, each counted as if that status were chosen. */
  byStatus: Map<FacetStatus, number>;
}

const COLUMNS = [
  'category_id',
  'brand_unique_name',
  'type',
  'status',
  'hidden',
  'private_sale',
  'event_status',
  'quantity',
  'ended_at',
  'start_at',
] as const;

const u = (column: (typeof COLUMNS)[number] | 'n') => sql`${sql.identifier('u')}.${sql.identifier(column)}`;

/** The filters read the counted relation `u` (below) through these columns. */
const COUNTED_ROW: LotSearchRow = {
  hidden: u('hidden'),
  quantity: u('quantity'),
  status: u('status'),
  type: u('type'),
  eventStatus: u('event_status'),
  privateSale: u('private_sale'),
  endedAt: u('ended_at'),
  startAt: u('start_at'),
  categoryId: u('category_id'),
  brandUniqueName: u('brand_unique_name'),
};

const columnList = sql.raw(COLUMNS.join(', '));

/**
 * The total of a lot search and, on request, its facet counts, in one
 * aggregate over a relation of weighted rows (`n`) with the filter columns:
 *
 * - Without keyword or geo filter (browsing), that relation is the count table
 *   `lot_search_counts` (about 14,000 rows at a million lots) plus a
 *   correction for the lots whose classified times may answer a filter
 *   differently from their real times at `now` (see the table's comment): each
 *   such lot once as it is (+1) and once classified (−1), so the sum is exact.
 * - With a geo filter, or a one-word keyword whose term is counted (a common
 *   word), it is the rows of `lot_search_match_counts` for those points or that
 *   term (decision 0104), with the same correction restricted to the lots the
 *   search matches.
 * - With any other keyword (or an event), which no count table can answer, it
 *   is the matching projection rows themselves, weight 1 (found by the
 *   keyword's GIN index).
 *
 * Either way the same filter code (lotFilterParts) decides what is
 * counted, so the two paths cannot disagree about the rules.
 */
export async function countLots(db: Database, params: LotSearchParams, options: LotCountOptions): Promise<LotCounts> {
  const match = buildLotMatchConditions(params, options.geoPoints);
  const source = match.length > 0 ? await matchCountSource(db, params) : undefined;
  if (match.length > 0 && source === undefined) {
    return (await aggregate(db, params, options, matchingRelation(match, options))).counts;
  }
  return overKeyedRelation(db, options.now, (relation) => aggregate(db, params, options, relation, true), source);
}

/**
 * Runs a count over the keyed relation at `now`. The clock is read first so
 * that the correction's windows are plain values the planner can see (a few
 * index range scans); the count reads it again in its own snapshot
 * (`clockSeen`), and if it moved in between, the count is taken anew.
 */
async function overKeyedRelation<T>(
  db: Database,
  now: Date,
  count: (relation: SQL) => Promise<{ counts: T; clockSeen?: Date | undefined }>,
  source?: MatchCountSource,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const clock = await readClock(db);
    const { counts, clockSeen } = await count(keyedRelation(now, clock, source));
    // No row at all (nothing to count) holds no clock, and needs none.
    if (clockSeen === undefined || clockSeen.getTime() === clock.at.getTime()) return counts;
    if (attempt === 2) throw new Error('The search count clock kept moving during a count');
  }
}

/**
 * Listed lots per category (own lots only, as listedLotCondition has it: not
 * hidden, not in a draft event, available or over), from the count table.
 * Callers roll them up the tree (catalog/category-counts.ts).
 */
export async function countListedLotsByCategory(db: Database, now: Date): Promise<Map<string, number>> {
  return overKeyedRelation(db, now, async (relation) => {
    const rows = await execute<{ category_id: string; n: number; clock: Date | string }>(
      db,
      sql`select u.category_id, coalesce(sum(u.n) filter (where ${listedLotSearchCondition(now, COUNTED_ROW)}), 0)::int as n,
        (select at from lot_search_clock) as clock
      from (${relation}) as u where u.category_id is not null group by 1`,
    );
    return {
      counts: new Map(rows.filter((r) => Number(r.n) > 0).map((r) => [r.category_id, Number(r.n)])),
      clockSeen: rows[0] ? new Date(rows[0].clock) : undefined,
    };
  });
}

/**
 * Sums the weighted rows of `relation` that pass the filters: each filter is
 * evaluated once per row (a boolean column), and each total or facet sums the
 * rows passing its combination, so every facet leaves out its own filter.
 * One group per (category, brand, type): a few hundred rows, summed up here.
 */
async function aggregate(
  db: Database,
  params: LotSearchParams,
  options: LotCountOptions,
  relation: SQL,
  readsClock = false,
): Promise<{ counts: LotCounts; clockSeen?: Date | undefined }> {
  const filterOptions = {
    now: options.now,
    allowPrivateSales: options.allowPrivateSales,
    soldOnly: options.soldOnly,
    row: COUNTED_ROW,
  };
  const parts = lotFilterParts(params, filterOptions);
  const flag = (condition: SQL | undefined) => condition ?? sql`true`;
  const columns = [
    sql`${flag(parts.status)} as f_status`,
    sql`${flag(parts.saleFormat)} as f_format`,
    sql`${flag(parts.endingDate)} as f_ending`,
    sql`${flag(parts.productCategory)} as f_category`,
    sql`${flag(parts.manufacturer)} as f_brand`,
  ];
  if (options.facets) {
    for (const status of FACET_STATUSES) {
      // Each status view with its own ending-date rule (none for past lots).
      const view = lotFilterParts({ ...params, status }, filterOptions);
      columns.push(sql`(${and(view.status, flag(view.endingDate))}) as ${sql.identifier(`f_${status}`)}`);
    }
  }
  const filtered = sql`select u.category_id, u.brand_unique_name, u.type, u.n, ${sql.join(columns, sql`, `)}
    from (${relation}) as u where ${parts.visible}`;
  const sum = (...flags: string[]) => sql`coalesce(sum(n) filter (where ${sql.raw(flags.join(' and '))}), 0)::int`;
  const everything = ['f_status', 'f_format', 'f_ending', 'f_category', 'f_brand'];
  const but = (flag: string) => everything.filter((f) => f !== flag);
  const clockColumn = readsClock ? sql`, (select at from lot_search_clock) as clock` : sql``;
  const clockOf = (row: { clock?: unknown } | undefined) =>
    row?.clock instanceof Date || typeof row?.clock === 'string' ? new Date(row.clock) : undefined;

  if (!options.facets) {
    const rows = await execute<{ total: number; clock?: Date | string }>(
      db,
      sql`select ${sum(...everything)} as total ${clockColumn} from (${filtered}) as f`,
    );
    return { counts: { ...emptyCounts(), total: Number(rows[0]?.total ?? 0) }, clockSeen: clockOf(rows[0]) };
  }

  // A status view brings its own ending-date rule, so it replaces both.
  const statusSums = FACET_STATUSES.map(
    (s) => sql`, ${sum(`f_${s}`, 'f_format', 'f_category', 'f_brand')} as ${sql.identifier(`s_${s}`)}`,
  );
  const rows = await execute<Record<string, string | number | Date | null>>(
    db,
    sql`select category_id as category, brand_unique_name as brand, type,
      ${sum(...everything)} as total, ${sum(...but('f_category'))} as by_category,
      ${sum(...but('f_brand'))} as by_brand, ${sum(...but('f_format'))} as by_type ${sql.join(statusSums)}
      ${clockColumn}
    from (${filtered}) as f group by 1, 2, 3`,
  );
  const counts = emptyCounts();
  const add = (map: Map<string, number>, key: unknown, n: number) => {
    if (typeof key === 'string' && n > 0) map.set(key, (map.get(key) ?? 0) + n);
  };
  for (const row of rows) {
    counts.total += Number(row.total);
    add(counts.byCategory, row.category, Number(row.by_category));
    add(counts.byBrand, row.brand, Number(row.by_brand));
    add(counts.byType, row.type, Number(row.by_type));
    for (const s of FACET_STATUSES) counts.byStatus.set(s, (counts.byStatus.get(s) ?? 0) + Number(row[`s_${s}`]));
  }
  return { counts, clockSeen: clockOf(rows[0]) };
}

function emptyCounts(): LotCounts {
  return {
    total: 0,
    byCategory: new Map(),
    byBrand: new Map(),
    byType: new Map(),
    byStatus: new Map(FACET_STATUSES.map((s) => [s, 0])),
  };
}

/** The clock's instant and what each class reads as (the bound functions of migration 0005). */
interface Clock {
  at: Date;
  endedBounds: SQL[];
  startBounds: SQL[];
}

async function readClock(db: Database): Promise<Clock> {
  // As text, which holds 'infinity' too (a JS Date cannot), and goes back as such.
  const ended = [0, 1, 2, 3].map(
    (c) => sql`, lot_search_ended_bound(${c}::smallint, at)::text as ${sql.identifier(`e${c}`)}`,
  );
  const started = [0, 1].map(
    (c) => sql`, lot_search_start_bound(${c}::smallint, at)::text as ${sql.identifier(`s${c}`)}`,
  );
  const rows = await execute<Record<string, Date | string>>(
    db,
    sql`select at ${sql.join(ended)} ${sql.join(started)} from lot_search_clock`,
  );
  const row = rows[0];
  if (row === undefined) throw new Error('lot_search_clock has no row: migration 0005 did not run');
  const instant = (key: string) => sql`${String(row[key])}::timestamptz`;
  return {
    at: new Date(row.at as Date | string),
    endedBounds: [0, 1, 2, 3].map((c) => instant(`e${c}`)),
    startBounds: [0, 1].map((c) => instant(`s${c}`)),
  };
}

/**
 * The count table read at `now`, plus its correction. Each class of time reads
 * as its latest instant relative to the table's clock (`lot_search_clock`, a
 * minute old at most while the API runs); a lot needs correcting only when its
 * real time lies between the start of the class holding one of the search's
 * instants (searchInstants) and that instant, where the class's bound answers
 * a comparison with that instant otherwise. With the clock just behind `now`
 * those are the lots ending or starting within that minute (and a minute after
 * the 48-hour and 168-hour marks), found by the ended_at and start_at indexes.
 * `clock` is the clock as the caller read it; countLots checks that the
 * aggregate's own snapshot saw the same. With a match-count source, the rows
 * are that term's or those points' (same columns and classes), and the
 * corrected lots are only those the search matches.
 */
function keyedRelation(now: Date, { at: clock, endedBounds, startBounds }: Clock, source?: MatchCountSource): SQL {
  // Each class read as its bound, a value fixed for this count (a CASE over
  // constants, instead of time arithmetic on every row of the table).
  const bound = (column: string, bounds: SQL[]) =>
    sql`case ${sql.raw(column)} ${sql.join(
      bounds.map((b, c) => sql`when ${sql.raw(String(c))} then ${b}`),
      sql` `,
    )} end`;
  const endedNear = searchInstants(now).map(
    (q) => sql`(${lotSearch.endedAt} > lot_search_ended_misread_from(${q}, ${clock}) and ${lotSearch.endedAt} <= ${q})`,
  );
  const startedNear = sql`(${lotSearch.startAt} > lot_search_start_misread_from(${now}, ${clock})
    and ${lotSearch.startAt} <= ${now})`;
  const facts = sql.raw(COLUMNS.slice(0, 7).join(', '));
  const counted = source ? sql`lot_search_match_counts where ${source.keys}` : sql`lot_search_counts`;
  return sql`with near as (
      select ${columnList} from ${lotSearch} where ${and(or(...endedNear, startedNear), ...(source?.match ?? []))}
    )
    select ${facts}, quantity, ${bound('ended_class', endedBounds)} as ended_at,
      ${bound('start_class', startBounds)} as start_at, n
    from ${counted}
    union all
    select ${columnList}, 1 from near
    union all
    select ${facts}, lot_search_quantity_key(quantity),
      lot_search_ended_bound(lot_search_ended_class(ended_at, ${clock}), ${clock}),
      lot_search_start_bound(lot_search_start_class(start_at, ${clock}), ${clock}), -1
    from near`;
}

/** The visible projection rows matching the keyword and geo filter, each counted once. */
function matchingRelation(match: SQL[], options: LotCountOptions): SQL {
  return sql`select ${columnList}, 1 as n from ${lotSearch}
    where ${and(...match, visibleLotSearchCondition(options.now, options.allowPrivateSales ?? false))}`;
}

async function execute<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
