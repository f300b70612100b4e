import { type Database, queryRows } from '@lotline/db';
import { eventLots } from '@lotline/db/schema';
import { LOT_STATUS } from '@lotline/domain';
import { eq, sql } from 'drizzle-orm';
import { getBidding } from '../bidding/get-bidding';
import { placeBid } from '../bidding/place-bid';
import { closeLot } from '../closing/close-lot';
import { publishLotChanges } from '../live/publish-lot-changes';
import { nextLotChangeSeq } from '../lots/change-lot-status';
import { captureDeposit } from '../orders/payment/capture-deposit';
import { chooseWire } from '../orders/payment/choose-wire';
import type { PaymentMailDeps } from '../orders/payment/notify-payment';
import { markWireReceived } from '../orders/payment/staff-wires';
import type { PaymentProvider } from '../payments/provider';
import { isDemoBuyer } from './demo-buyers';
import { registerDemoBuyer } from './place-demo-bids';

export interface DemoAuctionOrdersDeps {
  db: Database;
  /** The sandbox (the seeded cards are its); null with Stripe: no demo auction orders. */
  provider: PaymentProvider | null;
  mail: PaymentMailDeps;
  log: (message: string) => void;
}

/** The demo's paid order: the buyer chose wire and staff marked it received (the real use-cases). */
async function payByWire(db: Database, mail: PaymentMailDeps, userId: string, orderId: string) {
  await chooseWire(db, userId, orderId, true);
  const [staff] = await queryRows<{ id: string }>(db, sql`select id from users where email = 'staff@example.com'`);
  if (staff) await db.transaction((tx) => markWireReceived(tx, mail, orderId, staff.id));
}

type Win = { email: string; settle: 'paid' | 'deposit-only' | 'wire' };

/**
 * Demo auction orders after a fresh seed (decision 0044), through the real
 * code paths: the buyer registers (deposit held), bids with `placeBid`, the
 * lot's end is moved into the past (the only shortcut: the demo cannot wait),
 * the real `closeLot` sells it and creates the order, then the real
 * deposit capture or the wire use-cases follow. Outcomes: bidder4@example.com
 * with a pending order whose deposit is applied (the payments e2e pays it);
 * one of the demo's buyer accounts (`isDemoBuyer`) with one order paid (staff marked the wire received) and one
 * pending by wire (on /staff/wires). Deterministic: the first open lot without
 * bids of one event per win, deposit-taking events first (bidder4's needs one;
 * a deposit is applied to one order per event).
 */
export async function demoAuctionOrders(deps: DemoAuctionOrdersDeps): Promise<number> {
  const { db, provider } = deps;
  if (!provider) return 0;
  const [other] = await queryRows<{ email: string }>(
    db,
    sql`select u.email from users u
        where ${isDemoBuyer} order by u.email desc limit 1`,
  );
  const wins: Win[] = [
    { email: 'bidder4@example.com', settle: 'deposit-only' },
    ...(other
      ? [
          { email: other.email, settle: 'paid' as const },
          { email: other.email, settle: 'wire' as const },
        ]
      : []),
  ];
  const lots = await queryRows<{
    id: string;
    event_id: string;
    company_id: string;
    deposit: number | null;
    currency: string;
    reserve: number | null;
  }>(
    db,
    sql`select * from (
          select distinct on (e.id) l.id, l.event_id, e.company_id, l.reserve_bid::float8 as reserve,
            e.bid_deposit_amount::float8 as deposit, coalesce(e.bid_deposit_currency, l.currency) as currency
          from event_lots l join events e on e.id = l.event_id
          where e.status = 'published' and l.type = 'AuctionLot' and l.status = ${LOT_STATUS.Active}
            and l.start_at <= now() and l.ended_at > now() and l.leader_user_id is null
            and not l.hidden_from_marketplace
            and (e.bid_deposit_amount is null or l.currency = e.bid_deposit_currency)
          order by e.id, l.sequence, l.id
        ) first_lots order by (deposit is null), event_id limit 200`,
  );
  // Every bid first: a settled order applies the deposit, which ends the registration's use for bidding.
  const won: { lotId: string; settle: Win['settle']; userId: string }[] = [];
  const used = new Set<string>();
  for (const win of wins) {
    const [buyer] = await queryRows<Record<string, unknown>>(
      db,
      sql`select u.id, pm.id as payment_method_id, pm.provider_payment_method_id as card,
            array(select company_id from company_members m where m.user_id = u.id) as companies
          from users u left join payment_methods pm on pm.user_id = u.id and pm.is_default and pm.provider = 'sandbox'
          where u.email = ${win.email}`,
    );
    // A seller user never buys from their own company; each win is its own event.
    const lot =
      buyer &&
      lots.find(
        (l) =>
          !used.has(l.id) &&
          !(buyer.companies as string[]).includes(l.company_id) &&
          // A buyer without a card registers only where no deposit is asked; a win settled by wire is in an
          // event without a deposit too (a deposit is captured toward the order first, which a wire must wait for).
          (win.settle === 'deposit-only' ? buyer.card || l.deposit === null : l.deposit === null),
      );
    if (!buyer || !lot) continue;
    used.add(lot.id);
    const event = { id: lot.event_id, deposit: lot.deposit, currency: lot.currency };
    const [registered] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from registrations where event_id = ${lot.event_id} and user_id = ${String(buyer.id)}`,
    );
    if (!registered?.n) await registerDemoBuyer(db, provider, event, buyer);
    const state = await getBidding(db, lot.id, null);
    // Above the deposit, so something is left to charge after it is captured.
    const amount = Math.max(state.minimumBid, (lot.deposit ?? 0) * 4);
    const { answer } = await placeBid(db, {
      userId: String(buyer.id),
      lotId: lot.id,
      body: { amount, maxAmount: Math.max(amount, lot.reserve ?? 0) },
      idempotencyKey: undefined,
    });
    if (answer.status !== 201) {
      deps.log(
        `Demo auction order: the bid on ${lot.id} was refused (${answer.status}: ${JSON.stringify(answer.body)})`,
      );
      continue;
    }
    won.push({ lotId: lot.id, settle: win.settle, userId: String(buyer.id) });
  }
  let made = 0;
  for (const { lotId, settle, userId } of won) {
    await db
      .update(eventLots)
      .set({ endedAt: sql`now() - interval '1 second'`, changeSeq: nextLotChangeSeq })
      .where(eq(eventLots.id, lotId));
    const closed = await db.transaction((tx) => closeLot(tx, lotId, deps.mail));
    await publishLotChanges(db, [lotId]);
    if (!closed?.orderId) continue;
    if (settle === 'paid') await payByWire(db, deps.mail, userId, closed.orderId);
    else if (settle === 'deposit-only') await captureDeposit({ db, provider, mail: deps.mail }, closed.orderId);
    // Pending by wire: no settlement charges it, and staff see it on /staff/wires.
    else await chooseWire(db, userId, closed.orderId, true);
    made++;
  }
  deps.log(
    `Demo auction orders: ${made} (closed by the real close; deposit captured, or paid by wire through the real use-cases)`,
  );
  return made;
}
