import type { SellerLot, SellerLotPhoto } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { brands, eventLots, events, lotPhotos } from '@lotline/db/schema';
import { asc, eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { lotDocumentsOf } from '../lots/lot-documents';
import { lotLocks } from './lot-locks';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The photos of one lot in display order (the first is the card photo). */
export async function lotPhotosOf(db: Executor, lotId: string): Promise<SellerLotPhoto[]> {
  const rows = await db
    .select({ _id: lotPhotos.id, url: lotPhotos.url, position: lotPhotos.position })
    .from(lotPhotos)
    .where(eq(lotPhotos.lotId, lotId))
    .orderBy(asc(lotPhotos.position));
  return rows;
}

/** One lot as the console's form shows it: every field, its photos and what is locked. */
export async function readSellerLot(db: Executor, lotId: string): Promise<SellerLot> {
  const [row] = await db
    .select({ lot: eventLots, event: events, brand: brands.uniqueName })
    .from(eventLots)
    .innerJoin(events, eq(events.id, eventLots.eventId))
    .leftJoin(brands, eq(brands.id, eventLots.brandId))
    .where(eq(eventLots.id, lotId));
  if (!row) throw AppError.notFound('No such lot.');
  const { lot, event } = row;
  const [photos, documents, { locks }] = await Promise.all([
    lotPhotosOf(db, lotId),
    lotDocumentsOf(db, lotId),
    lotLocks(db, event, lot),
  ]);
  return {
    _id: lot.id,
    eventId: event.id,
    status: lot.status,
    sequence: lot.sequence,
    currency: lot.currency,
    startAt: iso(lot.startAt),
    endedAt: iso(lot.endedAt),
    scheduledEndAt: iso(lot.scheduledEndAt),
    bidsCount: lot.bidsCount,
    photos,
    documents,
    locks,
    number: lot.number,
    name: lot.name,
    description: lot.description,
    productCategoryId: lot.productCategoryId,
    brand: row.brand,
    catalogProductId: lot.catalogProductId,
    quantity: lot.quantity,
    type: lot.type,
    startingBid: lot.startingBid,
    reserveBid: lot.reserveBid,
    buyItNowPrice: lot.buyItNowPrice,
    bestOfferEnabled: lot.bestOfferEnabled,
    managedShipping: lot.managedShipping,
    riggingCost: lot.riggingCost,
    riggingParty: lot.riggingParty,
    loadingCost: lot.loadingCost,
    loadingParty: lot.loadingParty,
    shippingCost: lot.shippingCost,
    shippingParty: lot.shippingParty,
    shippingOptions: lot.shippingOptions,
    shippingPackageType: lot.shippingPackageType,
    shippingPackageCount: lot.shippingPackageCount,
    marketDemand: lot.marketDemand,
    forcedLiquidationValue: lot.forcedLiquidationValue,
    orderlyLiquidationValue: lot.orderlyLiquidationValue,
    grossBookValue: lot.grossBookValue,
    netBookValue: lot.netBookValue,
    transferValue: lot.transferValue,
    dispositionLocationId: lot.dispositionLocationId,
  };
}
