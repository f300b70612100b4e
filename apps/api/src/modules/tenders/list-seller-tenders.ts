import type { SellerTenderLot, TenderPhase } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { eventLots, events } from '@lotline/db/schema';
import { LOT_STATUS } from '@lotline/domain';
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import { sealedTendersOf, tenderCounts } from '../bidding/sealed-tenders';
import { requireSellerCompanies } from '../sellers/company-members';
import { awardBySql } from './award-window';

/** How many tender lots the seller's page lists at most (newest end first). */
export const SELLER_TENDER_LOTS_LIMIT = 200;

/**
 * GET /marketplace-api/seller/tenders: the tender lots of the caller's
 * companies (seller users only; 403 otherwise), started or over. Before a
 * lot's close only the number of tenders; after it every tender with its
 * amount and bidder (read through the sealed view: the amounts show only once
 * `closed_at` is set, so the phase and the data cannot disagree).
 */
export async function listSellerTenders(db: Database, userId: string): Promise<SellerTenderLot[]> {
  const companies = await requireSellerCompanies(db, userId);
  const lots = await db
    .select({
      id: eventLots.id,
      number: eventLots.number,
      name: eventLots.name,
      currency: eventLots.currency,
      status: eventLots.status,
      endedAt: eventLots.endedAt,
      closedAt: eventLots.closedAt,
      awardBy: awardBySql,
    })
    .from(eventLots)
    .leftJoin(events, eq(events.id, eventLots.eventId))
    .where(
      and(
        eq(eventLots.type, 'TenderLot'),
        inArray(eventLots.companyId, companies),
        ne(eventLots.status, LOT_STATUS.Pending),
      ),
    )
    .orderBy(desc(eventLots.endedAt), eventLots.id)
    .limit(SELLER_TENDER_LOTS_LIMIT);
  const ids = lots.map((l) => l.id);
  const counts = await tenderCounts(db, ids);
  const closedTenders = await sealedTendersOf(
    db,
    lots.filter((l) => l.closedAt !== null).map((l) => l.id),
  );
  return lots.map((lot) => {
    const phase: TenderPhase =
      lot.closedAt !== null && lot.status === LOT_STATUS.Ended
        ? 'awaiting-award'
        : lot.closedAt === null && lot.status === LOT_STATUS.Active
          ? 'open'
          : 'decided';
    const tenders = closedTenders
      .filter((t) => t.lotId === lot.id && t.amount !== null)
      .map((t) => ({
        id: t.id,
        bidderName: t.bidderName,
        amount: t.amount as number,
        updatedAt: t.updatedAt.toISOString(),
        outcome: t.outcome,
      }));
    return {
      eventLotId: lot.id,
      number: lot.number,
      name: lot.name,
      currency: lot.currency,
      status: lot.status,
      phase,
      endedAt: lot.endedAt?.toISOString() ?? null,
      closedAt: lot.closedAt?.toISOString() ?? null,
      awardBy: lot.awardBy === null ? null : new Date(lot.awardBy).toISOString(),
      tendersCount: counts.get(lot.id) ?? 0,
      tenders,
    };
  });
}
