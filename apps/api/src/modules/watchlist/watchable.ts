import type { Database } from '@lotline/db';
import { companies, eventLots, events, legacyLots, type watchedDocumentType } from '@lotline/db/schema';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { publicEventCondition, publicLotCondition } from '../lots/visibility';

export type WatchedType = (typeof watchedDocumentType.enumValues)[number];

const NOT_FOUND: Record<WatchedType, string> = {
  'event-lot': 'Lot not found',
  event: 'Event not found',
  'legacy-lot': 'Lot not found',
  company: 'Seller not found',
};

/** Whether a buyer may see the document at all; hidden lots and draft events answer as unknown ones. */
async function exists(db: Database, type: WatchedType, id: string): Promise<boolean> {
  switch (type) {
    case 'event-lot': {
      const rows = await db
        .select({ id: eventLots.id })
        .from(eventLots)
        .where(and(eq(eventLots.id, id), publicLotCondition()))
        .limit(1);
      return rows.length > 0;
    }
    case 'event': {
      const rows = await db
        .select({ id: events.id })
        .from(events)
        .where(and(eq(events.id, id), publicEventCondition()))
        .limit(1);
      return rows.length > 0;
    }
    case 'legacy-lot': {
      const rows = await db.select({ id: legacyLots.id }).from(legacyLots).where(eq(legacyLots.id, id)).limit(1);
      return rows.length > 0;
    }
    case 'company': {
      const rows = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id)).limit(1);
      return rows.length > 0;
    }
  }
}

/** Throws NOT_FOUND unless the document can be watched. */
export async function assertWatchable(db: Database, type: WatchedType, id: string): Promise<void> {
  if (!(await exists(db, type, id))) throw AppError.notFound(NOT_FOUND[type]);
}
