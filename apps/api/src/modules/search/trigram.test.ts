import { describe, expect, it } from 'vitest';
import { closestTerm, similarity } from './trigram';

describe('trigram similarity (as pg_trgm)', () => {
  it('matches pg_trgm on known pairs', () => {
    // select similarity('lathe', 'lathx') → 0.5; similarity('word', 'two words') per word.
    expect(similarity('lathe', 'lathx')).toBeCloseTo(0.5);
    expect(similarity('abc', 'abc')).toBe(1);
    expect(similarity('abc', 'xyz')).toBe(0);
  });

  it('prefers the most similar term, then the most frequent', () => {
    const terms = [
      { term: 'excavator', frequency: 1 },
      { term: 'excavators', frequency: 50 },
      { term: 'forklift', frequency: 99 },
    ];
    expect(closestTerm('excavatr', terms)).toBe('excavator');
    expect(closestTerm('zzzz', terms)).toBeUndefined();
  });
});
