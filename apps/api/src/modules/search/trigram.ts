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

/** The most similar term at or above the threshold, the more frequent first on a tie. */
export function closestTerm(
  word: string,
  terms: readonly { term: string; frequency: number }[],
  threshold = 0.3,
): string | undefined {
  let best: { term: string; score: number; frequency: number } | undefined;
  for (const t of terms) {
    const score = similarity(word, t.term);
    if (score < threshold) continue;
    if (!best || score > best.score || (score === best.score && t.frequency > best.frequency)) {
      best = { term: t.term, score, frequency: t.frequency };
    }
  }
  return best?.term;
}
