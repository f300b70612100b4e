import type { LotSearchParams } from '@lotline/contracts';
import { type Database, queryRows } from '@lotline/db';
import { type SQL, sql } from 'drizzle-orm';
import { lotNumberOf, tsQueryOf, wordsOf } from './keyword';
import { buildLotMatchConditions, geoFilterOf, pointWithin } from './lot-search-filter';

/**
 * Where a keyword or geo search's counts can come from `lot_search_match_counts`
 * (decision 0104): the rows of its keys, and the match conditions that pick the
 * lots the count corrects by hand (lot-counts.ts keyedRelation).
 */
export interface MatchCountSource {
  /** The rows of lot_search_match_counts the search sums. */
  keys: SQL;
  /** The search's keyword or geo condition on the projection. */
  match: SQL[];
}

/**
 * The match-count rows of a search, or undefined when they cannot answer it:
 * a one-word keyword whose term is counted (a common word), or a geo filter (its
 * points), and nothing else that the count columns lack (event, lot number, a
 * second match). Everything else is counted over the matching lots.
 */
export async function matchCountSource(db: Database, params: LotSearchParams): Promise<MatchCountSource | undefined> {
  const geo = geoFilterOf(params);
  const keyword = params.keyword;
  if (params['event-id'] !== undefined || (geo !== undefined) === (keyword !== undefined)) return undefined;
  const match = buildLotMatchConditions(params);
  if (geo !== undefined) {
    // Each lot sits at one point, so the points' rows add up to the lots within the distance.
    const points = sql`select p.lat, p.lon from lot_search_points p where ${pointWithin(geo, sql`p`)}`;
    return { keys: sql`term is null and (lat, lon) in (${points})`, match };
  }
  const term = keyword === undefined ? undefined : countableTerm(keyword);
  if (term === undefined) return undefined;
  // The term's rows count what `term:*` matches; the check that the search's own query is that one keeps the
  // two equal whatever the keyword's text (case, letters the text search parser splits otherwise).
  const rows = await queryRows(
    db,
    sql`select 1 from lot_search_counted_terms
      where term = ${term} and to_tsquery('simple', ${tsQueryOf(term) ?? ''})::text = format('%L:*', term)`,
  );
  return rows.length > 0 ? { keys: sql`term = ${term}`, match } : undefined;
}

/** The one word of letters of a keyword (a name search), or undefined. */
function countableTerm(keyword: string): string | undefined {
  if (lotNumberOf(keyword) !== undefined) return undefined;
  const words = wordsOf(keyword);
  const [word] = words;
  return words.length === 1 && word !== undefined && /^\p{L}{2,}$/u.test(word) ? word : undefined;
}
