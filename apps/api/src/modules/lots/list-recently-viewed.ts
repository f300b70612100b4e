import { RECENTLY_VIEWED_LIMIT, type RecentlyViewedResponse } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FeatureOverrides } from '../platform/get-feature-flags';
import { resolveLotIds } from './resolve-lot-ids';
import { selectLotCards } from './select-lot-cards';

/**
 * The 'RECENTLY VIEWED' row (spec §7): the first four ids of the lots_viewed
 * cookie, in the cookie's order; hidden or otherwise not public lots are left
 * out (so fewer than four may come back), and a lot named twice shows once.
 */
export async function listRecentlyViewed(
  db: Database,
  ids: string[],
  flags: FeatureOverrides,
): Promise<RecentlyViewedResponse> {
  const resolved = await resolveLotIds(db, ids.slice(0, RECENTLY_VIEWED_LIMIT));
  const lotIds = resolved.filter((id): id is string => id !== undefined);
  return { eventLots: await selectLotCards(db, { ids: lotIds }, flags) };
}
