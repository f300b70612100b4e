import { sql } from 'drizzle-orm';
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { utc } from './columns';
import { eventLots } from './lots';

/**
 * A published lot's changes not yet announced to the people who follow it (issue 25, decision 0064): its
 * bidders, offerers, tenderers, buyers and watchers. One row per lot, written in the transaction of the
 * seller's edit (description, photos, documents) and emptied by the announcing job when the mails go out.
 */
export const lotChangeNotices = pgTable(
  'lot_change_notices',
  {
    lotId: text('lot_id')
      .primaryKey()
      .references(() => eventLots.id, { onDelete: 'cascade' }),
    /** What changed since the last announcement (`description`, `details`, `photos`, `documents`); empty: nothing. */
    changes: text('changes').array().notNull().default(sql`'{}'::text[]`),
    /** The first change not announced yet; null while nothing is pending. */
    pendingSince: utc('pending_since'),
    /** When the last announcement went out (at most one an hour, decision 0064). */
    announcedAt: utc('announced_at'),
  },
  (t) => [index('lot_change_notices_pending_idx').on(t.pendingSince).where(sql`pending_since is not null`)],
);
