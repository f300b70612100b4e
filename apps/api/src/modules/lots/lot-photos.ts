import type { Database } from '@lotline/db';
import { lotPhotos } from '@lotline/db/schema';
import { asc, inArray } from 'drizzle-orm';
import { type PhotoRow, photoColumns } from './lot-card-columns';

/**
 * The photos of a set of lots in display order, in one query whatever the
 * number of lots. Shared by every endpoint that answers lot cards.
 */
export async function photosOf(db: Database, lotIds: string[]): Promise<Map<string, PhotoRow[]>> {
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
