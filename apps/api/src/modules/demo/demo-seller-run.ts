import { type Database, queryRows } from '@lotline/db';
import { events } from '@lotline/db/schema';
import { LOT_STATUS } from '@lotline/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { agreeBidderTerms } from '../account/agree-bidder-terms';
import type { PaymentProvider } from '../payments/provider';
import { registerForAuction } from '../registrations/register-for-auction';

/** The demo bidder whose registration waits: no browser spec registers them anywhere (they pay the payments spec's order). */
export const DEMO_PENDING_BIDDER = 'bidder4@example.com';
/** Featured sellers the other console specs edit or name (company, events, lots, tenders): kept out. */
const SPARED_SLUGS = ['gulf-coast-asset-recovery', 'prairie-heavy-equipment', 'northern-lab-exchange'];

/**
 * Demo state of running an event (issue 16; decision 0052): one featured
 * seller's published auction event asks registration approval, and
 * bidder4@example.com has registered through the real use-case (terms agreed,
 * the deposit held on their sandbox card when the event asks one), so the
 * registration waits on /seller/events/{id}/registrations for the seller to
 * approve. The event: of the first featured seller (by e-mail) the other
 * console specs spare, an open lot for a day at least and none ending within
 * the hour (the bidding spec registers on soon-ending lots and expects to bid
 * at once), without a deposit when one such exists (the demo auction orders
 * use bidder4's deposit-taking registrations). The
 * approval flag is set with one UPDATE: the generator's events predate the
 * console, and editing through the console's use-case would realign their lots' times.
 */
export async function demoSellerRun(deps: {
  db: Database;
  provider: PaymentProvider | null;
  logger: FastifyBaseLogger;
}): Promise<void> {
  const { db, provider, logger } = deps;
  const [bidder] = await queryRows<{ id: string }>(
    db,
    sql`select id from users where email = ${DEMO_PENDING_BIDDER} and verified`,
  );
  const [event] = await queryRows<{ id: string; seller: string }>(
    db,
    sql`select e.id, u.email as seller
      from events e join companies c on c.id = e.company_id and c.featured
      join company_members m on m.company_id = c.id join users u on u.id = m.user_id and u.email = 'seller-' || c.slug || '@example.com'
      where e.status = 'published' and e.sale_format = 'auction' and not e.private_sale
        and c.slug not in (${sql.join(
          SPARED_SLUGS.map((slug) => sql`${slug}`),
          sql`, `,
        )})
        and not exists (select 1 from event_lots l where l.event_id = e.id and l.status = ${LOT_STATUS.Active}
          and l.ended_at <= now() + interval '1 hour')
        and exists (select 1 from event_lots l where l.event_id = e.id and l.type = 'AuctionLot'
          and l.status = ${LOT_STATUS.Active} and l.start_at <= now() and l.ended_at > now() + interval '1 day'
          and not l.hidden_from_marketplace)
        and not exists (select 1 from registrations r where r.event_id = e.id and r.user_id = ${bidder?.id ?? ''})
        and (e.bid_deposit_amount is null or ${provider !== null})
      order by u.email, (e.bid_deposit_amount is not null), e.id desc
      limit 1`,
  );
  if (!bidder || !event)
    return logger.info('Demo seller run: skipped (no demo bidder or no open event of a spared seller)');
  await db.update(events).set({ registrationApprovalRequired: true }).where(eq(events.id, event.id));
  await agreeBidderTerms(db, bidder.id, event.id);
  if (!provider) return logger.info('Demo seller run: skipped the registration (the seeded cards are the sandbox’s)');
  const answer = await registerForAuction(
    { db, provider, log: logger },
    { userId: bidder.id, eventId: event.id, paymentMethodId: undefined, idempotencyKey: undefined },
  );
  logger.info(
    `Demo seller run: ${DEMO_PENDING_BIDDER}'s registration for ${event.id} awaits ${event.seller} (${answer.status})`,
  );
}
