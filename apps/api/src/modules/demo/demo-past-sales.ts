import { createHash, randomUUID } from 'node:crypto';
import { type Database, queryRows } from '@lotline/db';
import { bids, lotBidders, registrations } from '@lotline/db/schema';
import { DEFAULT_INCREMENTS, type IncrementRow, incrementAt, LOT_STATUS } from '@lotline/domain';
import { sql } from 'drizzle-orm';
import { nextLotChangeSeq } from '../lots/change-lot-status';
import type { Mailer } from '../mail/mailer';
import { changeOrder } from '../orders/change-order';
import { createOrder } from '../orders/create-order';
import { chooseWire } from '../orders/payment/choose-wire';
import { markWireReceived } from '../orders/payment/staff-wires';
import { isDemoBuyer } from './demo-buyers';

/**
 * The closed auctions' history after a fresh seed: the generator gives every past auction lot a price and a bid
 * count but no bid rows (it has no bidders of its own). This writes each such lot's history exactly as the engine
 * would have: the demo's buyer accounts (`isDemoBuyer`) registered for the event, bidding in turn one increment
 * (BIDDING §1, the event's table) above the price, from at least the starting bid up to the lot's price, with
 * their standing (`lot_bidders`) and the leader; the shown count becomes the rows written. Each sold lot then gets
 * its winner's order through the real `createOrder`, and the order moves on through the real use-cases: most paid
 * (a wire staff received), some cancelled (not paid in time), some awaiting a wire. Their mails are not sent: the
 * sales happened before today. Deterministic: outcomes hash the seed with the lot id.
 */
export interface DemoPastSalesDeps {
  db: Database;
  log: (message: string) => void;
  seed?: number;
}

/** Mails of sales that closed before the demo's today: written nowhere (the buyer read them back then). */
export const pastMailer: Mailer = {
  kind: 'none',
  send: async () => {},
  queueSql: () => sql`select null where false`,
};

type PastLot = {
  id: string;
  event_id: string;
  company_id: string;
  status: string;
  bids_count: number;
  price: number;
  starting: number | null;
  increments: IncrementRow[] | null;
  start_at: Date;
  ended_at: Date;
  deposit: number | null;
  deposit_currency: string | null;
  /** The buyer of the lot's order when it already has one. */
  buyer: string | null;
};

/** The order deps of a past sale: no mail (`pastMailer`), no link to make. */
export const PAST_DEPS = { mailer: pastMailer, publicOrigin: '', featureOverrides: {} };

/** What became of a past sale's order. */
export type PastOutcome = 'paid' | 'cancelled' | 'awaiting-wire';

/** From a number in [0, 1): most paid (75%), some cancelled (10%), the rest awaiting a wire. */
export function pastOutcome(draw: number): PastOutcome {
  if (draw < 0.75) return 'paid';
  return draw < 0.85 ? 'cancelled' : 'awaiting-wire';
}

/**
 * Moves a past sale's new order on through the real use-cases: cancelled (not paid within its window, by staff),
 * paid by wire (the buyer chose it, staff marked it received: the payment is recorded), or awaiting that wire.
 */
export async function settlePastOrder(
  db: Database,
  order: { orderId: string; buyerUserId: string; staffUserId: string },
  outcome: PastOutcome,
): Promise<void> {
  if (outcome === 'cancelled') {
    const note = 'Not paid within the payment window.';
    await db.transaction((tx) => changeOrder(tx, order.orderId, 'cancel', { note, actorUserId: order.staffUserId }));
    return;
  }
  await chooseWire(db, order.buyerUserId, order.orderId, true);
  if (outcome === 'paid')
    await db.transaction((tx) => markWireReceived(tx, PAST_DEPS, order.orderId, order.staffUserId));
}

/** The event is over: a bidder's approved registration; a deposit, if it asked one, was released at its settlement. */
export function addPastRegistration(
  rows: Map<string, typeof registrations.$inferInsert>,
  lot: { event_id: string; start_at: Date; deposit: number | null; deposit_currency: string | null },
  userId: string,
): void {
  const key = `${lot.event_id}:${userId}`;
  if (rows.has(key)) return;
  const start = new Date(lot.start_at);
  rows.set(key, {
    id: `reg_${randomUUID()}`,
    eventId: lot.event_id,
    userId,
    status: 'approved',
    depositStatus: lot.deposit === null ? 'not-required' : 'released',
    depositAmount: lot.deposit,
    depositCurrency: lot.deposit === null ? null : lot.deposit_currency,
    registeredAt: start,
    decidedAt: start,
  });
}

/** The prices a history of up to `count` minimum raises ends at `price` with, lowest first. */
export function priceLadder(price: number, starting: number, count: number, table: readonly IncrementRow[]): number[] {
  const ladder = [price];
  while (ladder.length < count) {
    const next = ladder[0] as number;
    let previous = next - incrementAt(next, table);
    if (previous + incrementAt(previous, table) !== next) previous = next - incrementAt(previous, table);
    if (previous < starting || previous <= 0 || previous + incrementAt(previous, table) !== next) break;
    ladder.unshift(previous);
  }
  return ladder;
}

/** Rows in parts that stay far below PostgreSQL's 65,535 bind parameters. */
export function chunks<T>(rows: T[], size = 1000): T[][] {
  const parts: T[][] = [];
  for (let i = 0; i < rows.length; i += size) parts.push(rows.slice(i, i + size));
  return parts;
}

export async function demoPastSales({
  db,
  log,
  seed = 1,
}: DemoPastSalesDeps): Promise<{ lots: number; orders: number }> {
  const hash = (key: string) => createHash('sha256').update(`${seed}:${key}`).digest().readUInt32BE(0) / 2 ** 32;
  const buyers = await queryRows<{ id: string }>(
    db,
    sql`select u.id from users u where ${isDemoBuyer} order by u.email`,
  );
  const [staff] = await queryRows<{ id: string }>(db, sql`select id from users where email = 'staff@example.com'`);
  if (buyers.length < 2 || !staff) {
    log('Demo past sales: skipped (fewer than two demo buyers, or no staff user)');
    return { lots: 0, orders: 0 };
  }
  const lots = await queryRows<PastLot>(
    db,
    sql`select l.id, l.event_id, l.company_id, l.status, l.bids_count, l.current_bid_amount::float8 as price,
          l.starting_bid::float8 as starting, e.increment_table as increments, e.start_at, l.ended_at,
          e.bid_deposit_amount::float8 as deposit, e.bid_deposit_currency as deposit_currency,
          (select o.buyer_user_id from orders o where o.sole_lot_id = l.id order by o.created_at limit 1) as buyer
        from event_lots l join events e on e.id = l.event_id
        where e.end_at < now() and l.type = 'AuctionLot' and l.closed_at is not null and l.bids_count > 0
          and l.current_bid_amount > 0 and l.leader_user_id is null
          and not exists (select 1 from bids b where b.lot_id = l.id)
        order by l.event_id, l.sequence, l.id`,
  );
  // The first event with a sale is settled whole: every winner paid (staff record its payout, demo-staff-records).
  const settled = lots.find((l) => l.status === LOT_STATUS.Sold)?.event_id;
  const ids = buyers.map((b) => b.id);
  const registrationRows = new Map<string, typeof registrations.$inferInsert>();
  const bidRows: (typeof bids.$inferInsert)[] = [];
  const standingRows: (typeof lotBidders.$inferInsert)[] = [];
  const moved: { id: string; count: number; leader: string }[] = [];
  const sales: { lot: PastLot; winner: string }[] = [];
  for (const lot of lots) {
    const ladder = priceLadder(lot.price, lot.starting ?? 1, lot.bids_count, lot.increments ?? DEFAULT_INCREMENTS);
    // Two or three of the demo buyers bid in turn; the last bid is the price, so its bidder leads and wins
    // (the buyer of an order the lot already has: the seller-results demo's).
    const first = lot.buyer ? Math.max(0, ids.indexOf(lot.buyer)) : Math.floor(hash(`first:${lot.id}`) * ids.length);
    const field = Math.min(ids.length, 2 + Math.floor(hash(`field:${lot.id}`) * 2));
    const rivals = Array.from({ length: field }, (_, j) => ids[(first + j) % ids.length] as string);
    if (lot.buyer) rivals[0] = lot.buyer;
    const bidderAt = (k: number) => rivals[(ladder.length - 1 - k) % field] as string;
    const start = new Date(lot.start_at).getTime();
    const span = Math.max(1, new Date(lot.ended_at).getTime() - start);
    const at = (k: number) => new Date(start + Math.floor((span * (k + 1)) / (ladder.length + 1)));
    const standing = new Map<string, { pseudonym: number; last: number; count: number; at: Date }>();
    ladder.forEach((amount, k) => {
      const userId = bidderAt(k);
      bidRows.push({
        id: `bid_${randomUUID()}`,
        lotId: lot.id,
        userId,
        kind: 'bid',
        amount,
        maxAmount: amount,
        priceAfter: amount,
        createdAt: at(k),
      });
      const had = standing.get(userId);
      standing.set(userId, {
        pseudonym: had?.pseudonym ?? standing.size + 1,
        last: amount,
        count: (had?.count ?? 0) + 1,
        at: at(k),
      });
      addPastRegistration(registrationRows, lot, userId);
    });
    for (const [userId, st] of standing)
      standingRows.push({
        lotId: lot.id,
        userId,
        pseudonym: st.pseudonym,
        maxAmount: st.last,
        maxSetAt: st.at,
        lastBidAmount: st.last,
        bidsCount: st.count,
        createdAt: st.at,
        updatedAt: st.at,
      });
    const winner = bidderAt(ladder.length - 1);
    moved.push({ id: lot.id, count: ladder.length, leader: winner });
    if (lot.status === LOT_STATUS.Sold) sales.push({ lot, winner });
  }
  // The histories in a few statements (one per 1,000 rows), in one transaction: a row per lot took seconds.
  await db.transaction(async (tx) => {
    for (const part of chunks([...registrationRows.values()]))
      await tx.insert(registrations).values(part).onConflictDoNothing();
    for (const part of chunks(bidRows)) await tx.insert(bids).values(part);
    for (const part of chunks(standingRows)) await tx.insert(lotBidders).values(part);
    await tx.execute(sql`update event_lots l set bids_count = v.count, leader_user_id = v.leader,
        change_seq = ${nextLotChangeSeq}
      from jsonb_to_recordset(${JSON.stringify(moved)}::jsonb) as v(id text, count int, leader text)
      where l.id = v.id`);
  });
  let orders = 0;
  for (const { lot, winner } of sales) {
    const outcome = lot.event_id === settled ? 'paid' : pastOutcome(hash(`outcome:${lot.id}`));
    const input = { source: 'auction' as const, buyerUserId: winner, lotId: lot.id, quantity: 1 };
    const order = await db.transaction((tx) =>
      createOrder(tx, { ...input, unitPrice: lot.price, approval: 'approved' }, PAST_DEPS),
    );
    orders++;
    await settlePastOrder(db, { orderId: order.id, buyerUserId: winner, staffUserId: staff.id }, outcome);
  }
  log(`Demo past sales: bid histories on ${lots.length} closed auction lots, ${orders} orders for their winners`);
  return { lots: lots.length, orders };
}
