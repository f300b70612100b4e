import { applyProxyBid, biddingStatus, LOT_STATUS } from '@lotline/domain';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { isAppError } from '../../lib/errors';
import { assertWithinLimit } from './bid-limits';
import { eventIncrements } from './bidding-state';
import { BIDDERS, bodyOf, scenario, TABLES } from './test-bid-scenarios';
import { ReferenceAuction } from './test-reference-model';

/**
 * Issue 14's property at the rule's layer: random bid sequences decided by the engine's pure steps, in the
 * order decideBatch (place-bid.ts) runs them (the bid limit, then BIDDING §3's proxy rule, the lot's state
 * carried from one bid to the next), agree with the independent reference model after every bid: accept or
 * refuse, the refusal code, price, leader, bid count, reserve met, and every bidder's maximum and status
 * (BIDDING §4). No database: the many sequences that cover the rule's branches run here in about a second;
 * place-bid.property.test.ts runs fewer through the database, proving the engine reads and writes what the
 * rule decides. BIDDING_RULE_PROPERTY_RUNS (default 10,000 sequences).
 */

const RUNS = Number(process.env.BIDDING_RULE_PROPERTY_RUNS ?? 10_000);
const users = Array.from({ length: BIDDERS }, (_, i) => `user_${i}`);
const OPEN_UNTIL = Date.UTC(2099, 0, 1);

/** BIDDING §4 while the lot is open, as the engine's readers say it. */
function statusOf(user: string, participated: boolean, lot: { leaderId: string | null; reserveMet: boolean | null }) {
  return biddingStatus(
    {
      lotType: 'AuctionLot',
      lotStatus: LOT_STATUS.Active,
      endedAt: OPEN_UNTIL,
      participated,
      leads: lot.leaderId === user,
      reserveMet: lot.reserveMet,
    },
    Date.UTC(2026, 0, 1),
  );
}

it('agrees with the reference model on every bid of every random sequence', () => {
  fc.assert(
    fc.property(scenario, ({ table, startingBid, reserve, steps, limits }) => {
      const { stored, rows } = TABLES[table] as (typeof TABLES)[number];
      const limitOf = new Map<string, number>();
      users.forEach((u, i) => {
        const limit = limits[i] ?? null;
        if (limit !== null) limitOf.set(u, limit);
      });
      const model = new ReferenceAuction({ startingBid, reserve, table: rows, limits: limitOf });
      const increments = eventIncrements(stored);
      const lot = {
        price: null as number | null,
        leaderId: null as string | null,
        leaderMax: null as number | null,
        reserveMet: (reserve === null ? null : false) as boolean | null,
        bidsCount: 0,
      };
      const maxima = new Map<string, number>();
      for (const s of steps) {
        const user = users[s.who] as string;
        const body = bodyOf(s, model, user);
        const expected = model.bid(user, body.amount, body.maxAmount);
        let code: string | null = null;
        try {
          assertWithinLimit(body, limitOf.get(user), 'USD');
        } catch (error) {
          if (!isAppError(error)) throw error;
          code = error.code;
        }
        if (code === null) {
          const result = applyProxyBid(
            { startingBid, price: lot.price, leaderId: lot.leaderId, leaderMax: lot.leaderMax, reserve, increments },
            { bidderId: user, amount: body.amount, maxAmount: body.maxAmount, currentMax: maxima.get(user) ?? null },
          );
          if (result.accepted) {
            maxima.set(user, result.bidderMax);
            Object.assign(lot, {
              price: result.price,
              leaderId: result.leaderId,
              leaderMax: result.leaderMax,
              reserveMet: result.reserveMet,
              bidsCount: lot.bidsCount + 1,
            });
            if (result.rows.at(-1)?.priceAfter !== result.price) code = 'LAST_ROW_NOT_AT_PRICE';
          } else code = result.code;
        }
        // Compared as plain values, `expect` only on a difference: most of the second is the sequences.
        const actual = {
          code,
          ...(code === null ? { price: lot.price, leader: lot.leaderId, bidsCount: lot.bidsCount } : {}),
          reserveMet: lot.reserveMet,
          bidders: users.map((u) => [maxima.get(u) ?? null, statusOf(u, maxima.has(u), lot)]),
        };
        const wanted = {
          code: expected.accepted ? null : expected.code,
          ...(expected.accepted
            ? { price: expected.price, leader: expected.leader, bidsCount: expected.bidsCount }
            : {}),
          reserveMet: model.reserveMet(),
          bidders: users.map((u) => [model.maxOf(u), model.statusOf(u)]),
        };
        if (JSON.stringify(actual) !== JSON.stringify(wanted)) expect({ body, ...actual }).toEqual({ body, ...wanted });
      }
    }),
    { numRuns: RUNS },
  );
});
