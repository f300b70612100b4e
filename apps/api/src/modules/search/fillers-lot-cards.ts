import type { LotCard } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import {
  brands,
  companies,
  dispositionLocations,
  eventLots,
  events,
  lotPhotos,
  productCategories,
} from '@lotline/db/schema';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { eventLotColumns, type PhotoRow, photoColumns, toEventLotSource } from '../events/event-lot-source';

/**
 * Lot cards (the event-lots `_source`) for the short rows of the browse page:
 * fillers, fallbacks, similar lots. Two round trips: the rows, then their photos.
 */
export async function selectLotCards(
  db: Database,
  where: SQL | undefined,
  orderBy: SQL[],
  limit: number,
): Promise<LotCard[]> {
  const rows = await db
    .select(eventLotColumns)
    .from(eventLots)
    .innerJoin(companies, eq(companies.id, eventLots.companyId))
    .leftJoin(events, eq(events.id, eventLots.eventId))
    .leftJoin(productCategories, eq(productCategories.id, eventLots.productCategoryId))
    .leftJoin(brands, eq(brands.id, eventLots.brandId))
    .leftJoin(dispositionLocations, eq(dispositionLocations.id, eventLots.dispositionLocationId))
    .where(where)
    .orderBy(...orderBy)
    .limit(limit);
  const photos = await photosOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ _id: r.id, _source: toEventLotSource(r, photos.get(r.id) ?? []) }));
}

/** Cards for explicit ids (a section's `config.lotIds`), in the given order; ids not matching `where` drop out. */
export async function selectLotCardsByIds(
  db: Database,
  ids: string[],
  where: SQL | undefined,
  limit: number,
): Promise<LotCard[]> {
  const wanted = [...new Set(ids)].slice(0, 200);
  if (wanted.length === 0) return [];
  const found = await selectLotCards(db, and(inArray(eventLots.id, wanted), where), [], wanted.length);
  const byId = new Map(found.map((c) => [c._id, c]));
  return wanted.flatMap((id) => byId.get(id) ?? []).slice(0, limit);
}

async function photosOf(db: Database, lotIds: string[]): Promise<Map<string, PhotoRow[]>> {
  const byLot = new Map<string, PhotoRow[]>();
  if (lotIds.length === 0) return byLot;
  const photos = await db
    .select(photoColumns)
    .from(lotPhotos)
    .where(inArray(lotPhotos.lotId, lotIds))
    .orderBy(asc(lotPhotos.lotId), asc(lotPhotos.position));
  for (const p of photos) {
    const list = byLot.get(p.lotId);
    if (list) list.push(p);
    else byLot.set(p.lotId, [p]);
  }
  return byLot;
}
