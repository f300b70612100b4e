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
}

export interface GeneratedEvents {
  plans: EventPlan[];
  events: EventRow[];
  terms: TermRow[];
  attachments: AttachmentRow[];
  locations: LocationRow[];
}

const DEPOSITS = [50_000, 100_000, 150_000, 250_000, 500_000];

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

export function generateEvents(rng: Rng, seed: number, now: number, sellers: Seller[], lots: number): GeneratedEvents {
  const slots = buildSlots(rng);
  const order = rng.shuffle(sellers);
  const out: GeneratedEvents = { plans: [], events: [], terms: [], attachments: [], locations: [] };
  const count = eventCountFor(lots);

  for (let i = 0; i < count; i++) {
    const slot = at(slots, i % slots.length);
    const seller = at(order, i % order.length);
    const schedule = scheduleFor(rng, slot.timeClass, now);
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

    out.events.push({
      id,
      companyId: seller.row.id,
      name: `${where.city} ${THEMES[primary].site} ${rng.pick(EVENT_KINDS[slot.format])}`,
      title: title.charAt(0).toUpperCase() + title.slice(1),
      description,
      status: slot.status,
      saleFormat: slot.format,
      privateSale: slot.privateSale,
      startAt: new Date(schedule.startAt),
      endAt: new Date(schedule.endAt),
      bidDepositAmount: slot.format === 'buy-now' ? null : rng.pick(DEPOSITS),
      bidDepositCurrency: seller.currency,
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
    addTerms(rng, out.terms, seed, id, seller.currency, where.taxRate);
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

function addTerms(rng: Rng, terms: TermRow[], seed: number, eventId: string, currency: string, tax: number) {
  const types = ['Payment', ...rng.sample(TERM_TYPES.slice(1), rng.int(0, 3))];
  const values = {
    currency,
    premium: String(rng.pick([10, 12, 15, 18])),
    days: String(rng.pick([5, 7, 10, 14])),
    tax: String(tax),
  };
  types.forEach((type, position) => {
    terms.push({
      id: makeId('trm', seed, terms.length),
      eventId,
      type,
      text: fill(rng.pick(TERM_TEXTS[type] ?? []), values),
      position,
    });
  });
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
