import type { EventLotSource, LotType } from '@lotline/contracts';
import { type AnyLotStatus, type CardState, cardState, LOT_STATUS, showsTimer } from '@lotline/domain';
import { formatMoney } from '../format/money';
import { buyNowHref, eventLotHref, legacyLotHref } from '../routes';
import { bidsText } from './bids-text';
import type { LegacyLot } from './legacy-lot';

export type SaleLabel = 'AUCTION' | 'BUY NOW' | 'TENDER';
export type CardView = 'grid' | 'list' | 'short';
// The card state is the lifecycle's (spec §4); re-exported where the card's model is read.
export { type CardState, cardState };

/** Spec §9: photos per card — 1 for the short card, 3 in list mode, otherwise 5. */
export const PHOTOS_PER_VIEW: Record<CardView, number> = { short: 1, list: 3, grid: 5 };
/** Spec §2: the Best Offer tooltip text. */
export const BEST_OFFER_TEXT = 'The seller is reviewing all competitive offers on this listing.';
/** Spec §9: "Ending soon" is one day or less. */
export const ENDING_SOON_MS = 24 * 60 * 60 * 1000;

export interface CardPhoto {
  src: string;
  alt: string;
}

/** What the ticking timer needs: when the lot ends and the status it shows once ended (spec §4). */
export interface CardTimer {
  endsAt: number;
  statusText: string;
  /**
   * The lot's event is paused by the marketplace (decision 0087): its clock stands still, so the timer says
   * `PAUSED_TIMER_TEXT` (lib/lots/timer.ts) instead of counting down; the live stream sets and clears it (decision 0093).
   */
  paused?: boolean;
}

/** Everything a lot card shows, already formatted; the component only lays it out. */
export interface LotCardModel {
  /** The event lot's id (what a watchlist entry names); null for legacy lots, which are not watched from cards. */
  documentId: string | null;
  href: string;
  title: string;
  sellerName: string | null;
  /** At most PHOTOS_PER_VIEW[view]; empty when the lot has none (the card shows the placeholder). */
  photos: CardPhoto[];
  saleLabel: SaleLabel;
  price: { label: string; text: string } | null;
  /**
   * A buy-now item's all-in price of one unit (BUY_NOW_ALL_IN_PRICING; the API leaves it out while the flag is
   * off): what a buyer without a tax exemption pays in all, the invoice total of a one-unit purchase.
   */
  allIn: { label: string; text: string } | null;
  /**
   * "Buy now" from the card: only a buy-now item on sale with a single unit left, whose event is not paused and
   * whose seller is not suspended; its lot page's buy box.
   */
  buyHref: string | null;
  /** The amount behind the price, so a change can be noticed (bid-change hooks). */
  bidAmount: number | null;
  /** Only auctions show a bid count; sealed tenders and buy-now do not. */
  bidsText: string | null;
  bidsCount: number;
  bestOffer: boolean;
  /** List mode only: the lot ships through the marketplace's managed shipping. */
  deliveryAvailable: boolean;
  state: CardState;
  timer: CardTimer | null;
  /** Active with at most a day left (spec §4). */
  endingSoon: boolean;
  /**
   * What the live stream needs (decision 0039): the lot it follows, and the currency to write an auction's
   * new price in (null: the price is not a bid). Null for legacy lots, which have no stream.
   */
  live: { lotId: string; currency: string | null } | null;
}

export interface LotCardInput {
  lot?: LegacyLot;
  eventLot?: EventLotSource;
}

export interface CardOptions {
  view?: CardView;
  /** The server's clock (ms since the epoch) the card is judged by. */
  now: number;
}

const SALE_LABELS: Record<LotType, SaleLabel> = {
  AuctionLot: 'AUCTION',
  BuyItNowItem: 'BUY NOW',
  TenderLot: 'TENDER',
};

export { bidsText };

/** The card's timer when the lifecycle shows one (spec §4: active lots; buy-now needs a future end). */
export function timerFor(
  status: AnyLotStatus,
  type: LotType,
  endedAt: string | null | undefined,
  now: number,
): CardTimer | null {
  if (!endedAt) return null;
  const endsAt = Date.parse(endedAt);
  if (Number.isNaN(endsAt) || !showsTimer(status, type, endsAt, now)) return null;
  return { endsAt, statusText: status.toUpperCase() };
}

export function isEndingSoon(timer: CardTimer | null, now: number): boolean {
  return timer !== null && !timer.paused && timer.endsAt - now <= ENDING_SOON_MS;
}

/**
 * An event lot's timer: a running lot of a paused event shows one that says it is paused, even past its end
 * (nothing closes while paused, and the resume moves the end by the paused time).
 */
function eventLotTimer(l: EventLotSource, now: number): CardTimer | null {
  if (l.paused && l.status === LOT_STATUS.Active && l.endedAt) {
    const endsAt = Date.parse(l.endedAt);
    if (!Number.isNaN(endsAt)) return { endsAt, statusText: l.status.toUpperCase(), paused: true };
  }
  return timerFor(l.status, l.type, l.endedAt, now);
}

function photosOf(urls: string[], title: string, view: CardView): CardPhoto[] {
  const shown = urls.slice(0, PHOTOS_PER_VIEW[view]);
  return shown.map((src, i) => ({
    src,
    alt: shown.length === 1 ? `Photo of ${title}` : `Photo ${i + 1} of ${shown.length} of ${title}`,
  }));
}

export const ALL_IN_LABEL = 'All-in price';

/** A buy-now item on sale now (Active, started, not ended by `now`) with exactly one unit left. */
function singleUnitOnSale(l: EventLotSource, now: number): boolean {
  if (l.type !== 'BuyItNowItem' || l.status !== LOT_STATUS.Active || l.quantity !== 1 || l.buyItNowPrice === null) {
    return false;
  }
  const started = l.startAt === null || Date.parse(l.startAt) <= now;
  return started && (l.endedAt === null || Date.parse(l.endedAt) > now);
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

export function eventLotCardModel(l: EventLotSource, { view = 'grid', now }: CardOptions): LotCardModel {
  const images = l.centralFileLinks.filter((link) => link.type === 'image').map((link) => link.centralFile.s3Url);
  const timer = eventLotTimer(l, now);
  return {
    documentId: l._id,
    href: eventLotHref(l),
    title: l.name,
    sellerName: l.company.displayName || l.company.name,
    photos: photosOf(images, l.name, view),
    saleLabel: SALE_LABELS[l.type],
    price: eventLotPrice(l),
    allIn:
      l.type === 'BuyItNowItem' && l.allInPrice !== null
        ? { label: ALL_IN_LABEL, text: formatMoney(l.allInPrice, l.currency) }
        : null,
    // Nothing to buy from a paused event or a suspended seller (view-only): the card offers no purchase.
    buyHref: singleUnitOnSale(l, now) && !l.paused && !l.viewOnly ? buyNowHref(eventLotHref(l)) : null,
    bidAmount: l.type === 'AuctionLot' ? (l.currentBid?.amount ?? null) : null,
    bidsText: l.type === 'AuctionLot' ? bidsText(l.bidsCount) : null,
    bidsCount: l.bidsCount,
    bestOffer: l.bestOfferEnabled,
    deliveryAvailable: view === 'list' && l.managedShipping,
    state: cardState(l.status, l.type),
    timer,
    endingSoon: isEndingSoon(timer, now),
    live: { lotId: l._id, currency: l.type === 'AuctionLot' ? l.currency : null },
  };
}

/** A legacy lot is an auction lot unless its auction is a tender. */
export const legacyLotType = (l: LegacyLot): LotType => (l.auction?.type === 'tender' ? 'TenderLot' : 'AuctionLot');

export function legacyLotCardModel(l: LegacyLot, { view = 'grid', now }: CardOptions): LotCardModel {
  const type = legacyLotType(l);
  const isTender = type === 'TenderLot';
  const price =
    l.listing_price != null && l.currency
      ? { label: 'Listing price', text: formatMoney(l.listing_price, l.currency.name) }
      : null;
  const urls = l.photos?.length ? l.photos.map((p) => p.url) : l.photo_url ? [l.photo_url] : [];
  const timer = timerFor(l.status, type, l.ended_at, now);
  const count = l.auctionLotBidsCount ?? 0;
  return {
    documentId: null,
    href: legacyLotHref(l),
    title: l.title,
    sellerName: l.company ? l.company.display_name || l.company.name : null,
    photos: photosOf(urls, l.title, view),
    saleLabel: isTender ? 'TENDER' : 'AUCTION',
    price,
    allIn: null,
    buyHref: null,
    bidAmount: null,
    bidsText: isTender ? null : bidsText(count),
    bidsCount: count,
    bestOffer: false,
    deliveryAvailable: false,
    state: cardState(l.status, type),
    timer,
    endingSoon: isEndingSoon(timer, now),
    live: null,
  };
}

/** Spec §2/§8: a card needs either a lot or an event lot; the event lot wins when both are given. */
export function lotCardModel({ lot, eventLot }: LotCardInput, options: CardOptions): LotCardModel {
  if (eventLot) return eventLotCardModel(eventLot, options);
  if (lot) return legacyLotCardModel(lot, options);
  throw new Error('Either lot or eventLot is required');
}
