import type { Database, Executor } from '@lotline/db';
import { eventLots } from '@lotline/db/schema';
import { LOT_STATUS, RESERVE_ACCEPT_DAYS } from '@lotline/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../../lib/errors';
import { changeLotStatus } from '../../lots/change-lot-status';
import { requireOwnRow } from '../../sellers/company-access';
import { requireSellerCompanies } from '../../sellers/company-members';
import type { OrderMailDeps } from '../create-order';
import { createAuctionOrder } from './auction-order';

/** An auction lot closed below its reserve, still open to the seller's acceptance (BIDDING §7). */
const awaitingAcceptance = and(
  eq(eventLots.type, 'AuctionLot'),
  eq(eventLots.status, LOT_STATUS.Ended),
  eq(eventLots.reserveMet, false),
  sql`${eventLots.closedAt} > clock_timestamp() - make_interval(days => ${RESERVE_ACCEPT_DAYS})`,
);

/** The seller's reserve-not-met lots awaiting an answer, the most urgent first (company users only). */
export async function listReserveNotMet(db: Database, userId: string) {
  const companyIds = await requireSellerCompanies(db, userId);
  const rows = await db
    .select({
      id: eventLots.id,
      number: eventLots.number,
      name: eventLots.name,
      currency: eventLots.currency,
      price: eventLots.currentBidAmount,
      reserve: eventLots.reserveBid,
      closedAt: eventLots.closedAt,
      acceptBy: sql<Date>`${eventLots.closedAt} + make_interval(days => ${RESERVE_ACCEPT_DAYS})`.mapWith(
        (v: string | Date) => new Date(v),
      ),
    })
    .from(eventLots)
    .where(and(inArray(eventLots.companyId, companyIds), awaitingAcceptance))
    .orderBy(asc(eventLots.closedAt), asc(eventLots.id));
  return rows.map((r) => ({
    _id: r.id,
    number: r.number,
    name: r.name,
    currency: r.currency,
    price: r.price ?? 0,
    reserve: r.reserve,
    closedAt: (r.closedAt as Date).toISOString(),
    acceptBy: r.acceptBy.toISOString(),
  }));
}

/**
 * The seller accepts the leader's price on a reserve-not-met lot within
 * RESERVE_ACCEPT_DAYS of the close (database clock): Ended → Sold, and the
 * winner's order as at a close, in one transaction (decision 0044). Its
 * payment (deposit capture, then the charge) is the settlement job's, sent by
 * the next clock sweep. Another company's lot is 403 (decision 0054), an unknown one 404; a lot no longer
 * awaiting acceptance is 409. Answers the order's id.
 */
export async function acceptReserve(tx: Executor, deps: OrderMailDeps, userId: string, lotId: string) {
  const [found] = await tx
    .select({ id: eventLots.id, companyId: eventLots.companyId, open: sql<boolean>`${awaitingAcceptance}` })
    .from(eventLots)
    .where(eq(eventLots.id, lotId))
    .for('update');
  const lot = await requireOwnRow(tx, userId, found, 'No such lot.');
  if (!lot.open)
    throw new AppError('CONFLICT', 'This lot is not awaiting your acceptance (already decided, or too late).');
  const sold = await changeLotStatus(tx, lotId, 'sell');
  if (!sold.changed) throw new AppError('CONFLICT', 'This lot is not awaiting your acceptance.');
  const order = await createAuctionOrder(tx, lotId, deps);
  if (!order) throw new AppError('CONFLICT', 'This lot has no winning bid to accept.');
  return order;
}
