import { randomUUID } from 'node:crypto';
import type { SecondChance } from '@lotline/contracts';
import { MY_OFFERS_PATH } from '@lotline/contracts/page-paths';
import { type Database, type Executor, queryRows } from '@lotline/db';
import { eventLots, secondChanceOffers } from '@lotline/db/schema';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors';
import type { JobRunner } from '../../lib/jobs/job-runner';
import { formatMoney, formatUtc } from '../../lib/money';
import { eventPausedError } from '../event-pauses/event-paused';
import { changeLotStatus } from '../lots/change-lot-status';
import { secondChanceMail } from '../mail/templates/unpaid-orders';
import { lockSeller } from '../sellers/own-lot';
import { type CreatedOrder, createOrder } from './create-order';
import type { OrderMailDeps } from './order-mails';
import { recordOrderEvent } from './order-records';

/** BIDDING §8: the runner-up has this long to take the lot. */
export const SECOND_CHANCE_HOURS = 48;

/**
 * The second chance (BIDDING §8, decision 0061): the winner of an auction lot did not pay, so the highest other
 * bidder (by maximum, the earlier on a tie) who has not had the lot already is offered it at their own highest
 * bid, for 48 hours, in the transaction that cancelled the winner's order. No offer when nobody else bid, or
 * when the runner-up's bid is below the lot's reserve. Answers the offer's id, or null.
 */
export async function openSecondChance(
  tx: Executor,
  deps: OrderMailDeps,
  fromOrderId: string,
  lotId: string,
): Promise<string | null> {
  const [next] = await queryRows<{
    userId: string;
    pseudonym: number;
    amount: number;
    currency: string;
    lotName: string;
    name: string;
    email: string;
  }>(
    tx,
    sql`SELECT lb.user_id AS "userId", lb.pseudonym, l.currency, l.name AS "lotName", u.name, u.email,
          (SELECT max(b.amount) FROM bids b WHERE b.lot_id = lb.lot_id AND b.user_id = lb.user_id
            AND b.seq > coalesce((SELECT max(w.up_to_seq) FROM withdrawn_bids w
              WHERE w.lot_id = lb.lot_id AND w.user_id = lb.user_id), 0))::float8 AS amount
        FROM lot_bidders lb
        JOIN event_lots l ON l.id = lb.lot_id
        JOIN users u ON u.id = lb.user_id
        WHERE lb.lot_id = ${lotId}
          -- A disabled account is offered nothing; a standing withdrawn by staff (maximum 0, decision 0082) is no
          -- runner-up, and only bids made after a withdrawal count toward the price offered.
          AND NOT u.disabled AND lb.max_amount > 0
          AND lb.user_id NOT IN (SELECT o.buyer_user_id FROM orders o WHERE o.sole_lot_id = ${lotId})
          AND lb.user_id NOT IN (SELECT s.user_id FROM second_chance_offers s WHERE s.lot_id = ${lotId})
        ORDER BY lb.max_amount DESC, lb.max_set_at ASC
        LIMIT 1`,
  );
  if (!next) return null;
  const [lot] = await tx.select({ reserve: eventLots.reserveBid }).from(eventLots).where(eq(eventLots.id, lotId));
  if (lot?.reserve != null && next.amount < lot.reserve) return null;
  const id = `sco_${randomUUID()}`;
  const [offer] = await tx
    .insert(secondChanceOffers)
    .values({
      id,
      lotId,
      userId: next.userId,
      fromOrderId,
      amount: next.amount,
      currency: next.currency,
      expiresAt: sql`now() + make_interval(hours => ${SECOND_CHANCE_HOURS})`,
    })
    .onConflictDoNothing()
    .returning({ expiresAt: secondChanceOffers.expiresAt });
  if (!offer) return null;
  await recordOrderEvent(tx, fromOrderId, 'second-chance', {
    note: `Offered to Bidder ${next.pseudonym} at ${formatMoney(next.amount, next.currency)} until ${formatUtc(offer.expiresAt)}.`,
  });
  await deps.mailer.send(
    secondChanceMail({
      to: next.email,
      name: next.name,
      lotName: next.lotName,
      amount: next.amount,
      currency: next.currency,
      expiresAt: offer.expiresAt,
      url: `${deps.publicOrigin}${MY_OFFERS_PATH}`,
    }),
    { tx },
  );
  return id;
}

/** The user's second-chance offers, newest first: the open ones to answer and what became of the others. */
export async function listSecondChances(db: Executor, userId: string): Promise<SecondChance[]> {
  const rows = await db
    .select({
      id: secondChanceOffers.id,
      status: secondChanceOffers.status,
      amount: secondChanceOffers.amount,
      currency: secondChanceOffers.currency,
      expiresAt: secondChanceOffers.expiresAt,
      orderId: secondChanceOffers.orderId,
      lotId: eventLots.id,
      lotName: eventLots.name,
      // An open offer past its time is expired, whether or not the sweep has run.
      live: sql<boolean>`${secondChanceOffers.expiresAt} > now()`,
    })
    .from(secondChanceOffers)
    .innerJoin(eventLots, eq(eventLots.id, secondChanceOffers.lotId))
    .where(eq(secondChanceOffers.userId, userId))
    .orderBy(desc(secondChanceOffers.createdAt))
    .limit(50);
  return rows.map((r) => ({
    _id: r.id,
    status: r.status === 'open' && !r.live ? 'expired' : r.status,
    amount: r.amount,
    currency: r.currency,
    expiresAt: r.expiresAt.toISOString(),
    orderId: r.orderId,
    lot: { _id: r.lotId, name: r.lotName },
  }));
}

/** The open offer of `userId`, locked; refused as the contract says when it is not theirs or not open. */
async function openOfferOf(tx: Executor, userId: string, offerId: string) {
  const [offer] = await tx
    .select({
      id: secondChanceOffers.id,
      userId: secondChanceOffers.userId,
      lotId: secondChanceOffers.lotId,
      amount: secondChanceOffers.amount,
      status: secondChanceOffers.status,
      live: sql<boolean>`${secondChanceOffers.expiresAt} > now()`,
    })
    .from(secondChanceOffers)
    .where(eq(secondChanceOffers.id, offerId))
    .for('update');
  if (!offer || offer.userId !== userId) throw AppError.notFound('No such offer.');
  if (offer.status !== 'open' || !offer.live) throw new AppError('CONFLICT', 'This offer is no longer open.');
  return offer;
}

/**
 * The runner-up takes the lot: it is sold again (`resell`, OrderCancelled → Sold) and their order made at the
 * offer's amount with the lot's frozen terms (`createOrder` moves the lot on to OrderPending). The charge of
 * their default card follows after the commit, as for a win (`settleAuctionOrder`).
 */
export async function acceptSecondChance(
  tx: Executor,
  deps: OrderMailDeps,
  userId: string,
  offerId: string,
): Promise<CreatedOrder> {
  const offer = await openOfferOf(tx, userId, offerId);
  // A suspended company's lots are view-only (decision 0076), a paused event's too (decision 0087): nor does
  // a second chance sell; it stays open. The lot's lock is the one a pause takes.
  const [lot] = await tx
    .select({ companyId: eventLots.companyId, eventId: eventLots.eventId })
    .from(eventLots)
    .where(eq(eventLots.id, offer.lotId))
    .for('update');
  const seller = lot ? await lockSeller(tx, lot, []) : null;
  if (seller?.suspended) throw new AppError('CONFLICT', 'The seller is suspended: this lot is view-only for now.');
  if (seller?.paused) throw eventPausedError('buy');
  const moved = await changeLotStatus(tx, offer.lotId, 'resell');
  if (!moved.changed) throw new AppError('CONFLICT', 'This lot is no longer available.');
  const order = await createOrder(
    tx,
    {
      source: 'auction',
      buyerUserId: userId,
      lotId: offer.lotId,
      quantity: 1,
      unitPrice: offer.amount,
      approval: 'approved',
    },
    deps,
  );
  await tx
    .update(secondChanceOffers)
    .set({ status: 'accepted', decidedAt: sql`now()`, orderId: order.id })
    .where(eq(secondChanceOffers.id, offerId));
  return order;
}

/** The runner-up says no: the lot stays OrderCancelled (the seller may sell it again in another event). */
export async function declineSecondChance(tx: Executor, userId: string, offerId: string): Promise<void> {
  await openOfferOf(tx, userId, offerId);
  await tx
    .update(secondChanceOffers)
    .set({ status: 'declined', decidedAt: sql`now()` })
    .where(eq(secondChanceOffers.id, offerId));
}

/** Open offers past their 48 hours become `expired` (the lists already show them so). Returns how many. */
export async function expireSecondChances(db: Database): Promise<number> {
  const rows = await db
    .update(secondChanceOffers)
    .set({ status: 'expired', decidedAt: sql`now()` })
    .where(and(eq(secondChanceOffers.status, 'open'), sql`${secondChanceOffers.expiresAt} <= now()`))
    .returning({ id: secondChanceOffers.id });
  return rows.length;
}

export function registerSecondChanceExpiry(jobs: JobRunner, db: Database, log: FastifyBaseLogger): void {
  jobs.register(
    'expire-second-chances',
    async () => {
      const n = await expireSecondChances(db);
      if (n > 0) log.info({ expired: n }, 'second-chance offers expired');
    },
    { everySeconds: 5 * 60, failureMessage: 'could not expire second-chance offers' },
  );
}
