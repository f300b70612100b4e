import type { Database } from '@lotline/db';
import { companyMembers, eventLots } from '@lotline/db/schema';
import { LOT_STATUS } from '@lotline/domain';
import { inArray, sql } from 'drizzle-orm';
import { agreeBidderTerms } from '../account/agree-bidder-terms';
import { sealedTendersOf } from '../bidding/sealed-tenders';
import { endDueListings } from '../closing/end-due-listings';
import { nextLotChangeSeq } from '../lots/change-lot-status';
import type { Mailer } from '../mail/mailer';
import type { PaymentProvider } from '../payments/provider';
import { awardTender } from '../tenders/award-tender';
import { putTender } from '../tenders/put-tender';
import { registerDemoBuyer } from './place-demo-bids';

/**
 * Demo tenders after a fresh seed (issue 15), all through the real use-cases:
 * in the live tender event that ends last, bidder2, buyer@ and bidder4
 * (@example.com) are registered (deposit held on their sandbox cards); lot 1
 * has buyer@'s sealed tender (bidder2 submits their own in the e2e), lot 2
 * tenders of buyer@ and bidder4, lots 3 and 4 of bidder2 and buyer@ and are
 * closed awaiting the award, lot 5 closed and awarded to buyer@'s tender (a paid order).
 * The seed gives seller users to featured companies only: the first featured
 * seller user also joins the event's company, so someone can award.
 */

export interface DemoTendersDeps {
  db: Database;
  /** The sandbox provider (tender events ask a deposit); null with Stripe: no demo tenders. */
  provider: PaymentProvider | null;
  mailer: Mailer;
  publicOrigin: string;
  log: (message: string) => void;
}

type Row = Record<string, unknown>;
const TENDERERS = ['bidder2@example.com', 'buyer@example.com', 'bidder4@example.com'] as const;
const rows = async (db: Database, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

export async function demoTenders(deps: DemoTendersDeps) {
  const { db, provider, log } = deps;
  if (!provider) return log('Demo tenders: skipped (the seeded cards are the sandbox’s)');
  const [event] = await rows(
    db,
    sql`select e.id, e.company_id, e.bid_deposit_amount::float8 as deposit, e.bid_deposit_currency as currency
    from events e where e.status = 'published' and not e.private_sale and (select count(*) from event_lots l
      where l.event_id = e.id and l.type = 'TenderLot' and l.status = ${LOT_STATUS.Active} and l.start_at <= now()
        and l.ended_at > now() + interval '1 hour' and not l.hidden_from_marketplace) >= 5
    order by (select min(l.ended_at) from event_lots l where l.event_id = e.id) desc, e.id limit 1`,
  );
  const [seller] = await rows(
    db,
    sql`select u.id, u.email from users u join company_members m on m.user_id = u.id
    join companies c on c.id = m.company_id where c.featured and u.email like 'seller-%' order by u.email limit 1`,
  );
  // bidder2 (the e2e's tenderer), buyer@ (as the demo bids use it) and bidder4: the only demo people with a
  // sandbox card besides bidder1 and bidder3, and a tender event asks a deposit.
  const people = await rows(
    db,
    sql`select u.id, u.email, pm.id as payment_method_id, pm.provider_payment_method_id as card
    from users u join payment_methods pm on pm.user_id = u.id and pm.is_default and pm.provider = 'sandbox'
    where u.verified and u.email in (${TENDERERS[0]}, ${TENDERERS[1]}, ${TENDERERS[2]})
    order by array_position(array[${TENDERERS[0]}, ${TENDERERS[1]}, ${TENDERERS[2]}]::text[], u.email)`,
  );
  const [bidder2, a, b] = people;
  if (!event || !seller || bidder2?.email !== TENDERERS[0] || !a || !b)
    return log('Demo tenders: skipped (no live tender event, seller user or demo buyers)');
  const eventId = String(event.id);
  await db
    .insert(companyMembers)
    .values({ companyId: String(event.company_id), userId: String(seller.id) })
    .onConflictDoNothing();
  for (const person of people) {
    // As a person registers: the event's bidder terms first (the lot page asks for them), then the deposit.
    await agreeBidderTerms(db, String(person.id), eventId);
    const [registered] = await rows(
      db,
      sql`select 1 from registrations where event_id = ${eventId} and user_id = ${person.id}`,
    );
    if (!registered) await registerDemoBuyer(db, provider, event, person);
  }
  const lots = await rows(
    db,
    sql`select id, coalesce(starting_bid, 100000)::float8 as base from event_lots where event_id = ${eventId}
      and type = 'TenderLot' and status = ${LOT_STATUS.Active} and not hidden_from_marketplace
    order by sequence, id limit 5`,
  );
  let placed = 0;
  const tender = async (who: Row, lot: Row, step: number) => {
    const answer = await putTender(deps, {
      userId: String(who.id),
      lotId: String(lot.id),
      body: { amount: Number(lot.base) + step * 5_000 },
      idempotencyKey: undefined,
    });
    if (answer.status === 200) placed++;
  };
  const [open1, open2, awaiting1, awaiting2, awarded] = lots as [Row, Row, Row, Row, Row];
  await tender(a, open1, 2);
  await tender(a, open2, 1);
  await tender(b, open2, 3);
  // Two alike, one for each e2e project (desktop, phone) to award.
  for (const awaiting of [awaiting1, awaiting2]) {
    await tender(bidder2, awaiting, 4);
    await tender(a, awaiting, 2);
  }
  await tender(a, awarded, 5);
  await tender(b, awarded, 3);
  // Close three lots through the lot clock, as if their end had come.
  const closing = [awaiting1, awaiting2, awarded].map((lot) => String(lot.id));
  await db
    .update(eventLots)
    .set({ endedAt: sql`now() - interval '1 second'`, changeSeq: nextLotChangeSeq })
    .where(inArray(eventLots.id, closing));
  await endDueListings(db);
  const [best] = await sealedTendersOf(db, [String(awarded.id)]);
  let awards = 0;
  if (best) {
    const answer = await awardTender(
      { ...deps, provider },
      {
        userId: String(seller.id),
        lotId: String(awarded.id),
        tenderId: best.id,
        idempotencyKey: undefined,
      },
    );
    if (answer.status === 200) awards++;
  }
  log(
    `Demo tenders: ${placed} tenders in event ${eventId} (3 lots closed, ${awards} awarded); ${seller.email} awards them`,
  );
}
