import { RECENTLY_VIEWED_LIMIT, type RecentlyViewedResponse } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { type EventLotRow, toEventLotSource } from '../events/event-lot-source';
import { photosOf } from '../events/lot-photos';
import { resolveLotIds } from './resolve-lot-ids';
import { selectLotCards } from './select-lot-cards';

/**
 * The 'RECENTLY VIEWED' row (spec §7): the first four ids of the lots_viewed
 * cookie, in the cookie's order; hidden or otherwise not public lots are left
 * out (so fewer than four may come back), and a lot named twice shows once.
 */
export async function listRecentlyViewed(db: Database, ids: string[]): Promise<RecentlyViewedResponse> {
  const resolved = await resolveLotIds(db, ids.slice(0, RECENTLY_VIEWED_LIMIT));
  const lotIds = [...new Set(resolved.filter((id): id is string => id !== undefined))];
  if (lotIds.length === 0) return { eventLots: [] };

  const [rows, photos] = await Promise.all([selectLotCards(db, lotIds), photosOf(db, lotIds)]);
  const byId = new Map<string, EventLotRow>(rows.map((r) => [r.id, r as EventLotRow]));
  return {
    eventLots: lotIds.flatMap((id) => {
      const row = byId.get(id);
      return row ? [{ _id: id, _source: toEventLotSource(row, photos.get(id) ?? []) }] : [];
    }),
  };
}
