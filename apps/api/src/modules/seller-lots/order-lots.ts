import type { Database } from '@lotline/db';
import { eventLots } from '@lotline/db/schema';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { requireOwnEvent } from '../sellers/company-access';
import { alignLotTimes, assertDraft, lockEvent } from './lot-writes';

/** Every id exactly once: the same set as `all`, no repeats (400 on `field` otherwise). */
export function assertPermutation(given: string[], all: string[], field: string, what: string): void {
  const known = new Set(all);
  if (given.length !== all.length || new Set(given).size !== given.length || given.some((id) => !known.has(id))) {
    throw AppError.validation(`List every ${what} exactly once (${all.length} in all).`, field);
  }
}

/**
 * Sets the event's lot order (`sequence` 1…n) while it is a draft, and each
 * lot's staggered end with it (BIDDING §5): once published, the order is each
 * lot's end, which bidders rely on (409 EVENT_PUBLISHED).
 */
export async function orderLots(db: Database, userId: string, eventId: string, lotIds: string[]): Promise<void> {
  await requireOwnEvent(db, userId, eventId);
  await db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    assertDraft(event, 'reordered');
    const lots = await tx.select({ id: eventLots.id }).from(eventLots).where(eq(eventLots.eventId, eventId));
    assertPermutation(
      lotIds,
      lots.map((l) => l.id),
      'lotIds',
      'lot of the event',
    );
    await tx.execute(sql`update event_lots set sequence = o.position
      from unnest(${sql.param(lotIds)}::text[]) with ordinality as o(id, position)
      where event_lots.id = o.id`);
    await alignLotTimes(tx, event);
  });
}
