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
import type { PgSelect } from 'drizzle-orm/pg-core';
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
 * The joins every lot card needs (seller, event, category, brand, location),
 * written once for each query that answers cards with its own columns.
 */
export function withLotCardJoins<T extends PgSelect>(query: T) {
  return query
    .innerJoin(companies, eq(companies.id, eventLots.companyId))
    .leftJoin(events, eq(events.id, eventLots.eventId))
    .leftJoin(productCategories, eq(productCategories.id, eventLots.productCategoryId))
    .leftJoin(brands, eq(brands.id, eventLots.brandId))
    .leftJoin(dispositionLocations, eq(dispositionLocations.id, eventLots.dispositionLocationId));
}

/** The card columns with the card joins, for callers to add where, order and limit. */
export function lotCardsQuery(db: Database) {
  return withLotCardJoins(db.select(eventLotColumns).from(eventLots).$dynamic());
}

/** Lots by id (callers have already applied visibility). */
export function selectLotCards(db: Database, lotIds: string[]) {
  return lotCardsQuery(db).where(inArray(eventLots.id, lotIds));
}

/** One lot with the detail columns; the card joins plus its catalog product. */
export function selectLotDetail(db: Database, lotId: string) {
  return withLotCardJoins(db.select(lotDetailColumns).from(eventLots).$dynamic())
    .leftJoin(catalogProducts, eq(catalogProducts.id, eventLots.catalogProductId))
    .where(eq(eventLots.id, lotId))
    .limit(1);
}
