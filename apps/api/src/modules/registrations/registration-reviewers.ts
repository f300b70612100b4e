import type { Database } from '@lotline/db';
import { events } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { isStaff } from '../../lib/http/authorize';
import { sellerCompanyIds } from '../messaging/participants';

/**
 * Who decides registrations of an event that asks approval (BIDDING §6 "the
 * seller's approval"): the seller users of the event's company, and Lotline
 * staff. Anyone else is told the event does not exist (its queue is private).
 */
export async function requireReviewerOf(db: Database, userId: string, eventId: string): Promise<{ name: string }> {
  const [event] = await db
    .select({ companyId: events.companyId, name: events.name })
    .from(events)
    .where(eq(events.id, eventId));
  if (event && ((await isStaff(db, userId)) || (await sellerCompanyIds(db, userId)).includes(event.companyId)))
    return { name: event.name };
  throw AppError.notFound('No such event.');
}
