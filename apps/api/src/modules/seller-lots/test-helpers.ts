import { eventLots, lotPhotos } from '@lotline/db/schema';
import { asc, eq } from 'drizzle-orm';
import type { TestApp } from '../../test/app';
import { api, type Caller, createDraft, eventPath, houston, sellerScene } from '../seller-events/test-helpers';
import { uploadFile } from '../tax-exemptions/test-helpers';

/** Helpers for the seller-lots tests: real sign-ups, events and lots made through the routes. */

export const LOTS = '/marketplace-api/seller/lots';
export const lotPath = (id: string) => `${LOTS}/${id}`;
export const eventLotsPath = (eventId: string) => `${eventPath(eventId)}/lots`;

/** A valid lot form for an auction event, unless overridden. */
export function lotBody(overrides: Record<string, unknown> = {}) {
  return {
    number: '1',
    name: 'Centrifugal pump',
    description: 'A 50 hp pump, lightly used.',
    productCategoryId: null,
    brand: null,
    catalogProductId: null,
    quantity: 1,
    type: 'AuctionLot',
    startingBid: 10_000,
    reserveBid: null,
    buyItNowPrice: null,
    bestOfferEnabled: false,
    managedShipping: false,
    riggingCost: 5_000,
    riggingParty: 'seller',
    loadingCost: null,
    loadingParty: null,
    shippingCost: null,
    shippingParty: 'buyer',
    shippingOptions: ['pickup', 'fee'],
    shippingPackageType: 'pallets',
    shippingPackageCount: 2,
    marketDemand: 'high',
    forcedLiquidationValue: 8_000,
    orderlyLiquidationValue: 12_000,
    grossBookValue: 40_000,
    netBookValue: 20_000,
    transferValue: null,
    dispositionLocationId: null,
    ...overrides,
  };
}

/** The seller scene plus a category and a draft auction event with one location. */
export async function lotScene(t: TestApp) {
  const scene = await sellerScene(t);
  const category = await t.make.category();
  const event = await newEvent(t, scene.seller, scene.company.id);
  return { ...scene, category, ...event };
}

/** A draft event of the company with one location (Houston). */
export async function newEvent(t: TestApp, who: Caller, companyId: string, overrides: Record<string, unknown> = {}) {
  const draft = await createDraft(t, who, companyId, overrides);
  const location = await api.post(t, who, `${eventPath(draft._id)}/locations`, houston);
  if (location.statusCode !== 201) throw new Error(`location failed: ${location.body}`);
  return { eventId: draft._id, locationId: location.json().data._id as string };
}

/** Creates a lot through the route; throws unless 201. */
export async function createLot(t: TestApp, who: Caller, eventId: string, overrides: Record<string, unknown> = {}) {
  const res = await api.post(t, who, eventLotsPath(eventId), lotBody(overrides));
  if (res.statusCode !== 201) throw new Error(`create lot failed: ${res.statusCode} ${res.body}`);
  return res.json().data as {
    _id: string;
    number: string;
    name: string;
    sequence: number;
    photos: { _id: string; url: string }[];
  };
}

/** A real 8 × 8 PNG, so the image pipeline can resize it. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGMwaDiAFTEMLQkAztVcAX2XhiIAAAAASUVORK5CYII=',
  'base64',
);

/** Uploads a small PNG as the user through the signed-POST contract and attaches it to the lot. */
export async function addPhoto(t: TestApp, who: { cookie: string }, lotId: string) {
  const key = await uploadFile(t, who.cookie, 'photo.png', PNG);
  const res = await api.post(t, who, `${lotPath(lotId)}/photos`, { uploadId: key });
  if (res.statusCode !== 201) throw new Error(`photo failed: ${res.statusCode} ${res.body}`);
  return { key, photos: res.json().data as { _id: string; url: string }[] };
}

/** The stored lot rows of an event, in sequence order (to prove a refused request changed nothing). */
export async function storedLots(t: TestApp, eventId: string) {
  return t.db.select().from(eventLots).where(eq(eventLots.eventId, eventId)).orderBy(asc(eventLots.sequence));
}

export async function storedPhotos(t: TestApp, lotId: string) {
  return t.db.select().from(lotPhotos).where(eq(lotPhotos.lotId, lotId)).orderBy(asc(lotPhotos.position));
}
