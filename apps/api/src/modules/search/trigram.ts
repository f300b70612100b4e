/**
 * Typo correction's ranking. Candidates are the known terms sharing enough
 * trigrams with the typed word (pg_trgm's similarity, in PostgreSQL through
 * the trigram index); among them the closest by edit distance wins, so that
 * a swapped pair of letters ("forklfit") finds the long word it belongs to
 * rather than a shorter term that happens to share more of its trigrams
 * ("fork"), and a short word with one wrong letter ("hass") still finds its
 * term ("haas") although they share few trigrams.
 */

/** Trigram similarity below which a term is not a candidate (pg_trgm's default is 0.3). */
export const CANDIDATE_SIMILARITY = 0.2;

export interface Candidate {
  term: string;
  frequency: number;
  /** pg_trgm similarity to the typed word. */
  similarity: number;
}

/**
 * pg_trgm's similarity for one word, in JavaScript: the trigrams of the word
 * padded with two spaces in front and one behind, compared as sets (shared /
 * all). Used where pg_trgm's functions cannot run: the embedded PGlite build
 * hangs on `similarity()` and `%` (seen with @electric-sql/pglite 0.5.16).
 */
export function trigrams(word: string): Set<string> {
  const padded = `  ${word.toLowerCase()} `;
  const set = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
  return set;
}

export function similarity(a: string, b: string): number {
  const ta = trigrams(a);
  const tb = trigrams(b);
  let shared = 0;
  for (const g of ta) if (tb.has(g)) shared++;
  const all = ta.size + tb.size - shared;
  return all === 0 ? 0 : shared / all;
}

/**
 * Edit distance counting an insertion, deletion, substitution or swap of two
 * neighbouring letters as one (optimal string alignment).
 */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number) => d[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      (d[i] as number[])[j] = best;
    }
  }
  return at(a.length, b.length);
}

/** How many edits a word of this length may carry and still be corrected: 1 up to 5 letters, 2 beyond. */
export function editsAllowed(word: string): number {
  return word.length <= 5 ? 1 : 2;
}

/**
 * The correction of `word` among its candidates: the fewest edits (within
 * editsAllowed), then the most frequent (the likelier meant, as in Norvig's
 * corrector), then the most similar, then the alphabetically first; undefined
 * when no candidate is close enough.
 */
export function bestCandidate(word: string, candidates: readonly Candidate[]): string | undefined {
  let best: (Candidate & { edits: number }) | undefined;
  for (const c of candidates) {
    if (c.similarity < CANDIDATE_SIMILARITY) continue;
    const edits = editDistance(word, c.term);
    if (edits > editsAllowed(word)) continue;
    const better =
      !best ||
      edits < best.edits ||
      (edits === best.edits &&
        (c.frequency > best.frequency ||
          (c.frequency === best.frequency &&
            (c.similarity > best.similarity || (c.similarity === best.similarity && c.term < best.term)))));
    if (better) best = { ...c, edits };
  }
  return best?.term;
}

/** bestCandidate over a whole vocabulary, measuring each term's similarity here. */
export function closestTerm(word: string, terms: readonly { term: string; frequency: number }[]): string | undefined {
  return bestCandidate(
    word,
    terms.map((t) => ({ ...t, similarity: similarity(word, t.term) })),
  );
}
