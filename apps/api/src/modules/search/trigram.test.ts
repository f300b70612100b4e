import { describe, expect, it } from 'vitest';
import { closestTerm, editDistance, similarity } from './trigram';

describe('trigram similarity (as pg_trgm)', () => {
  it('matches pg_trgm on known pairs', () => {
    // select similarity('lathe', 'lathx') → 0.5; similarity('word', 'two words') per word.
    expect(similarity('lathe', 'lathx')).toBeCloseTo(0.5);
    expect(similarity('abc', 'abc')).toBe(1);
    expect(similarity('abc', 'xyz')).toBe(0);
  });

  it('counts a swap of neighbouring letters as one edit', () => {
    expect(editDistance('forklfit', 'forklift')).toBe(1);
    expect(editDistance('hass', 'haas')).toBe(1);
    expect(editDistance('lathe', 'lathe')).toBe(0);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });

  it('prefers the fewest edits, then the most frequent', () => {
    const vocabulary = [
      { term: 'fork', frequency: 500 },
      { term: 'forklift', frequency: 10 },
      { term: 'haas', frequency: 40 },
      { term: 'hash', frequency: 1 },
      { term: 'glass', frequency: 90 },
    ];
    // "fork" shares more trigrams with "forklfit", but is four edits away.
    expect(closestTerm('forklfit', vocabulary)).toBe('forklift');
    // "haas" and "hash" are one edit away; "haas" is the more frequent (though "hash" shares more trigrams).
    expect(closestTerm('hass', vocabulary)).toBe('haas');
    // Too many edits for a short word: no correction rather than a wild one.
    expect(closestTerm('fxrk', [{ term: 'forklift', frequency: 1 }])).toBeUndefined();
  });

  it('a nearer term beats a more frequent one', () => {
    const terms = [
      { term: 'excavator', frequency: 1 },
      { term: 'excavators', frequency: 50 },
      { term: 'forklift', frequency: 99 },
    ];
    expect(closestTerm('excavatr', terms)).toBe('excavator');
    expect(closestTerm('zzzz', terms)).toBeUndefined();
  });
});
