import { createHash, randomUUID } from 'node:crypto';
import { type Database, queryRows } from '@lotline/db';
import { eventLots, registrations } from '@lotline/db/schema';
import { LOT_STATUS } from '@lotline/domain';
import { inArray, sql } from 'drizzle-orm';
import { type PastTender, recordPastTenders } from '../bidding/sealed-tenders';
import { nextLotChangeSeq } from '../lots/change-lot-status';
import { createOrder } from '../orders/create-order';
import { isDemoBuyer } from './demo-buyers';
import {
  addPastRegistration,
  chunks,
  PAST_DEPS,
  type PastOutcome,
  pastOutcome,
  settlePastOrder,
} from './demo-past-sales';

/**
 * The seed's other sales after a fresh start (issue 27: no sold lot without its order; decision 0102). The generator deals sold-out
 * buy-now items (`Sold`, no units left) and awarded tender lots (`Sold`, the winning amount in
 * `current_bid_amount`) but no orders or tenders: it has no buyers of its own. This makes each sale as the real
 * code would have left it, with the demo's buyer accounts (`isDemoBuyer`):
 * - a sold-out item: one purchase of a unit (a quarter of them two) through the real `createOrder` (the stock is already
 *   gone: the generator left none), paid by a wire staff received or awaiting one;
 * - an awarded tender lot: two or three sealed tenders (the winner's at the amount, the others below, their
 *   outcome decided), the tenderers registered for the event, the winner's order through `createOrder`
 *   (`Sold → OrderPending`), then paid, cancelled or awaiting a wire as past auction wins are
 *   (`settlePastOrder`); the lot's `current_bid_amount` is cleared (a tender lot has no current bid).
 * No mail is sent (`PAST_DEPS`): the sales happened before today. Lots that already have an order (another demo
 * step's) are left alone. Deterministic: outcomes hash the seed with the lot id.
 */
export interface DemoPastPurchasesDeps {
  db: Database;
  log: (message: string) => void;
  seed?: number;
}

type SoldItem = { id: string; price: number };
type AwardedLot = {
  id: string;
  event_id: string;
  price: number;
  currency: string;
  start_at: Date;
  ended_at: Date;
  deposit: number | null;
  deposit_currency: string | null;
};

/** Lots with no order line yet: a sale another demo step made keeps its own order. */
const noOrder = sql`not exists (select 1 from order_lines ol where ol.event_lot_id = l.id)`;

export async function demoPastPurchases({
  db,
  log,
  seed = 1,
}: DemoPastPurchasesDeps): Promise<{ items: number; tenders: number; orders: number }> {
  const hash = (key: string) => createHash('sha256').update(`${seed}:${key}`).digest().readUInt32BE(0) / 2 ** 32;
  const buyers = (
    await queryRows<{ id: string }>(db, sql`select u.id from users u where ${isDemoBuyer} order by u.email`)
  ).map((b) => b.id);
  const [staff] = await queryRows<{ id: string }>(db, sql`select id from users where email = 'staff@example.com'`);
  if (buyers.length < 3 || !staff) {
    log('Demo past purchases: skipped (fewer than three demo buyers, or no staff user)');
    return { items: 0, tenders: 0, orders: 0 };
  }
  const pick = (key: string, k: number) =>
    buyers[(Math.floor(hash(key) * buyers.length) + k) % buyers.length] as string;
  const settle = (orderId: string, buyerUserId: string, outcome: PastOutcome) =>
    settlePastOrder(db, { orderId, buyerUserId, staffUserId: staff.id }, outcome);
  let orders = 0;

  const items = await queryRows<SoldItem>(
    db,
    sql`select l.id, l.buy_it_now_price::float8 as price from event_lots l
        where l.type = 'BuyItNowItem' and l.status = ${LOT_STATUS.Sold} and l.quantity = 0
          and l.buy_it_now_price > 0 and ${noOrder}
        order by l.id`,
  );
  for (const item of items) {
    // Mostly one buyer took the last unit; a quarter of the items went to two (each order costs the first start).
    const units = hash(`units:${item.id}`) < 0.25 ? 2 : 1;
    for (let k = 0; k < units; k++) {
      const buyerUserId = pick(`buyer:${item.id}`, k);
      const input = { source: 'buy-now' as const, buyerUserId, lotId: item.id, quantity: 1, unitPrice: item.price };
      const order = await db.transaction((tx) => createOrder(tx, { ...input, approval: 'approved' }, PAST_DEPS));
      orders++;
      // A cancelled purchase would have put its unit back on sale: these were paid, or their wire is awaited.
      await settle(order.id, buyerUserId, hash(`outcome:${item.id}:${k}`) < 0.8 ? 'paid' : 'awaiting-wire');
    }
  }

  const awarded = await queryRows<AwardedLot>(
    db,
    sql`select l.id, l.event_id, l.current_bid_amount::float8 as price, l.currency, e.start_at, l.ended_at,
          e.bid_deposit_amount::float8 as deposit, e.bid_deposit_currency as deposit_currency
        from event_lots l join events e on e.id = l.event_id
        where l.type = 'TenderLot' and l.status = ${LOT_STATUS.Sold} and l.current_bid_amount > 0 and ${noOrder}
        order by l.event_id, l.sequence, l.id`,
  );
  const registrationRows = new Map<string, typeof registrations.$inferInsert>();
  const tenderRows: PastTender[] = [];
  const winners: { lot: AwardedLot; userId: string; tenderId: string }[] = [];
  for (const lot of awarded) {
    const field = 2 + Math.floor(hash(`field:${lot.id}`) * 2);
    const start = new Date(lot.start_at).getTime();
    const span = Math.max(1, new Date(lot.ended_at).getTime() - start);
    for (let k = 0; k < field; k++) {
      const userId = pick(`tenderer:${lot.id}`, k);
      // The winner's is the amount; the others' lower, in whole units of the currency.
      const amount =
        k === 0
          ? lot.price
          : Math.max(100, Math.floor((lot.price * (0.6 + 0.35 * hash(`amount:${lot.id}:${k}`))) / 100) * 100);
      const id = `tnd_${randomUUID()}`;
      const at = new Date(start + Math.floor(span * hash(`at:${lot.id}:${k}`)));
      tenderRows.push({
        id,
        lotId: lot.id,
        userId,
        amount,
        currency: lot.currency,
        outcome: k === 0 ? 'awarded' : 'not-awarded',
        placedAt: at,
        decidedAt: new Date(lot.ended_at),
      });
      addPastRegistration(registrationRows, lot, userId);
      if (k === 0) winners.push({ lot, userId, tenderId: id });
    }
  }
  await db.transaction(async (tx) => {
    for (const part of chunks([...registrationRows.values()]))
      await tx.insert(registrations).values(part).onConflictDoNothing();
    for (const part of chunks(tenderRows)) await recordPastTenders(tx, part);
  });
  for (const { lot, userId, tenderId } of winners) {
    const input = { source: 'tender' as const, buyerUserId: userId, lotId: lot.id, quantity: 1, tenderId };
    const order = await db.transaction((tx) =>
      createOrder(tx, { ...input, unitPrice: lot.price, approval: 'approved' }, PAST_DEPS),
    );
    orders++;
    await settle(order.id, userId, pastOutcome(hash(`outcome:${lot.id}`)));
  }
  if (awarded.length > 0)
    await db
      .update(eventLots)
      .set({ currentBidAmount: null, changeSeq: nextLotChangeSeq })
      .where(
        inArray(
          eventLots.id,
          awarded.map((l) => l.id),
        ),
      );
  log(
    `Demo past purchases: ${orders} orders for ${items.length} sold-out buy-now items and ${awarded.length} awarded tender lots`,
  );
  return { items: items.length, tenders: awarded.length, orders };
}
