import type { LotCard } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { eventLots } from '@lotline/db/schema';
import { and, inArray, type SQL } from 'drizzle-orm';
import type { FeatureOverrides } from '../platform/get-feature-flags';
import { type LotCardRow, lotCardColumns, type PhotoRow, withLotCardJoins } from './lot-card-columns';
import { toLotCardSource } from './lot-card-source';
import { photosOf } from './lot-photos';

/**
 * Which cards to read. Callers apply visibility themselves, in `where`
 * (lots/visibility.ts says which condition answers which question).
 * - `ids`: these lots, in the order given, each once; ids that are unknown or
 *   do not match `where` drop out; then at most `limit`.
 * - otherwise: the lots matching `where`, in `orderBy` order, a window of
 *   `limit` from `offset`.
 */
export type LotCardsQuery =
  | { ids: readonly string[]; where?: SQL | undefined; limit?: number }
  | { ids?: undefined; where: SQL | undefined; orderBy: SQL[]; limit: number; offset?: number };

/**
 * Lot cards (the contract's `LotCard`: `_id` and the event-lot `_source` with
 * its photos in display order), the one read behind every answer of cards:
 * lot search, event lots, fillers, fallbacks, similar lots, recently viewed.
 * Two queries: the card rows, and their photos (side by side when the ids are known).
 */
export async function selectLotCards(db: Database, query: LotCardsQuery, flags: FeatureOverrides): Promise<LotCard[]> {
  if (query.ids === undefined) {
    const window = lotCardsQuery(db)
      .where(query.where)
      .orderBy(...query.orderBy)
      .limit(query.limit);
    const rows = await (query.offset === undefined ? window : window.offset(query.offset));
    const photos = await photosOf(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toLotCard(r, photos.get(r.id), flags));
  }
  const ids = [...new Set(query.ids)];
  if (ids.length === 0) return [];
  const [rows, photos] = await Promise.all([
    lotCardsQuery(db).where(and(inArray(eventLots.id, ids), query.where)),
    photosOf(db, ids),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  // A lot deleted between the caller's read and this one is left out rather than shown half-built.
  const cards = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toLotCard(row, photos.get(id), flags)] : [];
  });
  return query.limit === undefined ? cards : cards.slice(0, query.limit);
}

function lotCardsQuery(db: Database) {
  return withLotCardJoins(db.select(lotCardColumns).from(eventLots).$dynamic());
}

function toLotCard(row: LotCardRow, photos: PhotoRow[] | undefined, flags: FeatureOverrides): LotCard {
  return { _id: row.id, _source: toLotCardSource(row, photos ?? [], flags) };
}
