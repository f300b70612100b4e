import type { Database } from '@lotline/db';
import { events } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { isStaff } from '../../lib/http/authorize';
import { requireOwnRow } from '../sellers/company-access';

/**
 * Who decides registrations of an event that asks approval (BIDDING §6 "the
 * seller's approval"): the seller users of the event's company, and Lotline
 * staff (`asStaff`: their decisions go to the audit log). An unknown event is 404; anyone else is refused (403,
 * decision 0054).
 */
export async function requireReviewerOf(
  db: Database,
  userId: string,
  eventId: string,
): Promise<{ name: string; asStaff: boolean }> {
  const [event] = await db
    .select({ companyId: events.companyId, name: events.name })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event) throw AppError.notFound('No such event.');
  if (await isStaff(db, userId)) return { name: event.name, asStaff: true };
  await requireOwnRow(db, userId, event, 'No such event.');
  return { name: event.name, asStaff: false };
}
