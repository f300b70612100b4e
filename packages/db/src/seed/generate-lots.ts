/**
 * Event lots and their photos, generated as a stream of chunks so a million
 * lots never sit in memory at once. Lots come event by event (sequence
 * 1..n), then the buy-now items that belong to no event.
 */
import type { LotType } from '@lotline/contracts';
import type { eventLots, lotPhotos } from '../schema/index';
import { type Catalog, type Leaf, photoUrl } from './generate-catalog';
import type { EventPlan } from './generate-events';
import type { Seller } from './generate-sellers';
import type { Highlights } from './highlights';
import { lotDescription, lotName } from './lot-names';
import { LotStates } from './lot-state';
import { lotLogistics, managedShippingRule, priceLot } from './lot-values';
import { type PhotoKind, TAGGED_VARIANT } from './photos';
import { at, makeId, mix32, type Rng } from './random';
import type { SaleFormat } from './reference/event-texts';

export type EventLotRow = typeof eventLots.$inferInsert;
export type LotPhotoRow = typeof lotPhotos.$inferInsert;

export interface LotChunk {
  lots: EventLotRow[];
  photos: LotPhotoRow[];
  /** The tagged photos first used in this chunk (each kind and lot number once): their files carry the number. */
  tags: { kind: PhotoKind; lotNumber: string }[];
}

export interface LotStreamInput {
  rng: Rng;
  seed: number;
  now: number;
  catalog: Catalog;
  sellers: Seller[];
  plans: EventPlan[];
  standaloneCount: number;
  chunkSize: number;
  highlights: Highlights;
}

const TYPE_BY_FORMAT: Record<SaleFormat, LotType> = {
  auction: 'AuctionLot',
  'buy-now': 'BuyItNowItem',
  tender: 'TenderLot',
};
const PHOTO_COUNTS = [
  [1, 10],
  [2, 15],
  [3, 20],
  [4, 20],
  [5, 15],
  [6, 20],
] as const;
const VARIANTS = [0, 1, 2, 3, 4, 5];

export function* generateLots(input: LotStreamInput): Generator<LotChunk> {
  const { rng, seed, now, catalog, chunkSize, highlights } = input;
  const states = new LotStates(rng.fork('lot-states'), now);
  let chunk: LotChunk = { lots: [], photos: [], tags: [] };
  const tagged = new Set<string>();
  let lotOrdinal = 0;
  let photoOrdinal = 0;
  let mp2Counter = 0;
  let activeBuyNow = 0;

  const emit = (plan: EventPlan | null, sequence: number) => {
    const seller = plan?.seller ?? rng.pick(input.sellers);
    const state = plan ? states.forEventLot(plan, sequence) : states.forStandaloneItem();
    const type = plan ? TYPE_BY_FORMAT[plan.format] : 'BuyItNowItem';
    const leaf = pickLeaf(rng, catalog, plan);
    const model = rng.pick(leaf.models);
    const year = rng.int(model.spec[3], model.spec[4]);
    const currency = plan?.currency ?? seller.currency;
    // CAD listings are priced in CAD, so scale the USD value ranges.
    const fmv = rng.logUniform(leaf.profile.price[0], leaf.profile.price[1]) * (currency === 'CAD' ? 1.35 : 1);
    const lotOf = type === 'AuctionLot' && leaf.profile.bulk && rng.chance(0.25) ? rng.int(2, 40) : 1;
    let quantity = type === 'BuyItNowItem' && leaf.profile.bulk && rng.chance(0.6) ? rng.int(2, 48) : 1;
    // A few live listings with nothing left, which the marketplace must hide:
    // counted, not random, so even a small seed has one.
    if (type === 'BuyItNowItem' && state.status === 'Active' && activeBuyNow++ % 150 === 7) quantity = 0;
    // Sold is sold out: the last unit's purchase left none (takeStock's `sell`).
    if (type === 'BuyItNowItem' && state.status === 'Sold') quantity = 0;
    const location = plan ? pickLocation(rng, plan) : null;
    const place = location ?? seller.place;
    const id = makeId('lot', seed, lotOrdinal);
    const mp2Id = rng.chance(0.7) ? `mp2_${String(++mp2Counter).padStart(7, '0')}` : null;
    // Every third lot of the closing-soon auction has a reserve, so a newcomer sees reserves met and not met close.
    const withReserve = plan?.timeClass === 'closing-soon' && sequence % 3 === 0;
    const pricing = priceLot(
      rng,
      type,
      state.status,
      state.phase,
      fmv * (lotOf > 1 ? Math.sqrt(lotOf) : 1),
      withReserve,
    );
    const updatedAt = Math.min(
      now,
      Math.max(state.createdAt, state.endedAt < now ? state.endedAt : now - rng.float(0, 86_400_000)),
    );
    const lot: EventLotRow = {
      id,
      mp2Id,
      parentId: !mp2Id && rng.chance(0.4) ? objectId(seed, lotOrdinal) : null,
      eventId: plan?.id ?? null,
      companyId: seller.row.id,
      number: plan ? plan.number(sequence) : `BN-${10_000 + sequence}`,
      name: lotName(rng, leaf, model, year, lotOf),
      description: lotDescription(rng, leaf, model, year, place),
      productCategoryId: leaf.id,
      brandId: model.brandId,
      catalogProductId: model.catalogProductId && rng.chance(0.5) ? model.catalogProductId : null,
      type,
      status: state.status,
      quantity,
      sequence,
      // Exactly 1% hidden by the seller, spread evenly.
      hiddenFromMarketplace: lotOrdinal % 100 === 42,
      createdAt: new Date(state.createdAt),
      updatedAt: new Date(Math.floor(updatedAt / 1000) * 1000),
      startAt: new Date(state.startAt),
      endedAt: new Date(state.endedAt),
      scheduledEndAt: new Date(state.scheduledEndAt),
      // A closed lot closed at its end; nobody leads: no demo user took part in the bids before the engine.
      closedAt: state.phase === 'past' ? new Date(state.endedAt) : null,
      leaderUserId: null,
      currency,
      ...pricing,
      ...lotLogistics(rng, leaf.profile, fmv),
      dispositionLocationId: location?.id ?? null,
      lat: place.lat,
      lon: place.lon,
    };
    // The first two lots to close in a live event: one with managed shipping, one without, so the soonest-ending
    // lots (the marketplace's first page) always show the card's delivery label and its absence.
    if (plan && state.phase === 'live' && sequence <= 2) {
      Object.assign(lot, managedShippingRule(lot.shippingOptions ?? [], sequence === 1));
    }
    chunk.lots.push(lot);
    highlights.consider(lot, !plan || (!plan.privateSale && plan.status !== 'draft'));

    // A few lots have no photos, to exercise the placeholder.
    const count = rng.chance(0.03) ? 0 : rng.weighted(PHOTO_COUNTS);
    let previousId: string | null = null;
    rng.sample(VARIANTS, count).forEach((variant, position) => {
      const photoId = makeId('pho', seed, photoOrdinal++);
      const tag = variant === TAGGED_VARIANT ? String(lot.number) : undefined;
      if (tag !== undefined && !tagged.has(`${leaf.kind}|${tag}`)) {
        tagged.add(`${leaf.kind}|${tag}`);
        chunk.tags.push({ kind: leaf.kind, lotNumber: tag });
      }
      chunk.photos.push({ id: photoId, lotId: id, position, url: photoUrl(leaf.kind, variant, tag), previousId });
      previousId = photoId;
    });
    lotOrdinal++;
  };

  for (const plan of input.plans) {
    for (let sequence = 1; sequence <= plan.lotCount; sequence++) {
      emit(plan, sequence);
      if (chunk.lots.length >= chunkSize) {
        yield chunk;
        chunk = { lots: [], photos: [], tags: [] };
      }
    }
  }
  for (let sequence = 1; sequence <= input.standaloneCount; sequence++) {
    emit(null, sequence);
    if (chunk.lots.length >= chunkSize) {
      yield chunk;
      chunk = { lots: [], photos: [], tags: [] };
    }
  }
  if (chunk.lots.length > 0) yield chunk;
}

/** Mostly from the event's themes, sometimes anything (mixed consignments). */
function pickLeaf(rng: Rng, catalog: Catalog, plan: EventPlan | null): Leaf {
  if (plan && rng.chance(0.75)) {
    const themed = catalog.leavesByKind.get(rng.pick(plan.kinds));
    if (themed && themed.length > 0) return rng.pick(themed);
  }
  return rng.pick(catalog.leaves);
}

/** Most assets sit at the event's main location. */
function pickLocation(rng: Rng, plan: EventPlan) {
  return plan.locations.length === 1 || rng.chance(0.6) ? at(plan.locations, 0) : rng.pick(plan.locations);
}

/** A 24-hex id in the style of the previous platform's parent ids. */
function objectId(seed: number, ordinal: number): string {
  const part = (salt: number) =>
    mix32(mix32(seed ^ salt) ^ ordinal)
      .toString(16)
      .padStart(8, '0');
  return part(0x51ed) + part(0x2c1b) + part(0x7f4a);
}
