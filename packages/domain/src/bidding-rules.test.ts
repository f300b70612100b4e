import { describe, expect, it } from 'vitest';
import {
  BID_PRESETS,
  DEFAULT_INCREMENTS,
  incrementAt,
  incrementTableProblem,
  minimumBid,
  presetsFrom,
} from './bidding-rules';

describe('increments (BIDDING §1)', () => {
  it('takes the row whose "from" is the largest one not above the price', () => {
    expect(incrementAt(0)).toBe(500);
    expect(incrementAt(9_999)).toBe(500);
    expect(incrementAt(10_000)).toBe(1_000);
    expect(incrementAt(99_999)).toBe(2_500);
    expect(incrementAt(100_000)).toBe(5_000);
    expect(incrementAt(25_000_000)).toBe(500_000);
    expect(incrementAt(999_999_999)).toBe(500_000);
  });

  it('reads an event’s own table', () => {
    const table = [
      { from: 0, increment: 100 },
      { from: 5_000, increment: 1_000 },
    ];
    expect(incrementAt(4_999, table)).toBe(100);
    expect(incrementAt(5_000, table)).toBe(1_000);
  });

  it('checks a table', () => {
    expect(incrementTableProblem(DEFAULT_INCREMENTS)).toBeNull();
    expect(incrementTableProblem([])).not.toBeNull();
    expect(incrementTableProblem([{ from: 100, increment: 5 }])).not.toBeNull();
    expect(incrementTableProblem([{ from: 0, increment: 0 }])).not.toBeNull();
    expect(
      incrementTableProblem([
        { from: 0, increment: 5 },
        { from: 0, increment: 10 },
      ]),
    ).not.toBeNull();
  });
});

describe('minimum bid (BIDDING §2)', () => {
  it('is the starting bid before the first bid, then price + inc(price)', () => {
    expect(minimumBid({ startingBid: 12_500, currentBid: null })).toBe(12_500);
    expect(minimumBid({ startingBid: 12_500, currentBid: 12_500 })).toBe(13_500);
    expect(minimumBid({ startingBid: 100, currentBid: 100_000 })).toBe(105_000);
  });
});

describe('presets (spec §9)', () => {
  it('are spec §9’s whole-unit amounts in minor units', () => {
    expect(BID_PRESETS[0]).toBe(250_000);
    expect(BID_PRESETS.at(-1)).toBe(1_000_000_000);
    expect(BID_PRESETS).toHaveLength(12);
  });

  it('offers those at or above the minimum bid', () => {
    expect(presetsFrom(250_000)[0]).toBe(250_000);
    expect(presetsFrom(250_001)[0]).toBe(500_000);
    expect(presetsFrom(2_000_000_000)).toEqual([]);
  });
});
