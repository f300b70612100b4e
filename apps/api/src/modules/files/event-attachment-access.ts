import type { Executor } from '@lotline/db';
import { eventAttachments, events } from '@lotline/db/schema';
import { and, eq, inArray } from 'drizzle-orm';
import { publicEventCondition } from '../lots/visibility';
import { sellerCompanyIds } from '../sellers/company-members';

/**
 * An event attachment's file (decision 0085) stays a private upload, as a lot document's does
 * (decision 0056); who may read it follows its event: anyone while an event listing it is open to
 * buyers (not a draft), and the users of the event's company always.
 */

/** Whether an event open to buyers lists this upload among its attachments. */
export async function isPublicEventAttachment(db: Executor, relative: string): Promise<boolean> {
  const [row] = await db
    .select({ id: eventAttachments.id })
    .from(eventAttachments)
    .innerJoin(events, eq(events.id, eventAttachments.eventId))
    .where(and(eq(eventAttachments.uploadKey, relative), publicEventCondition()))
    .limit(1);
  return row !== undefined;
}

/** Whether the user answers for a company whose event lists this upload among its attachments. */
export async function isCompanyEventAttachment(db: Executor, relative: string, userId: string): Promise<boolean> {
  const companyIds = await sellerCompanyIds(db, userId);
  if (companyIds.length === 0) return false;
  const [row] = await db
    .select({ id: eventAttachments.id })
    .from(eventAttachments)
    .innerJoin(events, eq(events.id, eventAttachments.eventId))
    .where(and(eq(eventAttachments.uploadKey, relative), inArray(events.companyId, companyIds)))
    .limit(1);
  return row !== undefined;
}
