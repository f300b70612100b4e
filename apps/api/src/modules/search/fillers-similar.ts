import type { LotCard } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { and } from 'drizzle-orm';
import { selectLotCards } from '../lots/select-lot-cards';
import type { FeatureOverrides } from '../platform/get-feature-flags';
import { activeLotCondition, categoryBySlug, lotInSubtree, popularOrder } from './fillers-conditions';

/**
 * "You might also like these assets based on this category" (spec §2): open
 * lots a buyer can see in the category or under it, most bids first.
 */
export async function listSimilarLots(
  db: Database,
  input: { productCategory: string; limit: number },
  flags: FeatureOverrides,
  now: Date = new Date(),
): Promise<LotCard[]> {
  const category = await categoryBySlug(db, input.productCategory);
  const where = and(activeLotCondition(now), lotInSubtree(db, category));
  return selectLotCards(db, { where, orderBy: popularOrder, limit: input.limit }, flags);
}
