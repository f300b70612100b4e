import type { EventLotSource } from '@lotline/contracts';
import {
  brands,
  companies,
  dispositionLocations,
  eventLots,
  events,
  lotPhotos,
  productCategories,
} from '@lotline/db/schema';

/**
 * The columns an event-lot card needs (convention 12: no SELECT *) and how a
 * row becomes the contract's `_source`. Kept apart from the query so the
 * detail and search endpoints can reuse the same shape.
 */
export const eventLotColumns = {
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
  allInPrice: eventLots.allInPrice,
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
  eventName: events.name,
  eventStatus: events.status,
  eventPrivateSale: events.privateSale,
  locationCity: dispositionLocations.city,
  locationRegion: dispositionLocations.region,
  locationCountry: dispositionLocations.country,
  locationLat: dispositionLocations.lat,
  locationLon: dispositionLocations.lon,
};

export const photoColumns = {
  id: lotPhotos.id,
  lotId: lotPhotos.lotId,
  url: lotPhotos.url,
  previousId: lotPhotos.previousId,
};

type Nullable<T> = { [K in keyof T]: T[K] | null };
type Row<C extends Record<string, { _: { data: unknown; notNull: boolean } }>> = {
  [K in keyof C]: C[K]['_']['notNull'] extends true ? C[K]['_']['data'] : C[K]['_']['data'] | null;
};
type Base = Row<typeof eventLotColumns>;
/** Columns of LEFT JOINed tables: null when the lot has no category, brand, event or location. */
type LeftJoined = Extract<
  keyof Base,
  `category${string}` | `brand${string}` | `event${Capitalize<string>}` | `location${string}`
>;
export type EventLotRow = Omit<Base, LeftJoined> & Nullable<Pick<Base, LeftJoined>>;
export type PhotoRow = Row<typeof photoColumns>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function place(city: string | null, region: string | null, country: string | null) {
  return city && region && country ? { city, region, country } : null;
}

export function toEventLotSource(r: EventLotRow, photos: PhotoRow[]): EventLotSource {
  return {
    _id: r.id,
    mp2Id: r.mp2Id,
    parentId: r.parentId,
    eventId: r.eventId,
    companyId: r.companyId,
    number: r.number,
    name: r.name,
    productCategory:
      r.categoryId && r.categoryName && r.categorySlug && r.categoryPathId
        ? { _id: r.categoryId, name: r.categoryName, slug: r.categorySlug, pathId: r.categoryPathId }
        : null,
    brand: r.brandName && r.brandUniqueName ? { name: r.brandName, uniqueName: r.brandUniqueName } : null,
    type: r.type,
    status: r.status,
    quantity: r.quantity,
    sequence: r.sequence,
    createdAt: r.createdAt.toISOString(),
    startAt: iso(r.startAt),
    endedAt: iso(r.endedAt),
    currency: r.currency,
    currentBid: r.currentBidAmount === null ? null : { amount: r.currentBidAmount },
    startingBid: r.startingBid,
    buyItNowPrice: r.buyItNowPrice,
    allInPrice: r.allInPrice,
    bestOfferEnabled: r.bestOfferEnabled,
    bidsCount: r.bidsCount,
    managedShipping: r.managedShipping,
    company: { _id: r.companyId, slug: r.companySlug, name: r.companyName, displayName: r.companyDisplayName },
    event:
      r.eventId && r.eventName && r.eventStatus && r.eventPrivateSale !== null
        ? { _id: r.eventId, name: r.eventName, status: r.eventStatus, privateSale: r.eventPrivateSale }
        : null,
    companyLocation: place(r.companyCity, r.companyRegion, r.companyCountry),
    dispositionLocation: place(r.locationCity, r.locationRegion, r.locationCountry),
    // The lot's own point wins; otherwise where its disposition location is.
    geoCoordinates:
      r.lat !== null && r.lon !== null
        ? { lat: r.lat, lon: r.lon }
        : r.locationLat !== null && r.locationLon !== null
          ? { lat: r.locationLat, lon: r.locationLon }
          : null,
    centralFileLinks: photos.map((p) => ({
      _id: p.id,
      type: 'image' as const,
      centralFile: { s3Url: p.url },
      previousCentralFileLinkId: p.previousId,
    })),
  };
}
