/**
 * BIDDING.md §1–§2 and spec §9's presets: the numbers every part of the
 * auction engine agrees on. All amounts are integer minor units of the lot's
 * currency (cents for USD and CAD, the marketplace's two currencies).
 */

/** One row of an increment table: from this price (minor units) on, bids go up by `increment`. */
export interface IncrementRow {
  from: number;
  increment: number;
}

/** Minor units per major unit of every currency the marketplace sells in (USD, CAD). */
export const MINOR_PER_MAJOR = 100;

const major = (units: number) => units * MINOR_PER_MAJOR;

/** BIDDING §1's default table, in minor units. An event may replace it (`events.increment_table`). */
export const DEFAULT_INCREMENTS: readonly IncrementRow[] = [
  [0, 5],
  [100, 10],
  [500, 25],
  [1_000, 50],
  [5_000, 100],
  [10_000, 250],
  [25_000, 500],
  [50_000, 1_000],
  [100_000, 2_500],
  [250_000, 5_000],
].map(([from, increment]) => ({ from: major(from as number), increment: major(increment as number) }));

/**
 * Spec §9's bid-amount presets (whole currency units there: $2,500 … $10,000,000),
 * in minor units like every amount of the API.
 */
export const BID_PRESETS: readonly number[] = [
  2500, 5000, 10000, 25000, 50000, 100000, 250000, 500000, 1000000, 2500000, 5000000, 10000000,
].map(major);

/**
 * Whether `table` is a usable increment table: a first row from 0, `from`
 * strictly increasing, every value a safe integer and every increment above 0.
 * Returns the problem in words, or null when the table is fine.
 */
export function incrementTableProblem(table: readonly IncrementRow[]): string | null {
  if (table.length === 0) return 'The increment table needs at least one row.';
  if (table[0]?.from !== 0) return 'The increment table’s first row must start at 0.';
  for (let i = 0; i < table.length; i++) {
    const row = table[i] as IncrementRow;
    if (!Number.isSafeInteger(row.from) || row.from < 0) return 'Each “from” must be a whole amount of at least 0.';
    if (!Number.isSafeInteger(row.increment) || row.increment <= 0) {
      return 'Each increment must be a whole amount above 0.';
    }
    if (i > 0 && row.from <= (table[i - 1] as IncrementRow).from) {
      return 'The increment table’s “from” amounts must increase.';
    }
  }
  return null;
}

/** `inc(p)`: the increment of the row whose `from` is the largest one not above `price` (BIDDING §1). */
export function incrementAt(price: number, table: readonly IncrementRow[] = DEFAULT_INCREMENTS): number {
  let increment = (table[0] as IncrementRow).increment;
  for (const row of table) {
    if (row.from > price) break;
    increment = row.increment;
  }
  return increment;
}

/** BIDDING §2: the starting bid when nobody has bid, else the current price plus `inc(current price)`. */
export function minimumBid(
  lot: { startingBid: number; currentBid: number | null },
  table: readonly IncrementRow[] = DEFAULT_INCREMENTS,
): number {
  return lot.currentBid === null ? lot.startingBid : lot.currentBid + incrementAt(lot.currentBid, table);
}

/** The presets a bidder may pick as a maximum: those at or above the minimum bid (spec §9, issue 14). */
export function presetsFrom(minimum: number): number[] {
  return BID_PRESETS.filter((amount) => amount >= minimum);
}
