import type { LotFallbackResponse, LotSearchParams } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { lotSearch } from '@lotline/db/schema';
import { and, desc } from 'drizzle-orm';
import { selectLotCards } from '../lots/select-lot-cards';
import type { FeatureOverrides } from '../platform/get-feature-flags';
import { correctKeyword } from './correct-keyword';
import { activeLotCondition, categoryBySlug, popularOrder } from './fillers-conditions';
import { buildLotSearchConditions } from './lot-search-filter';

/** At most this many lots in a fallback row. */
export const FALLBACK_LIMIT = 12;

/**
 * What the browse page shows when a lot search found nothing (spec §2 info
 * banners), first that applies:
 *  - past: sold lots matching the same search, as if status were past (the
 *    sold-only view: unsold lots are not offered as "sold before"), most
 *    recently ended first;
 *  - popular: open lots a buyer can see, whatever the search, most bids first;
 *  - none: nothing to show.
 * It does not re-run the search: the web calls it after an empty result.
 */
export async function findLotFallback(
  db: Database,
  params: LotSearchParams,
  flags: FeatureOverrides,
  opts: { now?: Date; allowPrivateSales?: boolean } = {},
): Promise<LotFallbackResponse> {
  const now = opts.now ?? new Date();
  // The same checks and keyword correction as the lot search it stands in for.
  const category = params['product-category'];
  const [, corrected] = await Promise.all([
    category === undefined ? undefined : categoryBySlug(db, category),
    correctKeyword(db, params.keyword),
  ]);
  const past = buildLotSearchConditions(
    { ...params, keyword: corrected.keyword, status: 'past' },
    { now, soldOnly: true, allowPrivateSales: opts.allowPrivateSales },
  );
  const pastIds = await db
    .select({ id: lotSearch.lotId })
    .from(lotSearch)
    .where(and(...past))
    // Matches the (ended_at, lot_id) index read backwards.
    .orderBy(desc(lotSearch.endedAt), desc(lotSearch.lotId))
    .limit(FALLBACK_LIMIT);
  if (pastIds.length > 0) {
    const lots = await selectLotCards(db, { ids: pastIds.map((r) => r.id) }, flags);
    return { kind: 'past', lots };
  }

  const popular = await selectLotCards(
    db,
    {
      where: activeLotCondition(now),
      orderBy: popularOrder,
      limit: FALLBACK_LIMIT,
    },
    flags,
  );
  if (popular.length > 0) return { kind: 'popular', lots: popular };
  return { kind: 'none', lots: [] };
}
