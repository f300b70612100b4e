import type { Database } from '@lotline/db';
import { offers } from '@lotline/db/schema';
import { LOT_STATUS } from '@lotline/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { isAppError } from '../../lib/errors';
import { createMailer } from '../mail/mailer';
import { acceptOffer } from '../offers/accept-offer';
import { counterOffer, declineOffer, withdrawOffer } from '../offers/answer-offer';
import { expireOffers } from '../offers/expire-offers';
import { makeOffer } from '../offers/make-offer';
import { createPaymentProvider } from '../payments/create-provider';
import { isDemoBuyer } from './demo-buyers';

/**
 * Demo offers after a fresh seed (issue 15; decision 0046), made through the
 * real use-cases on open Best Offer items of ONE featured seller (the one with
 * the most such items), so its seller user (`seller-<slug>@example.com`)
 * sees every state on /seller/offers:
 * - `bidder3@example.com` (for the browser tests): a pending offer, a
 *   countered one and an expired one, each on its own item;
 * - other verified demo buyers (never bidder1..4; card holders first): an
 *   accepted offer (its order placed and charged to the sandbox card), a
 *   declined, a withdrawn and a pending one, beside bidder3's.
 * The expired offer is aged by moving its `expires_at` back, then the real
 * expiry sweep expires it (and mails the buyer). Deterministic: the seed's
 * ids and e-mail order decide every choice.
 */

type Row = Record<string, unknown>;
const rows = async (db: Database, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

export async function demoOffers(deps: { db: Database; config: Config; logger: FastifyBaseLogger }) {
  const { db, config, logger } = deps;
  const mail = {
    mailer: createMailer({
      db,
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      log: logger,
      testPayments: config.paymentsProvider === 'sandbox',
    }),
    publicOrigin: config.publicOrigin,
  };
  const accept = { db, ...mail, provider: createPaymentProvider(db, config), log: logger };
  // Open Best Offer items of featured sellers that have a seller user, open for a while yet.
  const candidates = await rows(
    db,
    sql`select l.id, l.company_id, l.buy_it_now_price::float8 as price,
        (select m.user_id from company_members m join users u on u.id = m.user_id and 'seller' = any(u.roles)
          where m.company_id = l.company_id order by m.user_id limit 1) as seller_user_id
      from event_lots l join companies c on c.id = l.company_id and c.featured
      where l.type = 'BuyItNowItem' and l.best_offer_enabled and l.status = ${LOT_STATUS.Active} and l.quantity >= 1
        and l.buy_it_now_price >= 1000 and not l.hidden_from_marketplace and (l.start_at is null or l.start_at <= now())
        and (l.ended_at is null or l.ended_at > now() + interval '2 hours')
        and not exists (select 1 from events e where e.id = l.event_id and e.status = 'draft')
      order by c.featured_order, l.quantity desc, l.id`,
  );
  const perCompany = new Map<string, Row[]>();
  for (const c of candidates.filter((r) => r.seller_user_id !== null))
    perCompany.set(String(c.company_id), [...(perCompany.get(String(c.company_id)) ?? []), c]);
  // The seller with the most items (the first featured on a tie: Map keeps the query's order).
  const items = [...perCompany.values()].reduce<Row[]>((best, list) => (list.length > best.length ? list : best), []);
  if (items.length === 0) {
    logger.info('Demo offers: no featured seller has an open Best Offer item');
    return { offers: 0 };
  }
  const companyId = String(items[0]?.company_id);
  const sellerUserId = String(items[0]?.seller_user_id);
  const buyers = await rows(
    db,
    sql`select u.id, u.email from users u where ${isDemoBuyer}
      order by exists (select 1 from payment_methods pm where pm.user_id = u.id and pm.is_default) desc, u.email`,
  );
  const [bidder3] = await rows(db, sql`select id from users where email = 'bidder3@example.com' and verified`);

  let made = 0;
  const offerOn = async (userId: string, item: Row | undefined, percent: number, quantity = 1) => {
    if (!item) return null;
    const amount = Math.floor((Number(item.price) * percent) / 100);
    const answer = await makeOffer(db, mail, {
      userId,
      lotId: String(item.id),
      body: { amount, quantity, message: 'Demo offer: can collect next week.' },
      idempotencyKey: undefined,
    });
    if (answer.status !== 201) return null;
    made++;
    return (answer.body as { data: { offer: { _id: string; amount: number } } }).data.offer;
  };
  // Items by stock, largest first: the accepted offer takes a unit of the first, so the rest keep theirs.
  // bidder3's pending and countered offers are on items of their own; the browser tests make a new
  // offer where bidder3's only offer has expired.
  const [i0, i1, i2, i3] = items;
  if (bidder3) {
    const b3 = String(bidder3.id);
    await offerOn(b3, i1, 80);
    const countered = await offerOn(b3, i2, 75);
    if (countered)
      await counterOffer(
        db,
        { ...mail, featureOverrides: {} },
        countered._id,
        sellerUserId,
        countered.amount + Math.floor((Number(i2?.price) - countered.amount) / 2),
      ).catch((err) => {
        // COUNTER_OFFER switched off before the seed: the offer stays pending.
        if (!isAppError(err)) throw err;
      });
    const expiring = await offerOn(b3, i3, 70);
    if (expiring) {
      await db.update(offers).set({ expiresAt: sql`now() - interval '1 hour'` }).where(eq(offers.id, expiring._id));
      await expireOffers(db, mail);
    }
  }
  const who = (k: number) => (buyers.length ? String(buyers[k % buyers.length]?.id) : null);
  const [b0, b1, b2, b3] = [who(0), who(1), who(2), who(3)];
  if (b0) {
    const accepted = await offerOn(b0, i0, 85);
    if (accepted)
      await acceptOffer(accept, {
        offerId: accepted._id,
        actor: { side: 'seller', userId: sellerUserId },
        scope: `demo accept ${accepted._id}`,
        idempotencyKey: undefined,
      });
  }
  const declined = b1 ? await offerOn(b1, i1, 60) : null;
  if (declined) await declineOffer(db, mail, declined._id, sellerUserId);
  const withdrawn = b2 ? await offerOn(b2, i2, 65) : null;
  if (withdrawn && b2) await withdrawOffer(db, withdrawn._id, b2);
  if (b3) await offerOn(b3, i0 ?? i1, 82);
  logger.info(`Demo offers: ${made} offers on ${Math.min(items.length, 4)} Best Offer items of company ${companyId}`);
  return { offers: made, companyId };
}
