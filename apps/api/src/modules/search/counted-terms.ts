import { type Database, queryRows } from '@lotline/db';
import { sql } from 'drizzle-orm';

/**
 * A keyword term gets its own counts (lot_search_match_counts, decision 0104)
 * once it is in at least this share of the lots, and at least this many: below
 * that, counting the matching lots themselves is as fast.
 */
export const COUNTED_TERM_SHARE = 0.01;
export const COUNTED_TERM_MIN_LOTS = 1000;
/** Terms added per run of the search clock job, so that a run stays short. */
const TERMS_PER_RUN = 5;

export interface CountTermsOptions {
  share?: number;
  minLots?: number;
  upTo?: number;
}

/**
 * Starts counting the known terms (search_terms) that became common, most
 * frequent first, and returns them. Each term is its own transaction: adding
 * one holds the search clock, and so the projection's writers, while its
 * backfill reads its lots (about 0.2 s for 60,000 lots), so never for more
 * than one term at a time.
 */
export async function countCommonTerms(db: Database, options: CountTermsOptions = {}): Promise<string[]> {
  const share = options.share ?? COUNTED_TERM_SHARE;
  const minLots = options.minLots ?? COUNTED_TERM_MIN_LOTS;
  const candidates = await queryRows<{ term: string }>(
    db,
    sql`select s.term from search_terms s
      where s.term ~ '^[[:alpha:]]{2,}$' and s.term = lower(s.term)
        and s.frequency >= greatest(${minLots}::int, ${share}::float8 * (select coalesce(sum(n), 0) from lot_search_counts))
        and not exists (select 1 from lot_search_counted_terms t where t.term = s.term)
      order by s.frequency desc, s.term limit ${options.upTo ?? TERMS_PER_RUN}`,
  );
  const added: string[] = [];
  for (const { term } of candidates) {
    const [result] = await queryRows<{ added: boolean }>(db, sql`select lot_search_count_term(${term}) as added`);
    if (result?.added) added.push(term);
  }
  return added;
}
