import type { LotCard } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { and } from 'drizzle-orm';
import { activeLotCondition, categoryBySlug, lotInSubtree, popularOrder } from './fillers-conditions';
import { selectLotCards } from './fillers-lot-cards';

/**
 * "You might also like these assets based on this category" (spec §2): open
 * lots a buyer can see in the category or under it, most bids first.
 */
export async function listSimilarLots(
  db: Database,
  input: { productCategory: string; limit: number },
  now: Date = new Date(),
): Promise<LotCard[]> {
  const category = await categoryBySlug(db, input.productCategory);
  return selectLotCards(db, and(activeLotCondition(now), lotInSubtree(db, category)), popularOrder, input.limit);
}
