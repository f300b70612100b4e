import { LOT_NUMBER_PREFIX } from '@lotline/contracts';

/**
 * The two kinds of keyword (spec §5): 'ID:' (any case) then a lot number, or
 * words to match against names. Words are runs of letters and digits, lower
 * case, as PostgreSQL's 'simple' text search configuration splits them.
 */

/** The lot number of an 'ID:' keyword, or undefined for a name search. */
export function lotNumberOf(keyword: string): string | undefined {
  const trimmed = keyword.trim();
  if (trimmed.slice(0, LOT_NUMBER_PREFIX.length).toUpperCase() !== LOT_NUMBER_PREFIX) return undefined;
  return trimmed.slice(LOT_NUMBER_PREFIX.length).trim();
}

export function wordsOf(keyword: string): string[] {
  return keyword.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * A to_tsquery text: every word must match, the last one as a prefix (the
 * user may still be typing). Words contain only letters and digits, so no
 * tsquery operator can be smuggled in. Undefined when there is no word.
 */
export function tsQueryOf(keyword: string): string | undefined {
  const words = wordsOf(keyword).slice(0, 16);
  if (words.length === 0) return undefined;
  return words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ');
}
