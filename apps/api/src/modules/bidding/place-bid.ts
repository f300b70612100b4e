import { randomUUID } from 'node:crypto';
import { BID_CODES, type PlaceBidBody, type PlacedBid } from '@lotline/contracts';
import type { Database, Transaction } from '@lotline/db';
import { eventLots } from '@lotline/db/schema';
import {
  applyProxyBid,
  DEFAULT_SOFT_CLOSE,
  isOpenNow,
  type ProxyOutcome,
  type ProxyRefusal,
  softCloseEnd,
} from '@lotline/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { type IdempotencyContext, type IdempotentAnswer, withIdempotency } from '../../lib/http/idempotency';
import { nextLotChangeSeq } from '../lots/change-lot-status';
import { publicLotCondition } from '../lots/visibility';
import { readBidFacts } from './bid-facts';
import { type BiddingLot, startingBidOf, toBiddingState } from './bidding-state';
import { type BiddingLotRow, formatMoney, selectBiddingLots, toBiddingLot } from './lot-columns';

/**
 * POST …/bids (contract §5; BIDDING §1–§3, §5; decision 0035). One
 * transaction per bid: the lot's row lock serialises bids on one lot (bids on
 * other lots never wait), the database clock read AFTER the lock decides
 * whether the lot is still open and stamps the bid, the pure proxy rule
 * decides, and one statement writes the history rows, the bidder's standing
 * and the lot. A refusal throws before anything is written.
 */

export interface PlaceBidInput {
  userId: string;
  lotId: string;
  body: PlaceBidBody;
  idempotencyKey: string | undefined;
}

/** What the caller does after the commit (publish the change, tell the outbid leader). */
export interface PlacedBidEffects {
  lotId: string;
  outbidUserId: string | null;
  lotName: string;
  price: string;
}

export interface PlaceBidResult {
  answer: IdempotentAnswer;
  /** Undefined when nothing was placed (a refusal, or a retry answered from the stored first answer). */
  effects: PlacedBidEffects | undefined;
}

export async function placeBid(db: Database, input: PlaceBidInput): Promise<PlaceBidResult> {
  let effects: PlacedBidEffects | undefined;
  const scope = `POST /marketplace/api/event/event-lots/${input.lotId}/bids`;
  const request = { userId: input.userId, key: input.idempotencyKey, scope, body: input.body };
  const answer = await withIdempotency(db, request, async (tx, idempotency) => {
    const placed = await placeBidIn(tx, input, idempotency);
    effects = placed.effects;
    return placed.answer;
  });
  return { answer, effects };
}

/** The panel shows it as is: the renewal job places a new hold for an open lot's deposit on its next run. */
export const DEPOSIT_LAPSED =
  'Your deposit hold on your card has lapsed, so you cannot bid until it is renewed. It is being renewed: try again in a few minutes.';

async function placeBidIn(tx: Transaction, { userId, lotId, body }: PlaceBidInput, idempotency: IdempotencyContext) {
  const [row] = await selectBiddingLots(tx)
    .where(and(eq(eventLots.id, lotId), publicLotCondition()))
    .for('update', { of: eventLots });
  if (!row) throw AppError.notFound('No such lot.');
  // A fresh statement after the lock: its clock and its snapshot both come after the previous bid's commit.
  const facts = await readBidFacts(tx, row, userId);
  const lot = toBiddingLot(row);
  const times = {
    status: row.status,
    startAt: row.startAt?.getTime() ?? null,
    endedAt: row.endedAt?.getTime() ?? null,
  };
  if (row.type !== 'AuctionLot' || row.endedAt === null || !isOpenNow(times, facts.now)) {
    throw new AppError(BID_CODES.lotNotOpen, 'This lot is not open for bids.', { status: 409 });
  }
  if (!facts.registered) {
    if (facts.depositLapsed) throw new AppError(BID_CODES.notRegistered, DEPOSIT_LAPSED, { status: 403 });
    throw new AppError(BID_CODES.notRegistered, 'Register for this auction before you bid.', { status: 403 });
  }
  const result = applyProxyBid(
    {
      startingBid: startingBidOf(lot),
      price: row.currentBid,
      leaderId: row.leaderUserId,
      leaderMax: facts.leaderMax,
      reserve: row.reserve,
      increments: lot.increments,
    },
    { bidderId: userId, amount: body.amount, maxAmount: body.maxAmount, currentMax: facts.ownMax },
  );
  if (!result.accepted) throw refusal(result, row.currency);

  const endedAt = new Date(softCloseEnd(endsOf(row), facts.now, softCloseOf(row)));
  const bidAt = new Date(facts.now);
  const ids = result.rows.map(() => `bid_${randomUUID()}`);
  const bidId = ids[result.rows.findIndex((r) => r.kind === 'bid')] as string;
  const after: BiddingLot = {
    ...lot,
    currentBid: result.price,
    bidsCount: row.bidsCount + 1,
    reserveMet: result.reserveMet,
    endedAt,
  };
  const own = result.rows.find((r) => r.kind === 'bid' && r.userId === userId);
  const viewer = { userId, registered: true, maxAmount: result.bidderMax, leads: result.leaderId === userId };
  const data: PlacedBid = {
    bid: {
      _id: bidId,
      amount: own?.amount ?? body.amount,
      maxAmount: result.bidderMax,
      createdAt: bidAt.toISOString(),
    },
    lot: toBiddingState(after, bidAt, viewer),
  };
  const effects: PlacedBidEffects = {
    lotId,
    outbidUserId: result.outbidUserId,
    lotName: row.name,
    price: formatMoney(result.price, row.currency),
  };
  const answer = { status: 201, body: { status: 'success', data } };
  await writeBid(tx, {
    lotId,
    userId,
    outcome: result,
    ids,
    bidAt,
    endedAt,
    remember: idempotency.rememberSql(answer),
  });
  return { answer, effects };
}

function refusal(result: ProxyRefusal, currency: string): AppError {
  if (result.code === 'BID_TOO_LOW') {
    return new AppError(BID_CODES.bidTooLow, `Your bid must be at least ${formatMoney(result.minimum, currency)}`, {
      status: 409,
      field: 'amount',
    });
  }
  const current = formatMoney(result.currentMax, currency);
  return new AppError(BID_CODES.maxBelowCurrent, `Your maximum bid must be above your current maximum of ${current}`, {
    status: 409,
    field: 'maxAmount',
  });
}

/**
 * A lot with no scheduled end (made before the engine, or by hand) counts the
 * cap from the end it had before its first extension: the UPDATE pins
 * `scheduled_end_at` to it then, so the cap does not move with each bid.
 */
const endsOf = (row: BiddingLotRow) => {
  const effectiveEnd = (row.endedAt as Date).getTime();
  return { effectiveEnd, scheduledEnd: row.scheduledEndAt?.getTime() ?? effectiveEnd };
};

const softCloseOf = (row: BiddingLotRow) => ({
  windowSeconds: row.softCloseWindowSeconds ?? DEFAULT_SOFT_CLOSE.windowSeconds,
  extensionSeconds: row.softCloseExtensionSeconds ?? DEFAULT_SOFT_CLOSE.extensionSeconds,
  capSeconds: row.softCloseCapSeconds ?? DEFAULT_SOFT_CLOSE.capSeconds,
});

/**
 * One statement: the history rows (in the rule's order, so `seq` orders them),
 * the bidder's standing (a first bid takes the next pseudonym number, safe
 * under the lot's lock), the lot itself with the next live-stream id, and the
 * Idempotency-Key's answer: one round trip while the lot is locked.
 */
async function writeBid(
  tx: Transaction,
  w: {
    lotId: string;
    userId: string;
    outcome: ProxyOutcome;
    ids: string[];
    bidAt: Date;
    endedAt: Date;
    /** The Idempotency-Key's answer, stored by the same statement. */
    remember: SQL | undefined;
  },
): Promise<void> {
  const { lotId, userId, outcome, ids, bidAt, endedAt } = w;
  const values = outcome.rows.map(
    (r, i) =>
      sql`(${ids[i]}, ${lotId}, ${r.userId}, ${r.kind}::bid_kind, ${r.amount}, ${r.maxAmount}, ${r.priceAfter}, ${bidAt.toISOString()}::timestamptz)`,
  );
  const own = outcome.rows.find((r) => r.kind === 'bid') as ProxyOutcome['rows'][number];
  const at = sql`${bidAt.toISOString()}::timestamptz`;
  await tx.execute(sql`
    with history as (
      insert into bids (id, lot_id, user_id, kind, amount, max_amount, price_after, created_at)
      values ${sql.join(values, sql`, `)}
    ), standing as (
      insert into lot_bidders as b (lot_id, user_id, pseudonym, max_amount, max_set_at, last_bid_amount, bids_count, created_at, updated_at)
      values (${lotId}, ${userId}, (select coalesce(max(pseudonym), 0) + 1 from lot_bidders where lot_id = ${lotId}),
        ${outcome.bidderMax}, ${at}, ${own.amount}, 1, ${at}, ${at})
      on conflict (lot_id, user_id) do update set max_amount = excluded.max_amount, max_set_at = excluded.max_set_at,
        last_bid_amount = excluded.last_bid_amount, bids_count = b.bids_count + 1, updated_at = excluded.updated_at
    )${w.remember ? sql`, remembered as (${w.remember})` : sql``}
    update event_lots set current_bid_amount = ${outcome.price}, bids_count = bids_count + 1,
      leader_user_id = ${outcome.leaderId}, reserve_met = ${outcome.reserveMet}, ended_at = ${endedAt.toISOString()}::timestamptz,
      scheduled_end_at = coalesce(scheduled_end_at, ended_at),
      change_seq = ${nextLotChangeSeq}, updated_at = now()
    where id = ${lotId}`);
}
