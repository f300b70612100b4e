import type { LotCard } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { eventLots } from '@lotline/db/schema';
import { and, inArray, type SQL } from 'drizzle-orm';
import { toEventLotSource } from '../events/event-lot-source';
import { photosOf } from '../events/lot-photos';
import { lotCardsQuery } from '../lots/select-lot-cards';

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
  const rows = await lotCardsQuery(db)
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
