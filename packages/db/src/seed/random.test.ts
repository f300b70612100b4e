import { describe, expect, it } from 'vitest';
import { distribute } from './allocate';
import { Deck, makeId, Rng } from './random';
import { formatCount, formatDuration, slugify, toMinorUnits } from './text';

describe('Rng', () => {
  it('repeats the same sequence for the same seed and differs for another', () => {
    const a = new Rng(42);
    const b = new Rng(42);
    const c = new Rng(43);
    const seqA = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(seqA);
    expect(seqA.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('keeps int() within bounds and forks independently of later draws', () => {
    const rng = new Rng(1);
    for (let i = 0; i < 1000; i++) {
      const n = rng.int(3, 7);
      expect(n >= 3 && n <= 7 && Number.isInteger(n)).toBe(true);
    }
    expect(new Rng(5).fork('x').next()).toBe(new Rng(5).fork('x').next());
    expect(new Rng(5).fork('x').next()).not.toBe(new Rng(5).fork('y').next());
  });

  it('deals every card of a deck before repeating one', () => {
    const deck = new Deck(new Rng(9), [
      ['a', 3],
      ['b', 1],
      ['c', 1],
    ] as const);
    const hand = Array.from({ length: 5 }, () => deck.draw()).sort();
    expect(hand).toEqual(['a', 'a', 'a', 'b', 'c']);
  });
});

describe('ids and helpers', () => {
  it('makes unique, stable, seed-dependent ids', () => {
    const ids = Array.from({ length: 5000 }, (_, i) => makeId('lot', 1, i));
    expect(new Set(ids).size).toBe(ids.length);
    expect(makeId('lot', 1, 17)).toBe(makeId('lot', 1, 17));
    expect(makeId('lot', 2, 17)).not.toBe(makeId('lot', 1, 17));
    expect(makeId('lot', 1, 17)).toMatch(/^lot_[0-9a-f]{8}[0-9a-z]{6}$/);
  });

  it('distributes a total exactly, with at least one each when possible', () => {
    const counts = distribute(100, [1, 2, 3, 0.1]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(100);
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(1);
    expect(distribute(3, [1, 1, 1, 1]).reduce((a, b) => a + b, 0)).toBe(3);
  });

  it('formats money, counts, durations and slugs', () => {
    expect(toMinorUnits(37.4)).toBe(3700);
    expect(toMinorUnits(1234)).toBe(122_500);
    expect(toMinorUnits(48_321)).toBe(4_830_000);
    expect(formatCount(1_000_000)).toBe('1,000,000');
    expect(formatDuration(252_000)).toBe('4m 12s');
    expect(formatDuration(3400)).toBe('3.4s');
    expect(slugify('Balances & Scales')).toBe('balances-and-scales');
  });
});
