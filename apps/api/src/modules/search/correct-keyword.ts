import type { Database } from '@lotline/db';
import { searchTerms } from '@lotline/db/schema';
import { gt, sql } from 'drizzle-orm';
import { lotNumberOf, wordsOf } from './keyword';
import { bestCandidate, CANDIDATE_SIMILARITY, type Candidate, closestTerm } from './trigram';

export interface CorrectedKeyword {
  /** What to search: the keyword with unknown words replaced. */
  keyword: string | undefined;
  /** The replaced keyword when a word changed, else null (reported to the client). */
  correctedKeyword: string | null;
}

/** Only words of letters this long are corrected: codes and numbers are taken as typed. */
const CORRECTABLE = /^\p{L}{3,}$/u;
type Rows<T> = { rows: T[] };

/**
 * Typo tolerance: each query word that is not a known term (search_terms, kept
 * by triggers) is replaced by its closest known term: among the terms sharing
 * enough trigrams with it, the fewest edits, then the most frequent, then the
 * most similar (trigram.ts). The last word counts as known when a term starts
 * with it, since it is matched as a prefix.
 */
export async function correctKeyword(db: Database, keyword: string | undefined): Promise<CorrectedKeyword> {
  if (keyword === undefined || lotNumberOf(keyword) !== undefined) return { keyword, correctedKeyword: null };
  const words = wordsOf(keyword).slice(0, 16);
  const candidates = words.map((w, i) => ({ w, last: i === words.length - 1 })).filter((c) => CORRECTABLE.test(c.w));
  if (candidates.length === 0) return { keyword, correctedKeyword: null };

  const unknown = (await db.execute(sql`
    select q.w from jsonb_to_recordset(${JSON.stringify(candidates)}::jsonb) as q(w text, last boolean)
    where not exists (
      select 1 from search_terms t
      where t.frequency > 0 and (t.term = q.w or (q.last and t.term ~>=~ q.w and t.term ~<~ (q.w || '~')))
    )`)) as unknown as Rows<{ w: string }>;
  if (unknown.rows.length === 0) return { keyword, correctedKeyword: null };

  const replacements = await closestTerms(
    db,
    unknown.rows.map((r) => r.w),
  );
  if (replacements.size === 0) return { keyword, correctedKeyword: null };
  const corrected = words.map((w) => replacements.get(w) ?? w).join(' ');
  return { keyword: corrected, correctedKeyword: corrected };
}

async function closestTerms(db: Database, words: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (isPglite(db)) {
    // The embedded build's pg_trgm hangs (see trigram.ts); its vocabulary is
    // the small demo one, so the same ranking runs here over all of it.
    const terms = await db.select().from(searchTerms).where(gt(searchTerms.frequency, 0));
    for (const w of words) {
      const best = closestTerm(w, terms);
      if (best) found.set(w, best);
    }
    return found;
  }
  // `%` is pg_trgm's similarity test, served by the trigram GIN index, at the
  // candidates' threshold for this transaction only; the 20 most similar
  // candidates of each word are then ranked by edits (trigram.ts).
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.similarity_threshold', ${String(CANDIDATE_SIMILARITY)}, true)`);
    const result = (await tx.execute(sql`
      select q.w, c.term, c.frequency, c.similarity
      from jsonb_array_elements_text(${JSON.stringify(words)}::jsonb) as q(w)
      cross join lateral (
        select t.term, t.frequency, similarity(t.term, q.w) as similarity from search_terms t
        where t.frequency > 0 and t.term % q.w
        order by similarity desc, t.frequency desc, t.term
        limit 20
      ) as c`)) as unknown as Rows<{ w: string } & Candidate>;
    return result.rows;
  });
  for (const w of words) {
    const best = bestCandidate(
      w,
      rows.filter((r) => r.w === w).map((r) => ({ ...r, similarity: Number(r.similarity) })),
    );
    if (best) found.set(w, best);
  }
  return found;
}

/** PGlite's client has `waitReady` (its class name is minified away); node-postgres's pool has not. */
function isPglite(db: Database): boolean {
  const client = (db as unknown as { $client?: object }).$client;
  return client !== undefined && 'waitReady' in client;
}
