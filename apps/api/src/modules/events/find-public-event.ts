import type { Database } from '@lotline/db';
import { events } from '@lotline/db/schema';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { publicEventCondition } from '../lots/visibility';

/**
 * The event a buyer may open, or NOT_FOUND. A draft is the seller's alone
 * (spec §3), so it answers exactly as an id that does not exist: its
 * existence is not revealed.
 */
export async function findPublicEvent(db: Database, eventId: string) {
  const [event] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, eventId), publicEventCondition()))
    .limit(1);
  if (!event) throw AppError.notFound('Event not found');
  return event;
}
