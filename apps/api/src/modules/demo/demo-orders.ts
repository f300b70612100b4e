import type { Database } from '@lotline/db';
import { LOT_STATUS } from '@lotline/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { publishLotChanges } from '../live/publish-lot-changes';
import { createMailer } from '../mail/mailer';
import { changeOrder } from '../orders/change-order';
import { createOrder } from '../orders/create-order';
import { fulfilOrder } from '../orders/fulfil-order';
import type { OrderMailDeps } from '../orders/order-mails';
import { rejectOrder } from '../orders/reject-order';
import { takeStock } from '../orders/stock';

/**
 * Demo orders after a fresh seed (issue 15): one order in each state for
 * `reseller@example.com` (a demo buyer the e2e tests leave alone), made by
 * the purchase path's own code (takeStock + createOrder in one transaction)
 * and moved on by the real use-cases: awaiting the seller's approval,
 * rejected by the seller (cancelled, the unit back), paid by a wire staff
 * received, and paid then shipped. One unit each of buy-now items with
 * stock to spare, of a company with a seller user. Deterministic (ordered by id).
 */
export interface DemoOrdersDeps {
  db: Database;
  mail: OrderMailDeps;
  log: (message: string) => void;
}

/** The mail deps of the demo orders (their e-mails go to the outbox, or SMTP when configured). */
export function demoMail(db: Database, config: Config, log: FastifyBaseLogger): OrderMailDeps {
  const testPayments = config.paymentsProvider === 'sandbox';
  const mailer = createMailer({ db, smtpUrl: config.smtpUrl, from: config.mailFrom, log, testPayments });
  return { mailer, publicOrigin: config.publicOrigin, featureOverrides: config.featureOverrides };
}

type Row = Record<string, unknown>;
const rows = async (db: Database, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

export async function demoOrders({ db, mail, log }: DemoOrdersDeps): Promise<void> {
  const [buyer] = await rows(db, sql`select id from users where email = 'reseller@example.com'`);
  if (!buyer) return;
  const lots = await rows(
    db,
    sql`select l.id, l.buy_it_now_price::float8 as price, l.quantity,
      (select m.user_id from company_members m join users u on u.id = m.user_id
        where m.company_id = l.company_id and 'seller' = any(u.roles) order by m.user_id limit 1) as seller
    from event_lots l join events e on e.id = l.event_id
    where l.type = 'BuyItNowItem' and l.status = ${LOT_STATUS.Active} and l.quantity >= 2 and l.buy_it_now_price > 0
      and not l.hidden_from_marketplace and e.status = 'published'
      and (l.start_at is null or l.start_at <= now()) and (l.ended_at is null or l.ended_at > now() + interval '1 day')
      and exists (select 1 from company_members m join users u on u.id = m.user_id
        where m.company_id = l.company_id and 'seller' = any(u.roles))
    order by l.quantity desc, l.id limit 4`,
  );
  // One unit per order, leaving each item at least one on sale: an item may carry several demo orders.
  const slots = lots.flatMap((l) => Array.from({ length: Number(l.quantity) - 1 }, () => l)).slice(0, 4);
  if (slots.length < 4) {
    log(`demo orders: only ${slots.length} units of buy-now items fit; none made`);
    return;
  }
  const deps = { ...mail, featureOverrides: mail.featureOverrides ?? {} };
  const buy = (lot: Row, approval: 'approved' | 'awaiting') =>
    db.transaction(async (tx) => {
      if (!(await takeStock(tx, String(lot.id), 1))) throw new Error(`demo orders: no stock on ${lot.id}`);
      const unitPrice = Number(lot.price);
      const buyerUserId = String(buyer.id);
      return createOrder(
        tx,
        { source: 'buy-now', buyerUserId, lotId: String(lot.id), quantity: 1, unitPrice, approval },
        deps,
      );
    });
  const [awaiting, rejected, wired, shipped] = slots as [Row, Row, Row, Row];

  await buy(awaiting, 'awaiting');
  const toReject = await buy(rejected, 'awaiting');
  await db.transaction((tx) =>
    rejectOrder(tx, deps, String(rejected.seller), toReject.id, 'Sold at our counter before your order came in.'),
  );
  const paid = await buy(wired, 'approved');
  await db.transaction((tx) => changeOrder(tx, paid.id, 'receiveWire', { note: 'Demo: wire matched by staff.' }));
  const sent = await buy(shipped, 'approved');
  await db.transaction(async (tx) => {
    await changeOrder(tx, sent.id, 'receiveWire', { note: 'Demo: wire matched by staff.' });
    await fulfilOrder(tx, String(shipped.seller), sent.id, 'shipped');
  });
  await publishLotChanges(
    db,
    lots.map((l) => String(l.id)),
  );
  log('demo orders: 4 orders for reseller@example.com (awaiting approval, rejected, paid, shipped)');
}
