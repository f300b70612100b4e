import { queryRows } from '@lotline/db';
import { seedDatabase } from '@lotline/db/seed';
import { createTestDatabase } from '@lotline/db/testing';
import { DEFAULT_INCREMENTS, incrementAt } from '@lotline/domain';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeVerification } from '../account/verification';
import { createOutboxMailer } from '../mail/outbox-mailer';
import { settleAuctionOrder } from '../orders/payment/settle-auction-order';
import { SandboxPaymentProvider } from '../payments/sandbox/sandbox-provider';
import { demoBuyNow } from './demo-buy-now';
import { demoPastPurchases } from './demo-past-purchases';
import { demoPastSales, priceLadder } from './demo-past-sales';
import { demoResultOrders } from './demo-seller-results';
import { demoWireAccounts } from './demo-wire-accounts';
import { placeDemoBids } from './place-demo-bids';

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
const lines: string[] = [];
const SOLD = ['Sold', 'OrderPending', 'OrderPaid', 'OrderCancelled'];

beforeAll(async () => {
  handle = await createTestDatabase();
  await seedDatabase(handle.db, { lots: 600, now: new Date() });
  const { db } = handle;
  const logger = pino({ level: 'silent' });
  const mailer = createOutboxMailer(db, logger);
  const mail = { mailer, publicOrigin: 'http://localhost:3000' };
  const provider = new SandboxPaymentProvider(db, 'http://localhost:3000');
  const log = (l: string) => lines.push(l);
  // The demo steps that buy, in main.ts's order.
  await demoWireAccounts(db, () => {});
  await placeDemoBids({ db, provider, log });
  await demoResultOrders({ db, mail, log });
  await demoPastSales({ db, log });
  await demoPastPurchases({ db, log });
  await demoBuyNow({
    db,
    config: { publicOrigin: 'http://localhost:3000', featureOverrides: {} },
    mailer,
    provider,
    logger: { info: log },
  });
  // What the settlement job does right after the start: charge every pending auction order not settled yet.
  const pending = await queryRows<{ id: string }>(
    db,
    sql`select id from orders where source = 'auction' and status = 'OrderPending' and payment_kind is null`,
  );
  for (const { id } of pending) await settleAuctionOrder({ db, provider, mail }, id);
}, 300_000);

afterAll(() => handle?.cleanup());

describe('the demo’s sales after a fresh start', () => {
  it('gives every closed auction lot with bids a history whose count is the shown count, and every sold one its order', async () => {
    const lots = await queryRows<{
      id: string;
      status: string;
      bids_count: number;
      price: number;
      leader: string | null;
      history: number;
      last: number | null;
      buyer: string | null;
      unit_price: number | null;
      orders: number;
    }>(
      handle.db,
      sql`select l.id, l.status, l.bids_count, l.current_bid_amount::float8 as price, l.leader_user_id as leader,
            (select count(*)::int from bids b where b.lot_id = l.id and b.kind = 'bid') as history,
            (select b.amount::float8 from bids b where b.lot_id = l.id order by b.seq desc limit 1) as last,
            (select o.buyer_user_id from orders o where o.sole_lot_id = l.id order by o.created_at limit 1) as buyer,
            (select ol.unit_price::float8 from order_lines ol where ol.event_lot_id = l.id limit 1) as unit_price,
            (select count(*)::int from orders o where o.sole_lot_id = l.id) as orders
          from event_lots l join events e on e.id = l.event_id
          where e.end_at < now() and l.type = 'AuctionLot' and l.closed_at is not null`,
    );
    const sold = lots.filter((l) => SOLD.includes(l.status));
    expect(sold.length).toBeGreaterThan(20);
    for (const lot of lots.filter((l) => l.bids_count > 0)) {
      expect([lot.id, lot.history, lot.last]).toEqual([lot.id, lot.bids_count, lot.price]);
    }
    for (const lot of sold) {
      expect([lot.id, lot.status, lot.orders]).toEqual([lot.id, lot.status, 1]);
      expect(lot.status).not.toBe('Sold');
      expect([lot.id, lot.leader, lot.unit_price]).toEqual([lot.id, lot.buyer, lot.price]);
    }
    expect(new Set(sold.map((l) => l.status))).toEqual(new Set(['OrderPending', 'OrderPaid', 'OrderCancelled']));
    // Bidders were registered for the events they bid in, as the engine asks.
    const unregistered = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from bids b join event_lots l on l.id = b.lot_id
          where not exists (select 1 from registrations r where r.event_id = l.event_id and r.user_id = b.user_id
            and r.status = 'approved')`,
    );
    expect(unregistered[0]?.n).toBe(0);
  });

  it('has no lot sold without its order: sold-out buy-now items bought, tender lots awarded to a sealed tender', async () => {
    const orphans = await queryRows<{ id: string; type: string; status: string }>(
      handle.db,
      sql`select l.id, l.type, l.status from event_lots l
          where l.status in ('Sold', 'OrderPending', 'OrderPaid', 'OrderCancelled')
            and not exists (select 1 from order_lines ol where ol.event_lot_id = l.id)`,
    );
    expect(orphans).toEqual([]);
    // Several orders share a buy-now item: its lot never takes an order status, and a sold-out one has no units.
    const items = await queryRows<{ status: string; quantity: number; paid: number; others: number }>(
      handle.db,
      sql`select l.status, l.quantity,
            (select count(*)::int from order_lines ol join orders o on o.id = ol.order_id
              where ol.event_lot_id = l.id and o.status = 'OrderPaid') as paid,
            (select count(*)::int from order_lines ol join orders o on o.id = ol.order_id
              where ol.event_lot_id = l.id and o.status <> 'OrderPaid') as others
          from event_lots l where l.type = 'BuyItNowItem' and l.status <> 'Active'`,
    );
    expect(items.filter((i) => SOLD.slice(1).includes(i.status))).toEqual([]);
    const soldOut = items.filter((i) => i.status === 'Sold');
    expect(soldOut.length).toBeGreaterThan(5);
    expect(soldOut.filter((i) => i.quantity !== 0)).toEqual([]);
    expect(soldOut.some((i) => i.paid > 0) && soldOut.some((i) => i.others > 0)).toBe(true);
    // A tender lot counts no bids; an awarded one's order is its awarded tender's, at that tender's amount.
    const lots = await queryRows<{
      id: string;
      status: string;
      bids_count: number;
      current: number | null;
      awarded: number;
      tenders: number;
      matches: boolean;
    }>(
      handle.db,
      sql`select l.id, l.status, l.bids_count, l.current_bid_amount::float8 as current,
            (select count(*)::int from tenders t where t.lot_id = l.id and t.outcome = 'awarded') as awarded,
            (select count(*)::int from tenders t where t.lot_id = l.id) as tenders,
            exists (select 1 from orders o join tenders t on t.id = o.tender_id join order_lines ol on ol.order_id = o.id
              where o.sole_lot_id = l.id and t.lot_id = l.id and t.user_id = o.buyer_user_id
                and ol.unit_price = t.amount and t.amount = (select max(t2.amount) from tenders t2 where t2.lot_id = l.id)
            ) as matches
          from event_lots l where l.type = 'TenderLot'`,
    );
    expect(lots.filter((l) => l.bids_count !== 0)).toEqual([]);
    const awarded = lots.filter((l) => SOLD.includes(l.status));
    expect(awarded.length).toBeGreaterThan(3);
    for (const lot of awarded) {
      expect(lot).toMatchObject({ id: lot.id, current: null, awarded: 1, matches: true });
      expect(lot.status).not.toBe('Sold');
      expect(lot.tenders).toBeGreaterThanOrEqual(2);
    }
  });

  it('has every demo order bought by a buyer account: never a seller’s people, never staff', async () => {
    const orders = await queryRows<{ id: string; roles: string[]; own: boolean; member: boolean }>(
      handle.db,
      sql`select o.id, u.roles,
            exists (select 1 from company_members m where m.user_id = u.id and m.company_id = o.company_id) as own,
            exists (select 1 from company_members m where m.user_id = u.id) as member
          from orders o join users u on u.id = o.buyer_user_id`,
    );
    expect(orders.length).toBeGreaterThan(20);
    expect(orders.filter((o) => o.own || o.member || o.roles.length > 0)).toEqual([]);
  });

  it('mails no failed payment on a fresh start', async () => {
    const failed = await queryRows<{ to: string; subject: string }>(
      handle.db,
      sql`select "to", subject from mail_outbox where subject ilike '%failed%'`,
    );
    expect(failed).toEqual([]);
    expect(lines.some((l) => /^Demo past sales: bid histories on \d+ closed auction lots, \d+ orders/.test(l))).toBe(
      true,
    );
  });

  it('shows each demo person’s badge as their verification steps say (staff has none)', async () => {
    const people = await queryRows<{ id: string; email: string; verified: boolean }>(
      handle.db,
      sql`select id, email, verified from users order by email`,
    );
    for (const p of people) {
      const steps = await computeVerification(handle.db, p.id);
      expect([p.email, p.verified]).toEqual([p.email, steps.verified]);
    }
    expect(people.find((p) => p.email === 'staff@example.com')?.verified).toBe(false);
  });
});

describe('priceLadder', () => {
  it('steps down one increment at a time to the starting bid, never below it', () => {
    const ladder = priceLadder(12_000, 5_000, 10, DEFAULT_INCREMENTS);
    expect(ladder.at(-1)).toBe(12_000);
    expect(ladder[0]).toBeGreaterThanOrEqual(5_000);
    ladder.slice(1).forEach((price, i) => {
      const before = ladder[i] as number;
      expect(before + incrementAt(before, DEFAULT_INCREMENTS)).toBe(price);
    });
    expect(priceLadder(12_000, 12_000, 10, DEFAULT_INCREMENTS)).toEqual([12_000]);
  });
});
