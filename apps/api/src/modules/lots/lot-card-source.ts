import type { EventLotSource } from '@lotline/contracts';
import { allInPrice, buyerFees } from '@lotline/domain';
import type { FeatureOverrides } from '../platform/get-feature-flags';
import type { LotCardRow, PhotoRow } from './lot-card-columns';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function place(city: string | null, region: string | null, country: string | null) {
  return city && region && country ? { city, region, country } : null;
}

/**
 * How a card row and its photos become the contract's `_source` (the detail page adds to it). The
 * deployment's overrides decide BUY_NOW_ALL_IN_PRICING before the stored value the row carries.
 */
export function toLotCardSource(r: LotCardRow, photos: PhotoRow[], flags: FeatureOverrides): EventLotSource {
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
    allInPrice: cardAllInPrice(r, flags.BUY_NOW_ALL_IN_PRICING ?? r.allInPricing),
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
    // `photos` come in display order: each link names the one before it (a photo added or moved in the
    // seller console has no stored predecessor, and a stored one would go stale on a reorder).
    centralFileLinks: photos.map((p, i) => ({
      _id: p.id,
      type: 'image' as const,
      centralFile: { s3Url: p.url },
      previousCentralFileLinkId: photos[i - 1]?.id ?? null,
    })),
    paused: r.paused,
    // The buyer actions refuse it (sellers/own-lot.ts); pages and cards show why instead of offering them (0089).
    viewOnly: r.companyStatus === 'suspended',
  };
}

/**
 * What a buyer without a tax exemption pays for one unit of a buy-now item,
 * computed here from the lot, its event's premium, its location's tax rate and
 * the fees the buyer pays, by the one pricing rule (decision 0045): the same
 * number a one-unit order totals. Null for anything without a buy-now price,
 * and for every card while BUY_NOW_ALL_IN_PRICING is off.
 */
export function cardAllInPrice(r: LotCardRow, allInPricing: boolean): number | null {
  if (!allInPricing || r.type !== 'BuyItNowItem' || r.buyItNowPrice === null) return null;
  return allInPrice({
    price: r.buyItNowPrice,
    buyersPremiumBps: r.eventPremiumBps ?? 0,
    taxRatePercent: r.locationTaxRate ?? 0,
    taxExempt: false,
    unitFees: buyerFees(r),
  });
}
