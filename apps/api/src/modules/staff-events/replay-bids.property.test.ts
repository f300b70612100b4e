import { applyProxyBid, type IncrementRow, type RecordedBid, replayBids } from '@lotline/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ReferenceAuction } from '../bidding/test-reference-model';

/**
 * Decision 0082: withdrawing a bidder's standing maximum replays the lot's remaining recorded bids through the
 * proxy rule. These properties check the replay against the independent reference model of BIDDING §1–§4
 * (`bidding/test-reference-model.ts`, a second-price statement that does not import the engine's rule):
 * 1. for every sequence, the replay of the others' recorded bids is what the model gives for those bids;
 * 2. none of the others' recorded bids is refused by the replay (a withdrawn bidder only ever raised prices);
 * 3. where the history holds what was sent (bids without a separate maximum) and the withdrawn bidder made
 *    none of the others' bids fail, the replay is exactly the model's auction without the withdrawn bidder.
 */

const RUNS = Number(process.env.WITHDRAWAL_PROPERTY_RUNS ?? 1500);
const TABLE: [number, number][] = [
  [0, 500],
  [10_000, 1_000],
  [50_000, 2_500],
];
const INCREMENTS: IncrementRow[] = TABLE.map(([from, increment]) => ({ from, increment }));
const BIDDERS = ['a', 'b', 'c', 'x'];
const WITHDRAWN = 'x';

interface SentBid {
  bidderId: string;
  amount: number;
  maxAmount: number;
}

const sentBid = (separateMax: boolean) =>
  fc
    .record({
      bidderId: fc.constantFrom(...BIDDERS),
      amount: fc.integer({ min: 1, max: 160 }).map((n) => n * 500),
      extra: separateMax ? fc.integer({ min: 0, max: 60 }).map((n) => n * 500) : fc.constant(0),
    })
    .map(({ bidderId, amount, extra }): SentBid => ({ bidderId, amount, maxAmount: amount + extra }));

const lotArb = fc.record({
  startingBid: fc.integer({ min: 1, max: 40 }).map((n) => n * 500),
  reserve: fc.option(
    fc.integer({ min: 1, max: 120 }).map((n) => n * 500),
    { nil: null },
  ),
});

/** The engine as `place-bid.ts` drives it: each bid through the rule in order, the accepted ones recorded. */
function engineHistory(lot: { startingBid: number; reserve: number | null }, sent: readonly SentBid[]) {
  let price: number | null = null;
  let leaderId: string | null = null;
  let leaderMax: number | null = null;
  const maxima = new Map<string, number>();
  const recorded: RecordedBid[] = [];
  const accepted: boolean[] = [];
  for (const bid of sent) {
    const result = applyProxyBid(
      { ...lot, price, leaderId, leaderMax, increments: INCREMENTS },
      { ...bid, currentMax: maxima.get(bid.bidderId) ?? null },
    );
    accepted.push(result.accepted);
    if (!result.accepted) continue;
    ({ price, leaderId, leaderMax } = result);
    maxima.set(bid.bidderId, result.bidderMax);
    const row = result.rows.find((r) => r.kind === 'bid');
    recorded.push({ bidderId: bid.bidderId, amount: row?.amount as number, maxAmount: row?.maxAmount as number });
  }
  return { recorded, accepted };
}

function model(lot: { startingBid: number; reserve: number | null }, bids: readonly SentBid[]) {
  const auction = new ReferenceAuction({ ...lot, table: TABLE });
  const accepted = bids.map((b) => auction.bid(b.bidderId, b.amount, b.maxAmount).accepted);
  return {
    accepted,
    state: {
      price: auction.price,
      leaderId: auction.leader(),
      bidsCount: auction.bidsCount,
      reserveMet: auction.reserveMet(),
    },
  };
}

const replayed = (lot: { startingBid: number; reserve: number | null }, bids: readonly RecordedBid[]) => {
  const state = replayBids({ ...lot, increments: INCREMENTS }, bids);
  return {
    replay: {
      price: state.price,
      leaderId: state.leaderId,
      bidsCount: state.bidsCount,
      reserveMet: state.reserveMet,
    },
    refused: state.refused,
  };
};

describe('replaying the bids that remain after a withdrawal (decision 0082)', () => {
  it('gives what the reference model gives for the remaining recorded bids, refusing none of them', () => {
    fc.assert(
      fc.property(lotArb, fc.array(sentBid(true), { minLength: 1, maxLength: 14 }), (lot, sent) => {
        const remaining = engineHistory(lot, sent).recorded.filter((b) => b.bidderId !== WITHDRAWN);
        const { replay, refused } = replayed(lot, remaining);
        expect(refused).toBe(0);
        expect(replay).toEqual(model(lot, remaining).state);
      }),
      { numRuns: RUNS },
    );
  });

  it('is exactly the auction without the withdrawn bidder when the history holds what was sent', () => {
    let compared = 0;
    fc.assert(
      fc.property(lotArb, fc.array(sentBid(false), { minLength: 1, maxLength: 14 }), (lot, sent) => {
        const withX = engineHistory(lot, sent);
        const others = sent.filter((b) => b.bidderId !== WITHDRAWN);
        const withoutX = model(lot, others);
        // The others' bids the withdrawn bidder made fail (too low against their price) left no row to replay.
        const acceptedWithX = sent.flatMap((b, i) => (b.bidderId === WITHDRAWN ? [] : [withX.accepted[i]]));
        fc.pre(acceptedWithX.every((a, i) => a === withoutX.accepted[i]));
        compared++;
        const remaining = withX.recorded.filter((b) => b.bidderId !== WITHDRAWN);
        expect(replayed(lot, remaining).replay).toEqual(withoutX.state);
      }),
      { numRuns: RUNS },
    );
    expect(compared).toBeGreaterThan(RUNS / 4);
  });

  it('with no bid left, the lot has no price, no leader and an unmet reserve', () => {
    expect(replayBids({ startingBid: 500, reserve: 10_000 }, [])).toMatchObject({
      price: null,
      leaderId: null,
      leaderMax: null,
      reserveMet: false,
      bidsCount: 0,
    });
    expect(replayBids({ startingBid: 500, reserve: null }, []).reserveMet).toBeNull();
  });
});
