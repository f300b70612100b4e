import type {
  EventLotDetailSource,
  LegacyLot,
  LotResponse,
  MarketDemand,
  PackagingType,
  Party,
  ShippingOption,
} from '@lotline/contracts';
import { isClosed } from '@lotline/domain';
import { formatMoney } from '../format/money';
import { catalogProductHref, categoryHref, eventHref, sellerHref } from '../routes';
import { displayZone, formatDateTime } from '../time/format';
import { placeTimeZone } from '../time/region-zones';
import { type CardPhoto, eventLotCardModel, type LotCardModel, legacyLotCardModel, legacyLotType } from './card-model';
import { lotCanonicalPath } from './lot-path';

/** One line of the lot's details: a label and its text, with a link where the value is a page of its own. */
export interface LotFact {
  label: string;
  value: string;
  href?: string;
}

/**
 * Everything the lot detail page shows (issue 6), already formatted. The
 * price, bid count, timer, state and Best Offer flag are the card's (spec §4
 * rules, one place); the rest is the detail page's own.
 */
export interface LotDetailModel {
  path: string;
  /** The id in the URL (the lot's identifier for people and search engines). */
  urlId: string;
  /** The event lot's id for the watchlist; null for legacy lots. */
  documentId: string | null;
  number: string | null;
  description: string;
  card: LotCardModel;
  /** Every photo, in order (the card shows at most five). */
  photos: CardPhoto[];
  seller: { name: string; href: string } | null;
  location: string | null;
  event: { _id: string; name: string; href: string } | null;
  facts: LotFact[];
  /** The zone the details show times in: the user's, else the lot's local time, else UTC. */
  timeZone: string;
  /** Nothing can be done about the lot any more: sold, ended, unavailable (or, for legacy lots, not active). */
  closed: boolean;
}

const PARTY_LABELS: Record<Party, string> = {
  seller: 'Seller',
  buyer: 'Buyer',
  '3pl': 'Third-party logistics (3PL)',
  'not-required': 'Not required',
};

const SHIPPING_OPTION_LABELS: Record<ShippingOption, string> = {
  fee: 'Shipping for a fee',
  pickup: 'Pickup',
  buyer_arranged_shipping: 'Buyer-arranged shipping',
  contact_for_options: 'Contact the seller for options',
};

const DEMAND_LABELS: Record<MarketDemand, string> = { high: 'High', moderate: 'Moderate', low: 'Low' };

function photoList(urls: string[], title: string): CardPhoto[] {
  return urls.map((src, i) => ({
    src,
    alt: urls.length === 1 ? `Photo of ${title}` : `Photo ${i + 1} of ${urls.length} of ${title}`,
  }));
}

/** "Seller, $1,200", "Buyer" or "$400": who does the work and what it costs, whichever is known. */
function partyAndCost(party: Party | null, cost: number | null, currency: string): string | null {
  const parts = [party ? PARTY_LABELS[party] : null, cost !== null ? formatMoney(cost, currency) : null];
  const known = parts.filter((p): p is string => p !== null);
  return known.length > 0 ? known.join(', ') : null;
}

function packaging(type: PackagingType | null, count: number | null): string | null {
  if (type === null) return count === null ? null : String(count);
  return count === null ? type[0]?.toUpperCase() + type.slice(1) : `${count.toLocaleString('en-US')} ${type}`;
}

function place(p: { city: string; region: string; country: string } | null): string | null {
  return p ? [p.city, p.region, p.country].filter(Boolean).join(', ') : null;
}

function eventLotFacts(l: EventLotDetailSource, timeZone: string): LotFact[] {
  const money = (amount: number | null) => (amount === null ? null : formatMoney(amount, l.currency));
  const rows: [string, string | null, string?][] = [
    ['Lot number', l.number],
    ['Quantity', l.quantity.toLocaleString('en-US')],
    ['Category', l.productCategory?.name ?? null, l.productCategory ? categoryHref(l.productCategory.slug) : undefined],
    ['Manufacturer', l.brand?.name ?? null],
    [
      'Catalog product',
      l.catalogProduct?.name ?? null,
      l.catalogProduct ? catalogProductHref(l.catalogProduct.uniqueName) : undefined,
    ],
    ['Starting bid', l.type === 'BuyItNowItem' ? null : money(l.startingBid)],
    ['Buy now price', money(l.buyItNowPrice)],
    ['Opens', l.startAt ? formatDateTime(l.startAt, timeZone) : null],
    ['Closes', l.endedAt ? formatDateTime(l.endedAt, timeZone) : null],
    ['Rigging', partyAndCost(l.riggingParty, l.riggingCost, l.currency)],
    ['Loading', partyAndCost(l.loadingParty, l.loadingCost, l.currency)],
    ['Shipping', l.shippingParty ? PARTY_LABELS[l.shippingParty] : null],
    ['Shipping options', l.shippingOptions.map((o) => SHIPPING_OPTION_LABELS[o]).join(', ') || null],
    ['Managed shipping', l.managedShipping ? 'Delivery available' : null],
    ['Packaging', packaging(l.shippingPackageType, l.shippingPackageCount)],
    ['Market demand', l.marketDemand ? DEMAND_LABELS[l.marketDemand] : null],
  ];
  return rows.flatMap(([label, value, href]) => (value === null ? [] : [{ label, value, ...(href ? { href } : {}) }]));
}

function legacyFacts(l: Pick<LegacyLot, 'number' | 'ended_at'>, timeZone: string): LotFact[] {
  const rows: [string, string | null][] = [
    ['Lot number', l.number || null],
    ['Closes', l.ended_at ? formatDateTime(l.ended_at, timeZone) : null],
  ];
  return rows.flatMap(([label, value]) => (value === null ? [] : [{ label, value }]));
}

/**
 * `userZone`: the signed-in user's time zone (Preferences); without one, times
 * are the lot's local time (its place's zone), else UTC, always named.
 */
export function lotDetailModel(answer: LotResponse, now: number, userZone?: string | null): LotDetailModel {
  const path = lotCanonicalPath(answer);
  if (answer.kind === 'event-lot') {
    const l = answer.lot._source;
    const card = eventLotCardModel(l, { now });
    const timeZone = displayZone(userZone, placeTimeZone(l.dispositionLocation ?? l.companyLocation));
    const images = l.centralFileLinks.filter((link) => link.type === 'image').map((link) => link.centralFile.s3Url);
    return {
      path,
      urlId: l.mp2Id ?? l.parentId ?? l._id,
      documentId: l._id,
      number: l.number,
      description: l.description,
      card,
      photos: photoList(images, l.name),
      seller: { name: l.company.displayName || l.company.name, href: sellerHref(l.company) },
      location: place(l.dispositionLocation ?? l.companyLocation),
      event: l.event ? { _id: l.event._id, name: l.event.name, href: eventHref(l.event) } : null,
      facts: eventLotFacts(l, timeZone),
      timeZone,
      closed: isClosed(l.status, l.type),
    };
  }
  // The card reads the legacy lot's fields it knows; `mode` is typed narrower there and not read.
  const { mode: _mode, ...l } = answer.lot;
  const card = legacyLotCardModel(l, { now });
  const timeZone = displayZone(userZone);
  const urls = l.photos.length > 0 ? l.photos.map((p) => p.url) : l.photo_url ? [l.photo_url] : [];
  return {
    path,
    urlId: l.id,
    documentId: null,
    number: l.number || null,
    description: '',
    card,
    photos: photoList(urls, l.title),
    seller: l.company
      ? {
          name: l.company.display_name || l.company.name,
          href: sellerHref({ _id: l.company.id, slug: l.company.slug }),
        }
      : null,
    location: l.address_string,
    event: null,
    facts: legacyFacts(l, timeZone),
    timeZone,
    closed: isClosed(l.status, legacyLotType(l)),
  };
}

/** The meta description: the seller's own description, else a sentence made of the lot's facts. */
export function lotDescription(model: LotDetailModel): string {
  if (model.description.trim()) return model.description;
  const lot = model.number ? `${model.card.saleLabel.toLowerCase()} lot ${model.number}` : 'lot';
  const seller = model.seller ? `, sold by ${model.seller.name}` : '';
  const where = model.location ? ` in ${model.location}` : '';
  const price = model.card.price ? ` ${model.card.price.label}: ${model.card.price.text}.` : '';
  return `${model.card.title}: ${lot}${seller}${where} on Lotline.${price}`;
}
