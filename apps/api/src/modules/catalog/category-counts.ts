import type { Database } from '@lotline/db';
import { eventLots } from '@lotline/db/schema';
import { and, count, isNotNull } from 'drizzle-orm';
import { listedLotCondition } from '../events/lot-visibility';

/**
 * Listed lots per category (own lots only), one grouped scan. Callers roll the
 * counts up the tree: a category's pathId names every ancestor, so adding a
 * category's own count to each id on its path gives counts with descendants.
 */
export async function listedLotsByCategory(db: Database, now: Date = new Date()): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: eventLots.productCategoryId, n: count() })
    .from(eventLots)
    .where(and(isNotNull(eventLots.productCategoryId), listedLotCondition(now)))
    .groupBy(eventLots.productCategoryId);
  return new Map(rows.map((r) => [r.id as string, r.n]));
}

/** Own counts rolled up to every ancestor on each category's path ('/a/b/'). */
export function rollUp(categories: { id: string; pathId: string }[], own: Map<string, number>): Map<string, number> {
  const total = new Map<string, number>();
  for (const c of categories) {
    const n = own.get(c.id) ?? 0;
    if (n === 0) continue;
    for (const ancestor of c.pathId.split('/').filter(Boolean)) total.set(ancestor, (total.get(ancestor) ?? 0) + n);
  }
  return total;
}
