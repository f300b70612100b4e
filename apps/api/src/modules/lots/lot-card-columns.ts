import {
  brands,
  companies,
  dispositionLocations,
  eventLots,
  events,
  featureFlags,
  lotPhotos,
  productCategories,
} from '@lotline/db/schema';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { pausedSql } from '../event-pauses/event-paused';
import { lotFeeColumns } from './lot-fee-columns';

/**
 * The columns a lot card needs (convention 12: no SELECT *) and the joins
 * that bring them. Kept apart from the query so the detail page can select
 * the same columns and add its own.
 */
export const lotCardColumns = {
  id: eventLots.id,
  mp2Id: eventLots.mp2Id,
  parentId: eventLots.parentId,
  eventId: eventLots.eventId,
  companyId: eventLots.companyId,
  number: eventLots.number,
  name: eventLots.name,
  type: eventLots.type,
  status: eventLots.status,
  quantity: eventLots.quantity,
  sequence: eventLots.sequence,
  createdAt: eventLots.createdAt,
  startAt: eventLots.startAt,
  endedAt: eventLots.endedAt,
  currency: eventLots.currency,
  currentBidAmount: eventLots.currentBidAmount,
  startingBid: eventLots.startingBid,
  buyItNowPrice: eventLots.buyItNowPrice,
  /**
   * BUY_NOW_ALL_IN_PRICING as stored (one uncorrelated subquery per read): off, no card carries an all-in
   * price (decision 0045). A deployment's FEATURE_ override wins over it in toLotCardSource.
   */
  allInPricing: sql<boolean>`coalesce((select ${featureFlags.enabled} from ${featureFlags} where ${featureFlags.key} = 'BUY_NOW_ALL_IN_PRICING'), false)`,
  ...lotFeeColumns,
  bestOfferEnabled: eventLots.bestOfferEnabled,
  bidsCount: eventLots.bidsCount,
  managedShipping: eventLots.managedShipping,
  lat: eventLots.lat,
  lon: eventLots.lon,
  categoryId: productCategories.id,
  categoryName: productCategories.name,
  categorySlug: productCategories.slug,
  categoryPathId: productCategories.pathId,
  brandName: brands.name,
  brandUniqueName: brands.uniqueName,
  companySlug: companies.slug,
  companyName: companies.name,
  companyDisplayName: companies.displayName,
  companyCity: companies.city,
  companyRegion: companies.region,
  companyCountry: companies.country,
  // Never answered as such: it becomes `viewOnly` (a suspended seller's lot is shown but takes no action, 0089).
  companyStatus: companies.status,
  /**
   * The lot's event is paused (decision 0087), read per card at query time through the open-pause index, so a
   * pause writes no lot and no projection row (decision 0093). Null event: never paused.
   */
  paused: sql<boolean>`${pausedSql(eventLots.eventId)}`,
  eventName: events.name,
  eventStatus: events.status,
  eventPrivateSale: events.privateSale,
  eventPremiumBps: events.buyersPremiumBps,
  locationCity: dispositionLocations.city,
  locationRegion: dispositionLocations.region,
  locationCountry: dispositionLocations.country,
  locationLat: dispositionLocations.lat,
  locationLon: dispositionLocations.lon,
  locationTaxRate: dispositionLocations.taxRate,
};

export const photoColumns = {
  id: lotPhotos.id,
  lotId: lotPhotos.lotId,
  url: lotPhotos.url,
};

/**
 * The joins every lot card needs (seller, event, category, brand, location),
 * written once for each query that answers cards or more.
 */
export function withLotCardJoins<T extends PgSelect>(query: T) {
  return query
    .innerJoin(companies, eq(companies.id, eventLots.companyId))
    .leftJoin(events, eq(events.id, eventLots.eventId))
    .leftJoin(productCategories, eq(productCategories.id, eventLots.productCategoryId))
    .leftJoin(brands, eq(brands.id, eventLots.brandId))
    .leftJoin(dispositionLocations, eq(dispositionLocations.id, eventLots.dispositionLocationId));
}

type Nullable<T> = { [K in keyof T]: T[K] | null };
type Row<C extends Record<string, unknown>> = {
  [K in keyof C]: C[K] extends SQL<infer D>
    ? D
    : C[K] extends { _: { data: infer D; notNull: infer N } }
      ? N extends true
        ? D
        : D | null
      : never;
};
type Base = Row<typeof lotCardColumns>;
/** Columns of LEFT JOINed tables: null when the lot has no category, brand, event or location. */
type LeftJoined = Extract<
  keyof Base,
  `category${string}` | `brand${string}` | `event${Capitalize<string>}` | `location${string}`
>;
export type LotCardRow = Omit<Base, LeftJoined> & Nullable<Pick<Base, LeftJoined>>;
export type PhotoRow = Row<typeof photoColumns>;
