import type { Database } from '@lotline/db';
import { eventLots } from '@lotline/db/schema';
import { and, asc, inArray, or } from 'drizzle-orm';
import { publicLotCondition } from './visibility';

/**
 * Turns the ids found in lot URLs and the lots_viewed cookie into event-lot
 * ids. Spec §2: a lot URL carries the marketplace-2 id, else the parent id,
 * else the item id, so an id is looked up in that order of precedence. Only
 * publicly visible lots can be found (a hidden lot reads as unknown). Several
 * lots may share a parent; the first by sequence stands for the group.
 *
 * One query for all ids; answers `undefined` where nothing visible matches.
 */
export async function resolveLotIds(db: Database, ids: string[]): Promise<(string | undefined)[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: eventLots.id, mp2Id: eventLots.mp2Id, parentId: eventLots.parentId })
    .from(eventLots)
    .where(
      and(
        or(inArray(eventLots.mp2Id, ids), inArray(eventLots.parentId, ids), inArray(eventLots.id, ids)),
        publicLotCondition(),
      ),
    )
    .orderBy(asc(eventLots.sequence), asc(eventLots.id));
  return ids.map(
    (id) =>
      (rows.find((r) => r.mp2Id === id) ?? rows.find((r) => r.parentId === id) ?? rows.find((r) => r.id === id))?.id,
  );
}
