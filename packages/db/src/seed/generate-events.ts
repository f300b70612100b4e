/** Events with their terms, attachments and disposition locations. */
import type { dispositionLocations, eventAttachments, events, eventTerms } from '../schema/index';
import { buildSlots, eventCountFor, type Schedule, type Slot, scheduleFor } from './event-schedule';
import type { Seller } from './generate-sellers';
import type { PhotoKind } from './photos';
import { at, makeId, type Rng } from './random';
import {
  DESCRIPTION_TEMPLATES,
  EVENT_KINDS,
  FORMAT_SENTENCES,
  INSPECTION_SENTENCES,
  PRIVATE_SALE_SENTENCE,
  THEMES,
  TITLE_TEMPLATES,
} from './reference/event-texts';
import { PLACES, type Place } from './reference/index';
import { ATTACHMENTS, TERM_TEXTS, TERM_TYPES } from './reference/terms';

export type EventRow = typeof events.$inferInsert;
export type TermRow = typeof eventTerms.$inferInsert;
export type AttachmentRow = typeof eventAttachments.$inferInsert;
export type LocationRow = typeof dispositionLocations.$inferInsert;

export interface EventLocation extends Place {
  id: string;
}

/** What the lot generator needs to know about an event. */
export interface EventPlan extends Slot, Schedule {
  id: string;
  seller: Seller;
  currency: 'USD' | 'CAD';
  locations: EventLocation[];
  kinds: PhotoKind[];
  number: (sequence: number) => string;
  lotCount: number;
  /** BIDDING §5: lot k (sequence order, from 0) ends at endAt + k × this (set by applyAuctionSettings). */
  staggerSeconds: number;
}

export interface GeneratedEvents {
  plans: EventPlan[];
  events: EventRow[];
  terms: TermRow[];
  attachments: AttachmentRow[];
  locations: LocationRow[];
}

/** The name that tells a newcomer which auction to watch (README). */
export const CLOSING_SOON_KIND = 'Closing Soon Auction';

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

export function generateEvents(
  rng: Rng,
  seed: number,
  now: number,
  clock: number,
  sellers: Seller[],
  lots: number,
): GeneratedEvents {
  const slots = buildSlots(rng);
  const order = rng.shuffle(sellers);
  const out: GeneratedEvents = { plans: [], events: [], terms: [], attachments: [], locations: [] };
  const count = eventCountFor(lots);

  for (let i = 0; i < count; i++) {
    const slot = repeatSlot(at(slots, i % slots.length), i >= slots.length);
    // Not a featured seller: the browser tests work on those sellers' events and need them to end later.
    const seller =
      slot.timeClass === 'closing-soon'
        ? rng.pick(sellers.filter((s) => !s.row.featured))
        : at(order, i % order.length);
    const schedule = scheduleFor(rng, slot, now, clock);
    const id = makeId('evt', seed, i);
    const locations = pickLocations(rng, seller.place).map((place, k) => ({
      ...place,
      id: makeId('loc', seed, out.locations.length + k),
    }));
    const primary = rng.pick(seller.spec.focus);
    const kinds = rng.chance(0.5) ? [...new Set([primary, rng.pick(seller.spec.focus)])] : [primary];
    const where = at(locations, 0);
    const values = {
      seller: seller.row.displayName ?? seller.row.name,
      city: where.city,
      region: where.region,
      site: THEMES[primary].site,
      assets: THEMES[primary].assets,
      size: `${rng.int(4, 60) * 5},000`,
    };
    const title = fill(rng.pick(TITLE_TEMPLATES), values);
    const description = [
      fill(rng.pick(DESCRIPTION_TEMPLATES), values),
      rng.pick(INSPECTION_SENTENCES),
      rng.pick(FORMAT_SENTENCES[slot.format]),
      slot.privateSale ? PRIVATE_SALE_SENTENCE : '',
    ]
      .filter(Boolean)
      .join(' ');

    const kind = rng.pick(EVENT_KINDS[slot.format]);
    const premium = addTerms(rng, out.terms, seed, id, seller.currency, where.taxRate);
    out.events.push({
      id,
      companyId: seller.row.id,
      name: `${where.city} ${THEMES[primary].site} ${slot.timeClass === 'closing-soon' && slot.format === 'auction' ? CLOSING_SOON_KIND : kind}`,
      title: title.charAt(0).toUpperCase() + title.slice(1),
      description,
      status: slot.status,
      saleFormat: slot.format,
      privateSale: slot.privateSale,
      startAt: new Date(schedule.startAt),
      endAt: new Date(schedule.endAt),
      // Set with the other auction settings once the lots are allocated (applyAuctionSettings).
      bidDepositAmount: null,
      bidDepositCurrency: seller.currency,
      buyersPremiumBps: premium * 100,
      createdAt: new Date(schedule.createdAt),
    });
    for (const l of locations) {
      out.locations.push({
        id: l.id,
        eventId: id,
        city: l.city,
        region: l.region,
        country: l.country,
        taxRate: l.taxRate,
        lat: l.lat,
        lon: l.lon,
      });
    }
    addAttachments(rng, out.attachments, seed, id, slot.status === 'draft' ? rng.int(0, 1) : rng.int(1, 4));
    out.plans.push({
      ...slot,
      ...schedule,
      id,
      seller,
      currency: seller.currency,
      locations,
      kinds,
      number: numbering(rng),
      lotCount: 0,
      staggerSeconds: 0,
    });
  }
  return out;
}

/** 1-3 distinct cities, mostly in the seller's country; the first is often the seller's own city. */
function pickLocations(rng: Rng, home: Place): Place[] {
  const count = rng.weighted([
    [1, 55],
    [2, 30],
    [3, 15],
  ] as const);
  const sameCountry = PLACES.filter((p) => p.country === home.country);
  const chosen: Place[] = [rng.chance(0.6) ? home : rng.pick(sameCountry)];
  while (chosen.length < count) {
    const place = rng.pick(rng.chance(0.8) ? sameCountry : PLACES);
    if (!chosen.some((p) => p.city === place.city)) chosen.push(place);
  }
  return chosen;
}

function numbering(rng: Rng): (sequence: number) => string {
  const style = rng.weighted([
    ['plain', 5],
    ['offset', 3],
    ['prefixed', 2],
  ] as const);
  if (style === 'plain') return (n) => String(n);
  if (style === 'offset') {
    const base = rng.pick([100, 1000, 1000, 5000]);
    return (n) => String(base + n);
  }
  const letter = rng.pick(['A', 'B', 'C', 'D', 'E', 'F']);
  return (n) => `${letter}-${n}`;
}

/**
 * The first 60 events cover every time class once; the classes that exist to be watched right after a fresh
 * start (one closing-soon of each format, one opening-soon auction) are not repeated by larger seeds.
 */
function repeatSlot(slot: Slot, repeated: boolean): Slot {
  if (!repeated) return slot;
  if (slot.timeClass === 'closing-soon') return { ...slot, timeClass: 'live-48h' };
  if (slot.timeClass === 'opening-soon') return { ...slot, timeClass: 'upcoming' };
  return slot;
}

/** Returns the buyer's premium (percent) the Payment terms state, 0 when they state none. */
function addTerms(rng: Rng, terms: TermRow[], seed: number, eventId: string, currency: string, tax: number): number {
  const types = ['Payment', ...rng.sample(TERM_TYPES.slice(1), rng.int(0, 3))];
  const values = {
    currency,
    premium: String(rng.pick([10, 12, 15, 18])),
    days: String(rng.pick([5, 7, 10, 14])),
    tax: String(tax),
  };
  let premium = 0;
  types.forEach((type, position) => {
    const template = rng.pick(TERM_TEXTS[type] ?? []);
    if (template.includes('{premium}')) premium = Number(values.premium);
    terms.push({ id: makeId('trm', seed, terms.length), eventId, type, text: fill(template, values), position });
  });
  return premium;
}

function addAttachments(rng: Rng, attachments: AttachmentRow[], seed: number, eventId: string, count: number) {
  rng.sample(ATTACHMENTS, count).forEach((a, position) => {
    attachments.push({
      id: makeId('att', seed, attachments.length),
      eventId,
      url: `/files/demo-attachments/${a.file}`,
      description: a.description,
      position,
    });
  });
}
