import { createHash, randomUUID } from 'node:crypto';
import type { Database } from '@lotline/db';
import { LOT_STATUS } from '@lotline/domain';
import { sql } from 'drizzle-orm';
import { nextLotChangeSeq } from '../lots/change-lot-status';
import type { Mailer } from '../mail/mailer';
import { chargeOrder } from '../orders/payment/charge-order';
import type { PaymentProvider } from '../payments/provider';
import type { FeatureOverrides } from '../purchases/buy-now-terms';
import { purchaseItem } from '../purchases/purchase-item';
import { isDemoBuyer } from './demo-buyers';

/**
 * Buy-now demo data after a fresh seed (issue 15): a few open buy-now items
 * without Best Offer (the offers demo's) get a small stock (1–3 units), and
 * the demo's buyer accounts (`isDemoBuyer`: no role, no company, a saved
 * sandbox card) buy some of them through the REAL `purchaseItem`, then are
 * charged as a purchase is: two items sell out, one has a unit fewer.
 * Deterministic: the items are chosen by a hash of the seed and their id.
 */
export interface DemoBuyNowDeps {
  db: Database;
  config: { publicOrigin: string; featureOverrides: FeatureOverrides };
  mailer: Mailer;
  /** The sandbox provider; null (Stripe configured): the orders stay pending. */
  provider: PaymentProvider | null;
  logger: { info: (message: string) => void };
  seed?: number;
}

const ITEMS = 8;
/** Units per chosen item, in order; the items at SOLD_OUT sell out, the one at PARTLY loses a unit. */
const STOCK = [1, 2, 3, 1, 2, 3, 2, 3] as const;
const SOLD_OUT = [3, 4];
const PARTLY = 5;

type Row = Record<string, unknown>;
const rows = async (db: Database, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

export async function demoBuyNow(deps: DemoBuyNowDeps): Promise<void> {
  const { db, seed = 1 } = deps;
  const hash = (key: string) => createHash('sha256').update(`${seed}:${key}`).digest('hex');
  const open = await rows(
    db,
    sql`select l.id, l.company_id, l.buy_it_now_price::float8 as price from event_lots l
    left join events e on e.id = l.event_id
    where l.type = 'BuyItNowItem' and l.status = ${LOT_STATUS.Active} and not l.best_offer_enabled
      and not l.hidden_from_marketplace and l.buy_it_now_price is not null
      and (e.id is null or e.status = 'published')
      and (l.start_at is null or l.start_at <= now())
      and (l.ended_at is null or l.ended_at > now() + interval '7 days')`,
  );
  const items = open.sort((a, b) => hash(String(a.id)).localeCompare(hash(String(b.id)))).slice(0, ITEMS);
  for (const [i, item] of items.entries()) {
    await db.execute(
      sql`update event_lots set quantity = ${STOCK[i] ?? 1}, change_seq = ${nextLotChangeSeq} where id = ${item.id}`,
    );
  }
  const buyers = await rows(
    db,
    sql`select u.id, array(select company_id from company_members m where m.user_id = u.id) as companies
    from users u where ${isDemoBuyer} order by u.email limit 4`,
  );
  const purchaseDeps = { db, mailer: deps.mailer, ...deps.config };
  let orders = 0;
  const buys = [...SOLD_OUT.map((i) => ({ i, all: true })), { i: PARTLY, all: false }];
  for (const { i, all } of buys) {
    const item = items[i];
    const buyer = buyers.find((b) => !(b.companies as string[]).includes(String(item?.company_id)));
    if (!item || !buyer) continue;
    const { answer, effects } = await purchaseItem(purchaseDeps, {
      userId: String(buyer.id),
      lotId: String(item.id),
      body: { quantity: all ? (STOCK[i] ?? 1) : 1 },
      idempotencyKey: `demo-buy-now-${randomUUID()}`,
    });
    if (answer.status !== 201 || !effects) continue;
    orders += 1;
    if (effects.charge && deps.provider)
      await chargeOrder({ db, provider: deps.provider, mail: purchaseDeps }, effects.orderId);
  }
  deps.logger.info(`demo buy-now: ${items.length} items with small stock, ${orders} purchases`);
}
