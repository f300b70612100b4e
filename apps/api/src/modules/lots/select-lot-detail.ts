import type { Database } from '@lotline/db';
import { catalogProducts, eventLots, events } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { lotCardColumns, withLotCardJoins } from './lot-card-columns';

/** What the detail page adds to the card (whose columns already hold the fees); seller-only values (reserveBid, book values) are never selected. */
export const lotDetailColumns = {
  ...lotCardColumns,
  description: eventLots.description,
  shippingOptions: eventLots.shippingOptions,
  shippingPackageType: eventLots.shippingPackageType,
  shippingPackageCount: eventLots.shippingPackageCount,
  marketDemand: eventLots.marketDemand,
  eventTitle: events.title,
  eventSaleFormat: events.saleFormat,
  eventStartAt: events.startAt,
  eventEndAt: events.endAt,
  catalogProductUniqueName: catalogProducts.uniqueName,
  catalogProductName: catalogProducts.name,
};

/** One lot with the detail columns; the card joins plus its catalog product. */
export function selectLotDetail(db: Database, lotId: string) {
  return withLotCardJoins(db.select(lotDetailColumns).from(eventLots).$dynamic())
    .leftJoin(catalogProducts, eq(catalogProducts.id, eventLots.catalogProductId))
    .where(eq(eventLots.id, lotId))
    .limit(1);
}
