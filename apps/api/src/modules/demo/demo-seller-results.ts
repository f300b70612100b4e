import { type Database, queryRows } from '@lotline/db';
import { LOT_STATUS } from '@lotline/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { publishLotChanges } from '../live/publish-lot-changes';
import { changeOrder } from '../orders/change-order';
import { createOrder } from '../orders/create-order';
import type { OrderMailDeps } from '../orders/order-mails';
import { chooseWire } from '../orders/payment/choose-wire';
import { markWireReceived } from '../orders/payment/staff-wires';
import { isDemoBuyer } from './demo-buyers';
import { demoMail } from './demo-orders';
import { demoPastPurchases } from './demo-past-purchases';
import { demoPastSales } from './demo-past-sales';

/**
 * Results to read after a fresh seed (issue 16; decision 0053). The seed's
 * closed auctions have sold, passed and reserve-not-met lots but no orders
 * (orders came later); this gives the sold lots of one featured seller's
 * closed auction their winner's orders through the orders' own use-cases:
 * the first paid by wire (staff marked it received), the second awaiting a
 * wire, the third cancelled, the rest charged to the winner's saved card by
 * the settlement job as any auction win is. The buyer is one of the demo's
 * buyer accounts (`isDemoBuyer`: no role, no company; the e2e tests leave them alone). Deterministic: the
 * closed auction with reserve-not-met and passed lots and the most sold lots, then by id.
 */
export interface DemoSellerResultsDeps {
  db: Database;
  mail: OrderMailDeps;
  log: (message: string) => void;
}

/**
 * The seed block's call: the orders' e-mails through the configured mailer, the log through the logger; then
 * every other closed auction's bid history and winner's order (`demoPastSales`), then the other sales' orders
 * (`demoPastPurchases`).
 */
export async function demoSellerResults(deps: { db: Database; config: Config; logger: FastifyBaseLogger }) {
  const { db, config, logger } = deps;
  const log = (message: string) => logger.info(message);
  const eventId = await demoResultOrders({ db, mail: demoMail(db, config, logger), log });
  // The other closed auctions' histories and orders, after this event's (which keeps its own order states).
  await demoPastSales({ db, log });
  // And the sold-out buy-now items' and awarded tender lots' orders (no lot is Sold without one).
  await demoPastPurchases({ db, log });
  return eventId;
}

type Candidate = { event_id: string; name: string; company_id: string; seller_email: string };

export async function demoResultOrders({ db, mail, log }: DemoSellerResultsDeps): Promise<string | null> {
  const [event] = await queryRows<Candidate>(
    db,
    sql`select e.id as event_id, e.name, e.company_id,
        (select u.email from users u join company_members m on m.user_id = u.id
          where m.company_id = e.company_id and u.email like 'seller-%' order by u.email limit 1) as seller_email
      from events e join companies c on c.id = e.company_id
      where c.featured and e.sale_format = 'auction' and e.end_at < now()
        and exists (select 1 from company_members m join users u on u.id = m.user_id
          where m.company_id = e.company_id and u.email like 'seller-%')
        and (select count(*) from event_lots l where l.event_id = e.id and l.type = 'AuctionLot'
          and l.status = ${LOT_STATUS.Sold} and l.current_bid_amount > 0) >= 3
      order by exists (select 1 from event_lots l where l.event_id = e.id and l.reserve_met = false
          and l.bids_count > 0 and l.status in (${LOT_STATUS.Ended}, ${LOT_STATUS.Unsold})) desc,
        exists (select 1 from event_lots l where l.event_id = e.id and l.bids_count = 0) desc,
        (select count(*) from event_lots l where l.event_id = e.id and l.status = ${LOT_STATUS.Sold}) desc, e.id
      limit 1`,
  );
  const [buyer] = await queryRows<{ id: string; email: string }>(
    db,
    sql`select u.id, u.email from users u
      where ${isDemoBuyer} order by u.email limit 1`,
  );
  const [staff] = await queryRows<{ id: string }>(db, sql`select id from users where email = 'staff@example.com'`);
  if (!event || !buyer || !staff) {
    log('Demo seller results: skipped (no closed auction of a featured seller with sold lots, or no demo buyer)');
    return null;
  }
  const lots = await queryRows<{ id: string; price: number }>(
    db,
    sql`select id, current_bid_amount::float8 as price from event_lots
      where event_id = ${event.event_id} and type = 'AuctionLot' and status = ${LOT_STATUS.Sold}
        and current_bid_amount > 0
      order by sequence, id`,
  );
  const deps = { ...mail, featureOverrides: mail.featureOverrides ?? {} };
  for (const [i, lot] of lots.entries()) {
    const order = await db.transaction((tx) =>
      createOrder(
        tx,
        {
          source: 'auction',
          buyerUserId: buyer.id,
          lotId: lot.id,
          quantity: 1,
          unitPrice: lot.price,
          approval: 'approved',
        },
        deps,
      ),
    );
    if (i === 0 || i === 1) await chooseWire(db, buyer.id, order.id, true);
    if (i === 0) await db.transaction((tx) => markWireReceived(tx, deps, order.id, staff.id));
    if (i === 2) {
      const note = 'Not paid within the payment window.';
      await db.transaction((tx) => changeOrder(tx, order.id, 'cancel', { note, actorUserId: staff.id }));
    }
  }
  await publishLotChanges(
    db,
    lots.map((l) => l.id),
  );
  log(
    `Demo seller results: "${event.name}" (${event.event_id}) of ${event.seller_email} has ${lots.length} orders for ${buyer.email}`,
  );
  return event.event_id;
}
