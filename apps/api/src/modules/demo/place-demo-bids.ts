import { createHash, randomUUID } from 'node:crypto';
import type { Database } from '@lotline/db';
import { registrations } from '@lotline/db/schema';
import { LOT_STATUS } from '@lotline/domain';
import { sql } from 'drizzle-orm';
import { getBidding } from '../bidding/get-bidding';
import { placeBid } from '../bidding/place-bid';
import type { PaymentProvider } from '../payments/provider';
import { changeHold, insertPlacingHold } from '../registrations/change-hold';
import { isDemoBuyer } from './demo-buyers';

/**
 * Demo bids after a fresh seed (issue 14): a handful of verified demo buyers
 * (never bidder1..4@example.com, which newcomers register themselves) are
 * registered for the live auction events, a deposit held on their saved
 * sandbox card where the event asks one, and bid through the REAL `placeBid`
 * on some of the open auction lots, so history, maxima, prices and reserves
 * obey the rules. Deterministic: every choice hashes the seed with names.
 */

export interface DemoBidsDeps {
  db: Database;
  /** The sandbox provider when cards are the sandbox's (the seeded cards are); null: only events without deposit. */
  provider: PaymentProvider | null;
  log: (message: string) => void;
  seed?: number;
}

const MAX_BUYERS = 6;
const MAX_EVENTS = 6;
const MAX_BIDS = 300;
/** Card networks let an online hold lapse after 7 days (BIDDING §6); renewal is the deposits job's. */
const HOLD_DAYS = 7;

type Row = Record<string, unknown>;
const rows = async (db: Database, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

export async function placeDemoBids({ db, provider, log, seed = 1 }: DemoBidsDeps) {
  const chance = (key: string) => createHash('sha256').update(`${seed}:${key}`).digest().readUInt32BE(0) / 2 ** 32;
  const buyers = await rows(
    db,
    sql`select u.id, u.email, pm.id as payment_method_id, pm.provider_payment_method_id as card,
      array(select company_id from company_members m where m.user_id = u.id) as companies
    from users u left join payment_methods pm on pm.user_id = u.id and pm.is_default and pm.provider = 'sandbox'
    where ${isDemoBuyer} order by u.email limit ${MAX_BUYERS}`,
  );
  const liveEvents = await rows(
    db,
    sql`select e.id, e.company_id, e.bid_deposit_amount::float8 as deposit, e.bid_deposit_currency as currency
    from events e where e.status = 'published' and exists (select 1 from event_lots l where l.event_id = e.id
      and l.type = 'AuctionLot' and l.status = ${LOT_STATUS.Active} and l.start_at <= now() and l.ended_at > now())
    order by (select min(l.ended_at) from event_lots l where l.event_id = e.id and l.ended_at > now()) limit ${MAX_EVENTS}`,
  );
  const counts = { registrations: 0, holds: 0, bids: 0, refused: 0, lots: 0 };
  for (const event of liveEvents) {
    const eventId = String(event.id);
    const bidders: string[] = [];
    for (const buyer of buyers) {
      if ((buyer.companies as string[]).includes(String(event.company_id))) continue;
      if (await registerDemoBuyer(db, provider, event, buyer)) {
        bidders.push(String(buyer.id));
        counts.registrations++;
        if (event.deposit !== null) counts.holds++;
      }
    }
    if (bidders.length === 0) continue;
    const lots = await rows(
      db,
      sql`select id, reserve_bid::float8 as reserve from event_lots where event_id = ${eventId} and type = 'AuctionLot'
        and status = ${LOT_STATUS.Active} and start_at <= now() and ended_at > now() and leader_user_id is null
        and not hidden_from_marketplace order by sequence, id`,
    );
    for (const lot of lots) {
      const lotId = String(lot.id);
      // Many open lots keep no bids.
      if (chance(`lot:${lotId}`) > 0.35 || counts.bids >= MAX_BIDS) continue;
      counts.lots++;
      const rounds = 1 + Math.floor(chance(`rounds:${lotId}`) * 6);
      for (let k = 0; k < rounds && counts.bids < MAX_BIDS; k++) {
        const userId = bidders[Math.floor(chance(`who:${lotId}:${k}`) * bidders.length)] as string;
        const state = await getBidding(db, lotId, null);
        const step = state.increments.findLast((r) => r.from <= state.minimumBid)?.increment ?? 100;
        const amount = state.minimumBid + Math.floor(chance(`amount:${lotId}:${k}`) * 3) * step;
        // Some maxima reach a reserve, some stop short of it.
        const reserve = lot.reserve === null ? null : Number(lot.reserve);
        const roof = reserve !== null && chance(`reserve:${lotId}:${k}`) < 0.5 ? reserve + step : amount;
        const maxAmount = Math.max(amount, roof) + Math.floor(chance(`max:${lotId}:${k}`) * 8) * step;
        const { answer } = await placeBid(db, {
          userId,
          lotId,
          body: { amount, maxAmount },
          idempotencyKey: undefined,
        });
        if (answer.status === 201) counts.bids++;
        else counts.refused++;
      }
    }
  }
  log(
    `Demo bids: ${counts.bids} bids (${counts.refused} refused) on ${counts.lots} lots; ${counts.registrations} registrations, ${counts.holds} deposit holds`,
  );
  return counts;
}

/** A usable registration as the deposits flow leaves it: approved, and the deposit held or not required (also the demo auction orders). */
export async function registerDemoBuyer(db: Database, provider: PaymentProvider | null, event: Row, buyer: Row) {
  const base = {
    id: `reg_${randomUUID()}`,
    eventId: String(event.id),
    userId: String(buyer.id),
    status: 'approved' as const,
  };
  if (event.deposit === null) {
    await db
      .insert(registrations)
      .values({ ...base, depositStatus: 'not-required', decidedAt: sql`now()` })
      .onConflictDoNothing();
    return true;
  }
  if (!provider || !buyer.card) return false;
  const amount = Number(event.deposit);
  const currency = String(event.currency);
  const hold = await provider.authorizeHold({
    paymentMethodId: String(buyer.card),
    customerId: undefined,
    amount,
    currency,
    reference: base.id,
  });
  const holdId = `dh_${randomUUID()}`;
  await db.transaction(async (tx) => {
    await tx.insert(registrations).values({
      ...base,
      depositStatus: 'held',
      paymentMethodId: String(buyer.payment_method_id),
      depositAmount: amount,
      depositCurrency: currency,
      currentHoldId: holdId,
      decidedAt: sql`now()`,
    });
    // Through the holds' one writer, as a real registration's hold: placed, then standing.
    const expiresAt = sql`now() + ${`${HOLD_DAYS} days`}::interval`;
    await insertPlacingHold(
      tx,
      { id: holdId, registrationId: base.id, provider: provider.name, amount, currency },
      expiresAt,
    );
    await changeHold(tx, holdId, 'stand', { providerHoldId: hold.id, expiresAt });
  });
  return true;
}
