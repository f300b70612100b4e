import type { SellerLotRow, SellerLotsQuery, SellerLotsResponse } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { eventLots, productCategories } from '@lotline/db/schema';
import { asc, count, eq, sql } from 'drizzle-orm';

/** Every lot of the event in `sequence` order, with what the console's table shows. */
export async function listEventLots(
  db: Executor,
  eventId: string,
  query: SellerLotsQuery,
): Promise<SellerLotsResponse> {
  const where = eq(eventLots.eventId, eventId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        _id: eventLots.id,
        eventId: sql<string>`${eventLots.eventId}`,
        number: eventLots.number,
        name: eventLots.name,
        type: eventLots.type,
        status: eventLots.status,
        sequence: eventLots.sequence,
        quantity: eventLots.quantity,
        currency: eventLots.currency,
        startingBid: eventLots.startingBid,
        buyItNowPrice: eventLots.buyItNowPrice,
        reserveBid: eventLots.reserveBid,
        categoryName: productCategories.name,
        // Spelled out: drizzle leaves a column of the outer table unqualified inside a subquery.
        photosCount: sql<number>`(select count(*)::int from lot_photos p where p.lot_id = event_lots.id)`,
        bidsCount: eventLots.bidsCount,
        locationId: eventLots.dispositionLocationId,
      })
      .from(eventLots)
      .leftJoin(productCategories, eq(productCategories.id, eventLots.productCategoryId))
      .where(where)
      .orderBy(asc(eventLots.sequence), asc(eventLots.id))
      .limit(query.pageSize)
      .offset((query.pageNumber - 1) * query.pageSize),
    db.select({ n: count() }).from(eventLots).where(where),
  ]);
  const totalItems = total?.n ?? 0;
  return {
    lots: rows satisfies SellerLotRow[],
    pagination: {
      pageNumber: query.pageNumber,
      pageSize: query.pageSize,
      totalItems,
      totalPages: Math.ceil(totalItems / query.pageSize),
    },
  };
}
