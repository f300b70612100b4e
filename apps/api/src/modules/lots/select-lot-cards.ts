import type { Database } from '@lotline/db';
import {
  brands,
  catalogProducts,
  companies,
  dispositionLocations,
  eventLots,
  events,
  productCategories,
} from '@lotline/db/schema';
import { eq, inArray } from 'drizzle-orm';
import { eventLotColumns } from '../events/event-lot-source';

/** What the detail page adds to the card; seller-only values (reserveBid, book values) are never selected. */
export const lotDetailColumns = {
  ...eventLotColumns,
  description: eventLots.description,
  riggingParty: eventLots.riggingParty,
  riggingCost: eventLots.riggingCost,
  loadingParty: eventLots.loadingParty,
  loadingCost: eventLots.loadingCost,
  shippingParty: eventLots.shippingParty,
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

/**
 * The card columns with the joins of a card (the same as event-lots), as a
 * dynamic query so that callers add their own where, order and limit.
 */
export function lotCardsQuery(db: Database) {
  return db
    .select(eventLotColumns)
    .from(eventLots)
    .innerJoin(companies, eq(companies.id, eventLots.companyId))
    .leftJoin(events, eq(events.id, eventLots.eventId))
    .leftJoin(productCategories, eq(productCategories.id, eventLots.productCategoryId))
    .leftJoin(brands, eq(brands.id, eventLots.brandId))
    .leftJoin(dispositionLocations, eq(dispositionLocations.id, eventLots.dispositionLocationId))
    .$dynamic();
}

/** Lots by id (callers have already applied visibility). */
export function selectLotCards(db: Database, lotIds: string[]) {
  return lotCardsQuery(db).where(inArray(eventLots.id, lotIds));
}

/** One lot with the detail columns; the card joins plus its catalog product. */
export function selectLotDetail(db: Database, lotId: string) {
  return db
    .select(lotDetailColumns)
    .from(eventLots)
    .innerJoin(companies, eq(companies.id, eventLots.companyId))
    .leftJoin(events, eq(events.id, eventLots.eventId))
    .leftJoin(productCategories, eq(productCategories.id, eventLots.productCategoryId))
    .leftJoin(brands, eq(brands.id, eventLots.brandId))
    .leftJoin(dispositionLocations, eq(dispositionLocations.id, eventLots.dispositionLocationId))
    .leftJoin(catalogProducts, eq(catalogProducts.id, eventLots.catalogProductId))
    .where(eq(eventLots.id, lotId))
    .limit(1);
}
