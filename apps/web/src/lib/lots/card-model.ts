import type { EventLotSource, LotType } from '@lotline/contracts';
import { formatMoney } from '../format/money';
import type { LegacyLot } from './legacy-lot';
import { eventLotHref, legacyLotHref } from './lot-href';

export type SaleLabel = 'AUCTION' | 'BUY NOW' | 'TENDER';

/** Everything a lot card shows, already formatted; the component only lays it out. */
export interface LotCardModel {
  href: string;
  title: string;
  sellerName: string | null;
  photo: { src: string; alt: string } | null;
  saleLabel: SaleLabel;
  price: { label: string; text: string } | null;
  /** Only auctions show a bid count; sealed tenders and buy-now do not. */
  bidsText: string | null;
}

export interface LotCardInput {
  lot?: LegacyLot;
  eventLot?: EventLotSource;
}

const SALE_LABELS: Record<LotType, SaleLabel> = {
  AuctionLot: 'AUCTION',
  BuyItNowItem: 'BUY NOW',
  TenderLot: 'TENDER',
};

export function bidsText(count: number): string {
  return count === 1 ? '1 bid' : `${count.toLocaleString('en-US')} bids`;
}

function photoOf(src: string | undefined | null, title: string) {
  return src ? { src, alt: `Photo of ${title}` } : null;
}

function eventLotPrice(l: EventLotSource): LotCardModel['price'] {
  if (l.type === 'BuyItNowItem') {
    return l.buyItNowPrice === null ? null : { label: 'Buy now price', text: formatMoney(l.buyItNowPrice, l.currency) };
  }
  if (l.currentBid) return { label: 'Current bid', text: formatMoney(l.currentBid.amount, l.currency) };
  if (l.startingBid !== null) return { label: 'Starting bid', text: formatMoney(l.startingBid, l.currency) };
  // No opening amount set: bidding starts at any amount. Saying so keeps the card honest and the rows aligned.
  return { label: 'Starting bid', text: 'No minimum' };
}

export function eventLotCardModel(l: EventLotSource): LotCardModel {
  const image = l.centralFileLinks.find((link) => link.type === 'image');
  return {
    href: eventLotHref(l),
    title: l.name,
    sellerName: l.company.displayName || l.company.name,
    photo: photoOf(image?.centralFile.s3Url, l.name),
    saleLabel: SALE_LABELS[l.type],
    price: eventLotPrice(l),
    bidsText: l.type === 'AuctionLot' ? bidsText(l.bidsCount) : null,
  };
}

export function legacyLotCardModel(l: LegacyLot): LotCardModel {
  const isTender = l.auction?.type === 'tender';
  const price =
    l.listing_price != null && l.currency
      ? { label: 'Listing price', text: formatMoney(l.listing_price, l.currency.name) }
      : null;
  return {
    href: legacyLotHref(l),
    title: l.title,
    sellerName: l.company ? l.company.display_name || l.company.name : null,
    photo: photoOf(l.photos?.[0]?.url ?? l.photo_url, l.title),
    saleLabel: isTender ? 'TENDER' : 'AUCTION',
    price,
    bidsText: isTender ? null : bidsText(l.auctionLotBidsCount ?? 0),
  };
}

/** Spec §2/§8: a card needs either a lot or an event lot; the event lot wins when both are given. */
export function lotCardModel({ lot, eventLot }: LotCardInput): LotCardModel {
  if (eventLot) return eventLotCardModel(eventLot);
  if (lot) return legacyLotCardModel(lot);
  throw new Error('Either lot or eventLot is required');
}
