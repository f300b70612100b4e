import { randomUUID } from 'node:crypto';
import { BID_CODES, lotPagePath, type PlaceBidBody, type PlacedBid } from '@lotline/contracts';
import type { Database, Transaction } from '@lotline/db';
import { eventLots } from '@lotline/db/schema';
import {
  applyProxyBid,
  DEFAULT_SOFT_CLOSE,
  type HistoryRow,
  isOpenNow,
  type ProxyOutcome,
  type ProxyRefusal,
  softCloseEnd,
} from '@lotline/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import {
  claimKeys,
  type IdempotentAnswer,
  type KeyClaim,
  keyReused,
  refusalAnswer,
  rememberAnswersSql,
  requestHash,
} from '../../lib/http/idempotency';
import type { BidOutcomes } from '../../lib/metrics/metrics';
import { settingOn } from '../account/notification-settings';
import { eventPausedError } from '../event-pauses/event-paused';
import { ACCOUNT_DISABLED, ACCOUNT_DISABLED_MESSAGE } from '../identity/disabled-accounts';
import { nextLotChangeSeq } from '../lots/change-lot-status';
import { publicLotCondition } from '../lots/visibility';
import type { Mailer, MailMessage } from '../mail/mailer';
import { outbidMail } from '../mail/templates/bidding';
import { ownLot, sellerSuspended } from '../sellers/own-lot';
import { type Contact, lockBidders, readBatchFacts } from './bid-facts';
import { assertWithinLimit } from './bid-limits';
import { type BiddingLot, startingBidOf, toBiddingState } from './bidding-state';
import { countBusy, countDecision } from './count-bid-outcomes';
import { type ItemResult, LotBatches } from './lot-batches';
import { type BiddingLotRow, formatMoney, selectBiddingLots, toBiddingLot } from './lot-columns';

/**
 * POST …/bids (contract §5; BIDDING §1–§3, §5; decisions 0035 and 0042).
 * The lot's row lock serialises bids on one lot (bids on other lots never
 * wait); the bids that queue for a lot in this process meanwhile are placed
 * together in its next transaction, each decided on its own and in order. The
 * database clock read AFTER the lock decides whether the lot is still open
 * and stamps the bids, the pure proxy rule decides, and one statement writes
 * the history rows, the bidders' standings and the lot. A refusal writes
 * nothing but its Idempotency-Key's answer.
 */

export interface PlaceBidInput {
  userId: string;
  lotId: string;
  body: PlaceBidBody;
  idempotencyKey: string | undefined;
  /**
   * Mail the bidder this bid outbids (unless they turned `outbid` off), stored
   * by the bid's own statement, so exactly when the bid commits. The route
   * passes it; the demo seed and the benches do not.
   */
  notify?: { mailer: Mailer; publicOrigin: string };
  /** Counts this bid's decision in the metrics (decision 0095); the route passes its app's. */
  outcomes?: BidOutcomes;
  /**
   * What must hold before the bid is placed, still being checked when it is submitted (the route's rate limit
   * and Terms of Use): the bid waits in its lot's queue in its order of arrival meanwhile, and fails with the
   * check's error, placing nothing and claiming no Idempotency-Key, if it fails.
   */
  ready?: Promise<unknown>;
}

/** What the bid did beyond its answer, for the caller after the commit. */
export interface PlacedBidEffects {
  lotId: string;
  /** The leader this bid took the lead from (the bid's statement stored their outbid mail when it asked to notify). */
  outbidUserId: string | null;
  /** Whether this caller tells the live stream: once per transaction, the last placed bid of its batch. */
  publish: boolean;
}

export interface PlaceBidResult {
  answer: IdempotentAnswer;
  /** Undefined when nothing was placed (a refusal, or a retry answered from the stored first answer). */
  effects: PlacedBidEffects | undefined;
}

/** The lot's locking read, planned once per connection (decision 0105): its text is the same for every lot. */
const LOT_LOCK_STATEMENT = 'lotline_bid_lot_lock';

/** One process's bid queues per database (tests open several). */
const batchesByDb = new WeakMap<Database, LotBatches<PlaceBidInput, PlaceBidResult>>();

/**
 * Places one bid. Bids on the same lot that arrive while one is being placed
 * are decided together in the next transaction (decision 0042), each on its
 * own and in order; the answer is the same as if it had been alone.
 */
export function placeBid(db: Database, input: PlaceBidInput): Promise<PlaceBidResult> {
  let batches = batchesByDb.get(db);
  if (!batches) {
    batches = new LotBatches((lotId, inputs) => placeBatch(db, lotId, inputs));
    batchesByDb.set(db, batches);
  }
  return batches.submit(input.lotId, input, input.ready).catch((error: unknown) => {
    countBusy(input.outcomes, error);
    throw error;
  });
}

/** The panel shows it as is: the renewal job places a new hold for an open lot's deposit on its next run. */
export const DEPOSIT_LAPSED =
  'Your deposit hold on your card has lapsed, so you cannot bid until it is renewed. It is being renewed: try again in a few minutes.';

const scopeOf = (lotId: string) => `POST /marketplace/api/event/event-lots/${lotId}/bids`;
const keyOf = (input: PlaceBidInput) => JSON.stringify([input.userId, input.idempotencyKey]);

/**
 * One transaction for a batch of bids on one lot: (1) every Idempotency-Key
 * claimed in one insert, before the lock, as `withIdempotency` does for one;
 * (2) the lot's row lock; (3) in a fresh statement, the database clock and
 * every bidder's registration and maximum; (4) each bid decided in order by
 * the pure rule, a refusal changing nothing; (5) one statement writing the
 * history rows, the standings, the lot and every key's answer. Every copy
 * of a key stored before answers by its own body; a later copy of a key this
 * batch claimed answers the first's answer (or IDEMPOTENCY_KEY_REUSED).
 */
async function placeBatch(db: Database, lotId: string, inputs: PlaceBidInput[]): Promise<ItemResult<PlaceBidResult>[]> {
  const scope = scopeOf(lotId);
  const hashes = inputs.map((i) => (i.idempotencyKey === undefined ? '' : requestHash(scope, i.body)));
  const firstOfKey = new Map<string, number>();
  inputs.forEach((input, i) => {
    if (input.idempotencyKey !== undefined && !firstOfKey.has(keyOf(input))) firstOfKey.set(keyOf(input), i);
  });
  // The bids this transaction decided (not answered from a stored key), counted once it commits.
  const decidedNow: number[] = [];
  const results = await db.transaction(async (tx) => {
    const out: (ItemResult<PlaceBidResult> | undefined)[] = inputs.map(() => undefined);
    const stored = new Map<string, (hash: string) => IdempotentAnswer>();
    const keyed = [...firstOfKey.values()];
    const claims = await claimKeys(
      tx,
      keyed.map((i) => {
        const input = inputs[i] as PlaceBidInput;
        return { userId: input.userId, key: input.idempotencyKey as string, hash: hashes[i] as string, scope };
      }),
    );
    keyed.forEach((i, k) => {
      const claim = claims[k] as KeyClaim;
      if (!claim.claimed) stored.set(keyOf(inputs[i] as PlaceBidInput), claim.answer);
    });
    // A key stored before this batch: each copy answers by its own body, placing nothing.
    inputs.forEach((input, i) => {
      const answer = input.idempotencyKey === undefined ? undefined : stored.get(keyOf(input));
      if (answer) out[i] = storedResult(() => answer(hashes[i] as string));
    });
    // The bids to decide now: without a key, or the first with a key this batch claimed.
    const isFirst = (input: PlaceBidInput, i: number) =>
      input.idempotencyKey === undefined || firstOfKey.get(keyOf(input)) === i;
    const todo = inputs.flatMap((input, i) => (out[i] === undefined && isFirst(input, i) ? [i] : []));
    const remembered: { userId: string; key: string; answer: IdempotentAnswer }[] = [];
    const decided = await decideBatch(
      tx,
      lotId,
      todo.map((i) => inputs[i] as PlaceBidInput),
    );
    todo.forEach((i, k) => {
      const result = decided.results[k] as PlaceBidResult;
      out[i] = { ok: true, value: result };
      decidedNow.push(i);
      const input = inputs[i] as PlaceBidInput;
      if (input.idempotencyKey !== undefined) {
        remembered.push({ userId: input.userId, key: input.idempotencyKey, answer: result.answer });
      }
    });
    await writeBatch(tx, decided.write, remembered);
    return out;
  });
  for (const i of decidedNow) {
    const result = (results[i] as { value: PlaceBidResult }).value;
    countDecision(inputs[i]?.outcomes, result.effects !== undefined, result.answer);
  }
  // Later copies of a key this batch claimed: the first's answer (placing nothing), or IDEMPOTENCY_KEY_REUSED.
  return inputs.map((input, i): ItemResult<PlaceBidResult> => {
    const mine = results[i];
    if (mine) return mine;
    const first = firstOfKey.get(keyOf(input)) as number;
    if (hashes[first] !== hashes[i]) return { ok: false, error: keyReused() };
    const theirs = results[first] as ItemResult<PlaceBidResult>;
    return theirs.ok ? { ok: true, value: { answer: theirs.value.answer, effects: undefined } } : theirs;
  });
}

/** A stored key's answer for one request, or the error it gets (IDEMPOTENCY_KEY_REUSED). */
function storedResult(answer: () => IdempotentAnswer): ItemResult<PlaceBidResult> {
  try {
    return { ok: true, value: { answer: answer(), effects: undefined } };
  } catch (error) {
    return { ok: false, error };
  }
}

/** A lot as the bids of a batch leave it, one after another. */
interface LotState {
  price: number | null;
  bidsCount: number;
  leaderId: string | null;
  leaderMax: number | null;
  reserveMet: boolean | null;
  endedAt: Date;
}

/** What the batch's one write statement needs. */
interface BatchWrite {
  lotId: string;
  bidAt: Date;
  /** The accepted bids' outcomes, in order. */
  placed: { userId: string; outcome: ProxyOutcome; ids: string[] }[];
  /** Bidders without a standing on the lot before this batch, in the order of their first bid (pseudonyms). */
  newcomers: string[];
  final: LotState;
  /** The outbid e-mails, each with the mailer of the bid that caused it. */
  mails: { mailer: Mailer; message: MailMessage }[];
}

/**
 * Locks the lot, reads the clock and the bidders' facts after the lock, and
 * decides each bid in order. A refusal is an answer (4xx), not an error.
 */
async function decideBatch(
  tx: Transaction,
  lotId: string,
  inputs: PlaceBidInput[],
): Promise<{ results: PlaceBidResult[]; write: BatchWrite | undefined }> {
  if (inputs.length === 0) return { results: [], write: undefined };
  const userIds = [...new Set(inputs.map((i) => i.userId))];
  // Before the lot's lock, as a disable takes the user's row before its lots (decision 0087): a disable
  // committed before this is read here, and one after waits for this batch and then withdraws its bids. The
  // lot's company row too, FOR KEY SHARE, so nobody joins the seller between the check below and the bid.
  const disabled = await lockBidders(tx, lotId, userIds);
  const [locked] = await selectBiddingLots(tx)
    .where(and(eq(eventLots.id, lotId), publicLotCondition()))
    .for('update', { of: eventLots })
    .prepare(LOT_LOCK_STATEMENT)
    .execute();
  if (!locked) return refuseAll(inputs, AppError.notFound('No such lot.'));
  // A fresh statement after the locks: its clock and its snapshot (the event's settings included: a seller's
  // change locks the event's lots first, so it committed before this lock or waits for this bid) come after
  // the previous batch's commit; so do the seller's members (a join waits for the company's row, taken above)
  // and the event's pause (which locks every lot of its event), as they stand when this batch commits.
  const facts = await readBatchFacts(tx, locked, userIds, {
    contacts: inputs.some((i) => i.notify !== undefined),
  });
  const row: BiddingLotRow = facts.settings ? { ...locked, ...facts.settings } : locked;
  const { seller } = facts;
  if (seller.paused) {
    // A paused event's clock stands still (decision 0087): refused as paused, even past the end it had.
    const paused = (input: PlaceBidInput) =>
      seller.members.has(input.userId) ? ownLot('bid') : eventPausedError('bid');
    return { results: inputs.map((input) => refused(paused(input))), write: undefined };
  }
  const times = {
    status: row.status,
    startAt: row.startAt?.getTime() ?? null,
    endedAt: row.endedAt?.getTime() ?? null,
  };
  if (row.type !== 'AuctionLot' || row.endedAt === null || !isOpenNow(times, facts.now)) {
    return refuseAll(inputs, new AppError(BID_CODES.lotNotOpen, 'This lot is not open for bids.', { status: 409 }));
  }
  const lot = toBiddingLot(row);
  const bidAt = new Date(facts.now);
  const { scheduledEnd } = endsOf(row);
  const softClose = softCloseOf(row);
  const state: LotState = {
    price: row.currentBid,
    bidsCount: row.bidsCount,
    leaderId: row.leaderUserId,
    leaderMax: facts.leaderMax,
    reserveMet: lot.reserveMet,
    endedAt: row.endedAt,
  };
  const maxima = new Map(facts.maxima);
  const newcomers: string[] = [];
  const placed: BatchWrite['placed'] = [];
  const mails: BatchWrite['mails'] = [];
  const sellers = seller.members;
  const { limits } = facts;
  const results = inputs.map((input): PlaceBidResult => {
    try {
      if (disabled.has(input.userId)) throw accountDisabled();
      if (sellers.has(input.userId)) throw ownLot('bid');
      // A suspended company's lots are view-only (decision 0076).
      if (seller.suspended) throw sellerSuspended('bid');
      if (!facts.registered.has(input.userId)) {
        if (facts.depositLapsed.has(input.userId))
          throw new AppError(BID_CODES.notRegistered, DEPOSIT_LAPSED, { status: 403 });
        throw new AppError(BID_CODES.notRegistered, 'Register for this auction before you bid.', { status: 403 });
      }
      assertWithinLimit(input.body, limits.get(input.userId), row.currency);
      const result = applyProxyBid(
        {
          startingBid: startingBidOf(lot),
          price: state.price,
          leaderId: state.leaderId,
          leaderMax: state.leaderMax,
          reserve: row.reserve,
          increments: lot.increments,
        },
        {
          bidderId: input.userId,
          amount: input.body.amount,
          maxAmount: input.body.maxAmount,
          currentMax: maxima.get(input.userId) ?? null,
        },
      );
      if (!result.accepted) throw refusal(result, row.currency);
      if (!maxima.has(input.userId) && !newcomers.includes(input.userId)) newcomers.push(input.userId);
      maxima.set(input.userId, result.bidderMax);
      Object.assign(state, {
        price: result.price,
        bidsCount: state.bidsCount + 1,
        leaderId: result.leaderId,
        leaderMax: result.leaderMax,
        reserveMet: result.reserveMet,
        endedAt: new Date(softCloseEnd({ effectiveEnd: state.endedAt.getTime(), scheduledEnd }, facts.now, softClose)),
      });
      const ids = result.rows.map(() => `bid_${randomUUID()}`);
      placed.push({ userId: input.userId, outcome: result, ids });
      const mail = outbidMailOf(input, result, facts.contacts.get(result.outbidUserId ?? ''), row);
      if (mail) mails.push(mail);
      return answerFor(input, lot, state, result, ids, bidAt);
    } catch (error) {
      const answer = refusalAnswer(error);
      if (!answer) throw error;
      return { answer, effects: undefined };
    }
  });
  // Once per batch, the live stream is told the lot changed (the last placed bid's caller publishes).
  const last = results.findLast((r) => r.effects !== undefined);
  if (last?.effects) last.effects.publish = true;
  const write = placed.length > 0 ? { lotId, bidAt, placed, newcomers, final: state, mails } : undefined;
  return { results, write };
}

/** The outbid e-mail this bid causes, when it asked to notify and the outbid bidder wants it. */
function outbidMailOf(
  input: PlaceBidInput,
  result: ProxyOutcome,
  to: Contact | undefined,
  row: BiddingLotRow,
): BatchWrite['mails'][number] | undefined {
  if (!input.notify || !to || !settingOn(to.settings, 'outbid')) return undefined;
  const url = `${input.notify.publicOrigin}${lotPagePath(input.lotId)}`;
  const price = formatMoney(result.price, row.currency);
  return { mailer: input.notify.mailer, message: outbidMail({ to, lotName: row.name, price, url }) };
}

function refuseAll(inputs: PlaceBidInput[], error: AppError) {
  return { results: inputs.map(() => refused(error)), write: undefined };
}

const refused = (error: AppError): PlaceBidResult => ({
  answer: refusalAnswer(error) as IdempotentAnswer,
  effects: undefined,
});

/** A bid of an account staff disabled while the request was in flight (its session is gone by now). */
const accountDisabled = () => new AppError(ACCOUNT_DISABLED, ACCOUNT_DISABLED_MESSAGE, { status: 403 });

/** The 201 answer: the bid, and the lot as this bid left it (the state after it, not after the batch). */
function answerFor(
  input: PlaceBidInput,
  lot: BiddingLot,
  state: LotState,
  result: ProxyOutcome,
  ids: string[],
  bidAt: Date,
): PlaceBidResult {
  const { userId, lotId } = input;
  const after: BiddingLot = {
    ...lot,
    currentBid: state.price,
    bidsCount: state.bidsCount,
    reserveMet: state.reserveMet,
    endedAt: state.endedAt,
  };
  const own = result.rows.find((r) => r.kind === 'bid' && r.userId === userId);
  const viewer = { userId, registered: true, maxAmount: result.bidderMax, leads: result.leaderId === userId };
  const data: PlacedBid = {
    bid: {
      _id: ids[result.rows.findIndex((r) => r.kind === 'bid')] as string,
      amount: own?.amount ?? input.body.amount,
      maxAmount: result.bidderMax,
      createdAt: bidAt.toISOString(),
    },
    lot: toBiddingState(after, bidAt, viewer),
  };
  const effects: PlacedBidEffects = { lotId, outbidUserId: result.outbidUserId, publish: false };
  return { answer: { status: 201, body: { status: 'success', data } }, effects };
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

/** The outbid e-mails as CTEs of the batch's statement, one per mailer (the route's is the only one). */
function mailsSql(mails: BatchWrite['mails']): SQL {
  const byMailer = new Map<Mailer, MailMessage[]>();
  for (const { mailer, message } of mails) byMailer.set(mailer, [...(byMailer.get(mailer) ?? []), message]);
  const parts = [...byMailer].map(
    ([mailer, messages], i) => sql`, ${sql.raw(`mails_${i}`)} as (${mailer.queueSql(messages)})`,
  );
  return sql.join(parts, sql``);
}

/**
 * One statement for the batch: the history rows (in the rules' order, so
 * `seq` orders them), each bidder's standing (a newcomer takes the next
 * pseudonym number, safe under the lot's lock), the lot itself with the next
 * live-stream id, the outbid e-mails and every Idempotency-Key's answer: one round trip while
 * the lot is locked. Only the keys' answers when nothing was placed.
 */
async function writeBatch(
  tx: Transaction,
  w: BatchWrite | undefined,
  remembered: { userId: string; key: string; answer: IdempotentAnswer }[],
): Promise<void> {
  const remember = remembered.length > 0 ? rememberAnswersSql(remembered) : undefined;
  if (!w) {
    if (remember) await tx.execute(remember);
    return;
  }
  const { lotId, bidAt, final } = w;
  const at = sql`${bidAt.toISOString()}::timestamptz`;
  const history = w.placed.flatMap(({ outcome, ids }) =>
    outcome.rows.map(
      (r, i) =>
        sql`(${ids[i]}, ${lotId}, ${r.userId}, ${r.kind}::bid_kind, ${r.amount}, ${r.maxAmount}, ${r.priceAfter}, ${at})`,
    ),
  );
  // Each bidder's standing after the batch: their last maximum and amount, and how many bids they placed.
  const standings = new Map<string, { max: number; last: number; count: number }>();
  for (const { userId, outcome } of w.placed) {
    const own = outcome.rows.find((r) => r.kind === 'bid') as HistoryRow;
    const before = standings.get(userId);
    standings.set(userId, { max: outcome.bidderMax, last: own.amount, count: (before?.count ?? 0) + 1 });
  }
  const standingRows = [...standings].map(([userId, s]) => {
    const ordinal = w.newcomers.indexOf(userId) + 1;
    return sql`(${lotId}, ${userId}, ${ordinal}::int, ${s.max}::bigint, ${at}, ${s.last}::bigint, ${s.count}::int)`;
  });
  await tx.execute(sql`
    with history as (
      insert into bids (id, lot_id, user_id, kind, amount, max_amount, price_after, created_at)
      values ${sql.join(history, sql`, `)}
    ), base as (
      select coalesce(max(pseudonym), 0) as n from lot_bidders where lot_id = ${lotId}
    ), standing as (
      insert into lot_bidders as b (lot_id, user_id, pseudonym, max_amount, max_set_at, last_bid_amount, bids_count, created_at, updated_at)
      select v.lot_id, v.user_id, base.n + greatest(v.ordinal, 1), v.max_amount, v.at, v.last_bid_amount, v.bids_count, v.at, v.at
      from (values ${sql.join(standingRows, sql`, `)}) as v (lot_id, user_id, ordinal, max_amount, at, last_bid_amount, bids_count), base
      on conflict (lot_id, user_id) do update set max_amount = excluded.max_amount, max_set_at = excluded.max_set_at,
        last_bid_amount = excluded.last_bid_amount, bids_count = b.bids_count + excluded.bids_count, updated_at = excluded.updated_at
    )${remember ? sql`, remembered as (${remember})` : sql``}${mailsSql(w.mails)}
    update event_lots set current_bid_amount = ${final.price}, bids_count = ${final.bidsCount},
      leader_user_id = ${final.leaderId}, reserve_met = ${final.reserveMet}, ended_at = ${final.endedAt.toISOString()}::timestamptz,
      scheduled_end_at = coalesce(scheduled_end_at, ended_at),
      change_seq = ${nextLotChangeSeq}, updated_at = now()
    where id = ${lotId}`);
}
