import { SELLER_EVENT_CODES, type SellerEvent } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { eventLots, events } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { dbNow } from '../../lib/db-now';
import { AppError } from '../../lib/errors';
import { applyEventLotEnds } from '../closing/schedule-event-lot-ends';
import { publishEventChanges, publishLotChanges } from '../live/publish-lot-changes';
import { touchLots } from '../seller-lots/lot-writes';
import { commissionToFreeze } from '../seller-results/commission-rate';
import { requireOwnEvent } from '../sellers/company-access';
import { readSellerEvent } from './event-view';
import { publishProblems } from './publish-checks';

/**
 * draft → published or view-only (spec §3), the only way out of draft and
 * never back. The search projection copies the new status onto the lots'
 * rows in this transaction (migration 0003's event trigger), so the event and
 * its lots are in browse, search, facets and the sitemaps as soon as it commits;
 * the lots' staggered ends are scheduled from the event's end (BIDDING §5), and
 * every lot is announced to the live stream under a new change_seq; the event
 * itself too, so that the page caches drop the seller's page and the browse
 * pages, which now list it and its lots (decision 0103).
 */
export async function publishEvent(
  db: Database,
  userId: string,
  eventId: string,
  as: 'published' | 'view-only',
): Promise<SellerEvent> {
  await requireOwnEvent(db, userId, eventId);
  const shown = await db.transaction(async (tx) => {
    const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for('update');
    if (!event) throw AppError.notFound('No such event.');
    if (event.status !== 'draft') {
      throw new AppError('CONFLICT', `The event is already ${event.status}: only a draft can be published.`);
    }
    const [first, ...more] = await publishProblems(tx, event, await dbNow(tx));
    if (first) {
      throw new AppError(SELLER_EVENT_CODES.publishChecksFailed, first.message, {
        status: 409,
        ...(first.field ? { field: first.field } : {}),
        more,
      });
    }
    // The commission is frozen here (decision 0078): a later change of the company's override or of the
    // marketplace default leaves this event's sales at the rate it was published with.
    const commissionBps = await commissionToFreeze(tx, event.companyId);
    await tx.update(events).set({ status: as, commissionBps }).where(eq(events.id, eventId));
    await applyEventLotEnds(tx, eventId);
    // Every lot turns public now, even one whose end was already in place: the live stream sends it from
    // here on (nothing before), and its page dates from now (the lot sitemap's lastmod).
    return touchLots(tx, eq(eventLots.eventId, eventId));
  });
  if (shown.length > 0) await publishLotChanges(db, shown);
  await publishEventChanges(db, [eventId]);
  return readSellerEvent(db, eventId);
}
