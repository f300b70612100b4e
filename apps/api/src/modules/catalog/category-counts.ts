import type { Database } from '@lotline/db';
import { countListedLotsByCategory } from '../search/lot-counts';

/**
 * Listed lots per category (own lots only), from the search count table
 * (search/lot-counts.ts). Callers roll the counts up the tree: a category's
 * pathId names every ancestor, so adding a category's own count to each id on
 * its path gives counts with descendants.
 */
export function listedLotsByCategory(db: Database, now: Date = new Date()): Promise<Map<string, number>> {
  return countListedLotsByCategory(db, now);
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
