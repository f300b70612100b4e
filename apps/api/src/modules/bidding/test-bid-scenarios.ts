import fc from 'fast-check';
import type { ReferenceAuction } from './test-reference-model';

/**
 * TEST SUPPORT ONLY: the random bid sequences of the bidding property tests, shared by the rule's own
 * (proxy-bid.property.test.ts, no database, many sequences) and the engine's (place-bid.property.test.ts,
 * fewer sequences through the database). Each step is shaped from the reference model's state (a bid below,
 * at or above its minimum; a maximum equal, above, tying the leader's, below or equal to the bidder's own)
 * so that sequences reach every branch of BIDDING §3.
 */

/** Bidders per sequence. */
export const BIDDERS = 4;

/** Per-event increment tables (cents): BIDDING §1's default (null), a fine one and a coarse flat one. */
export const TABLES: { stored: { from: number; increment: number }[] | null; rows: [number, number][] }[] = [
  {
    stored: null,
    rows: [
      [0, 500],
      [10_000, 1_000],
      [50_000, 2_500],
      [100_000, 5_000],
      [500_000, 10_000],
      [1_000_000, 25_000],
      [2_500_000, 50_000],
      [5_000_000, 100_000],
      [10_000_000, 250_000],
      [25_000_000, 500_000],
    ],
  },
  {
    stored: [
      { from: 0, increment: 100 },
      { from: 5_000, increment: 1_000 },
      { from: 100_000, increment: 5_000 },
    ],
    rows: [
      [0, 100],
      [5_000, 1_000],
      [100_000, 5_000],
    ],
  },
  { stored: [{ from: 0, increment: 2_500 }], rows: [[0, 2_500]] },
];

const extra = fc.oneof(fc.constantFrom(0, 1, 99, 100, 500, 2_500), fc.integer({ min: 0, max: 300_000 }));
export const step = fc.record({
  who: fc.integer({ min: 0, max: BIDDERS - 1 }),
  amount: fc.constantFrom('below', 'at', 'above'),
  amountExtra: extra,
  max: fc.constantFrom('none', 'equal', 'above', 'tie-leader', 'below-own', 'own'),
  maxExtra: extra,
});
export type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

export const scenario = fc.record({
  table: fc.integer({ min: 0, max: TABLES.length - 1 }),
  startingBid: fc.oneof(fc.constantFrom(100, 100_000), fc.integer({ min: 1, max: 200_000 })),
  reserve: fc.option(fc.integer({ min: 1, max: 500_000 }), { nil: null }),
  steps: fc.array(step, { minLength: 1, maxLength: 8 }),
  /** Per bidder: no limit, or one around the amounts the steps send. */
  limits: fc.array(
    fc.option(fc.oneof(fc.constantFrom(100, 100_000, 200_000), fc.integer({ min: 1, max: 600_000 })), {
      nil: null,
      freq: 2,
    }),
    { minLength: BIDDERS, maxLength: BIDDERS },
  ),
});

/** The body a step sends, shaped from the model's state so that sequences reach every branch. */
export function bodyOf(s: Step, model: ReferenceAuction, user: string): { amount: number; maxAmount?: number } {
  const minimum = model.minimum();
  let amount =
    s.amount === 'below' ? minimum - 1 - (s.amountExtra % 1_000) : minimum + (s.amount === 'at' ? 0 : s.amountExtra);
  amount = Math.max(1, amount);
  const leader = model.leader();
  const leaderMax = leader === null ? null : model.maxOf(leader);
  const ownMax = model.maxOf(user);
  let max: number | undefined;
  if (s.max === 'equal') max = amount;
  if (s.max === 'above') max = amount + s.maxExtra;
  if (s.max === 'tie-leader') max = leaderMax ?? amount;
  if (s.max === 'own') max = ownMax ?? amount;
  if (s.max === 'below-own') max = Math.max(1, (ownMax ?? amount) - 1 - (s.maxExtra % 1_000));
  // A body with a maximum below its amount is malformed (400, never reaching the engine): send a valid one.
  if (max !== undefined && max < amount) amount = max;
  return max === undefined ? { amount } : { amount, maxAmount: max };
}

export type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;
