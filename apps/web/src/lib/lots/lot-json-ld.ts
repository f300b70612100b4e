import type { LotResponse } from '@lotline/contracts';
import { type AnyLotStatus, isActive, isUpcoming } from '@lotline/domain';
import { absoluteUrl } from '../env.server';
import { minorUnitsToDecimal } from '../format/money';
import { imageUrl } from '../images';
import { SHARE_IMAGE_WIDTH } from '../seo/page-metadata';
import type { LotDetailModel } from './lot-detail';

const SCHEMA = 'https://schema.org/';

/** schema.org availability from the card state (spec §4) and the lot status. */
function availability(model: LotDetailModel, status: AnyLotStatus): string {
  if (model.card.state === 'SOLD') return `${SCHEMA}SoldOut`;
  if (model.card.state === 'ENDED') return `${SCHEMA}Discontinued`;
  if (model.card.state === 'UNAVAILABLE') return `${SCHEMA}OutOfStock`;
  if (isUpcoming(status)) return `${SCHEMA}PreOrder`;
  return isActive(status) ? `${SCHEMA}InStock` : `${SCHEMA}OutOfStock`;
}

/**
 * The amount a buyer would pay now, in minor units: the buy-now price; for
 * auctions the current bid, else the starting bid; for tenders the starting
 * bid; for legacy lots the listing price. Null when the seller set none.
 */
function offerPrice(answer: LotResponse): { amount: number | null; currency: string; status: AnyLotStatus } {
  if (answer.kind === 'legacy-lot') {
    const l = answer.lot;
    return { amount: l.listing_price, currency: l.currency.name, status: l.status };
  }
  const l = answer.lot._source;
  const amount =
    l.type === 'BuyItNowItem'
      ? l.buyItNowPrice
      : l.type === 'AuctionLot'
        ? (l.currentBid?.amount ?? l.startingBid)
        : l.startingBid;
  return { amount, currency: l.currency, status: l.status };
}

/** JSON-LD `Product` with its `Offer` for the lot detail page (issue 6), absolute URLs on the public origin. */
export function lotJsonLd(answer: LotResponse, model: LotDetailModel): Record<string, unknown> {
  const url = absoluteUrl(model.path);
  const price = offerPrice(answer);
  const brand = answer.kind === 'event-lot' ? answer.lot._source.brand : null;
  const category = answer.kind === 'event-lot' ? answer.lot._source.productCategory : null;
  const seller = model.seller
    ? {
        '@type': 'Organization',
        name: model.seller.name,
        url: absoluteUrl(model.seller.href),
      }
    : undefined;
  return {
    '@type': 'Product',
    name: model.card.title,
    description: model.description.trim() || undefined,
    sku: model.urlId,
    productID: model.urlId,
    url,
    image: model.photos.map((p) => absoluteUrl(imageUrl(p.src, SHARE_IMAGE_WIDTH))),
    ...(brand ? { brand: { '@type': 'Brand', name: brand.name } } : {}),
    ...(category ? { category: category.name } : {}),
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: price.currency,
      ...(price.amount !== null ? { price: minorUnitsToDecimal(price.amount, price.currency) } : {}),
      availability: availability(model, price.status),
      ...(seller ? { seller } : {}),
    },
  };
}
