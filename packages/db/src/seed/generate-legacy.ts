/** Read-only listings from the previous platform, with a few bids each. */
import type { legacyLotBids, legacyLots } from '../schema/index';
import { type Catalog, photoUrl } from './generate-catalog';
import type { Seller } from './generate-sellers';
import { lotName } from './lot-names';
import { makeId, type Rng } from './random';
import { PLACES } from './reference/index';
import { DAY_MS, slugify, toMinorUnits } from './text';

export type LegacyLotRow = typeof legacyLots.$inferInsert;
export type LegacyBidRow = typeof legacyLotBids.$inferInsert;

export const LEGACY_LOT_COUNT = 200;

export function generateLegacy(
  rng: Rng,
  seed: number,
  now: number,
  catalog: Catalog,
  sellers: Seller[],
  eventLotCount: number,
): { lots: LegacyLotRow[]; bids: LegacyBidRow[] } {
  const lots: LegacyLotRow[] = [];
  const bids: LegacyBidRow[] = [];
  for (let i = 0; i < LEGACY_LOT_COUNT; i++) {
    const seller = rng.pick(sellers);
    const leaf = rng.pick(catalog.leaves);
    const model = rng.pick(leaf.models);
    const title = lotName(rng, leaf, model, rng.int(model.spec[3], model.spec[4]), 1);
    const status = rng.weighted([
      ['Sold', 55],
      ['Unsold', 35],
      ['Active', 5],
      ['Paused', 5],
    ] as const);
    const endedAt =
      status === 'Sold' || status === 'Unsold'
        ? now - rng.float(100, 3 * 365) * DAY_MS
        : status === 'Active'
          ? now + rng.float(1, 20) * DAY_MS
          : null;
    const photos = rng.sample([0, 1, 2, 3, 4, 5], rng.int(1, 4)).map((v) => ({ url: photoUrl(leaf.kind, v) }));
    const price = rng.logUniform(leaf.profile.price[0], leaf.profile.price[1]);
    const listingPrice = toMinorUnits(seller.currency === 'CAD' ? price * 1.35 : price);
    const place = rng.chance(0.7) ? seller.place : rng.pick(PLACES.filter((p) => p.country === seller.place.country));
    const id = makeId('leg', seed, i);
    const bidCount =
      status === 'Sold' ? rng.int(1, 8) : status === 'Unsold' ? rng.int(0, 3) : status === 'Active' ? rng.int(0, 5) : 0;
    const createdAt = (endedAt ?? now) - rng.float(20, 45) * DAY_MS;
    const closesAt = Math.min(endedAt ?? now, now);
    for (let b = 0; b < bidCount; b++) {
      // Ascending bids that finish at the sale price for sold lots.
      const share = 0.3 + (0.7 * (b + 1)) / bidCount;
      bids.push({
        id: makeId('lgb', seed, bids.length),
        legacyLotId: id,
        amount: toMinorUnits((listingPrice / 100) * (status === 'Sold' ? share : share * 0.6)),
        placedAt: new Date(Math.floor(createdAt + ((closesAt - createdAt) * (b + 1)) / (bidCount + 1))),
      });
    }
    lots.push({
      id,
      title,
      titleSeo: `${slugify(title)}-${i + 1}`,
      number: String(rng.int(1, 450)),
      status,
      photoUrl: photos[0]?.url ?? null,
      photos,
      endedAt: endedAt === null ? null : new Date(Math.floor(endedAt / 60_000) * 60_000),
      listingPrice,
      currency: seller.currency,
      companyId: seller.row.id,
      addressString: `${place.city}, ${place.region}`,
      mode: 'lot',
      auctionId: String(rng.int(10_000, 99_999)),
      auctionType: rng.chance(0.15) ? 'tender' : 'auction',
      bidsCount: bidCount,
      arsEventLotId: eventLotCount > 0 && rng.chance(0.1) ? makeId('lot', seed, rng.int(0, eventLotCount - 1)) : null,
      createdAt: new Date(Math.floor(createdAt)),
    });
  }
  return { lots, bids };
}
