import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { money, utc } from './columns';
import { events } from './events';
import { eventLots } from './lots';
import { users } from './platform';

/*
 * The marketplace's own hand on events and lots (decisions 0081 and 0082): a lot withdrawn by staff, and the
 * standing maximum bids withdrawn with a disabled account. Both are facts kept beside the engine's rows, which
 * stay as they were written (the bid history is append-only).
 */

/**
 * A lot staff withdrew from sale (decision 0081): the lot itself moved to Unsold by the lifecycle's `withdraw`;
 * this row says why and who, for the lot page ("Withdrawn by the marketplace: …") and the audit trail.
 */
export const lotWithdrawals = pgTable('lot_withdrawals', {
  lotId: text('lot_id')
    .primaryKey()
    .references(() => eventLots.id),
  reason: text('reason').notNull(),
  actorId: text('actor_id')
    .notNull()
    .references(() => users.id),
  withdrawnAt: utc('withdrawn_at').notNull().defaultNow(),
});

/**
 * A bidder's standing maximum withdrawn from an open lot (decision 0082): their bid rows up to `upToSeq` no
 * longer count when the lot's price and leader are replayed from its history. `maxAmount` is the maximum that
 * was withdrawn, kept for the record (the standing row's own maximum is zeroed).
 */
export const withdrawnBids = pgTable(
  'withdrawn_bids',
  {
    lotId: text('lot_id')
      .notNull()
      .references(() => eventLots.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** The last history row (`bids.seq`) of the user on the lot when it was withdrawn. */
    upToSeq: bigint('up_to_seq', { mode: 'number' }).notNull(),
    maxAmount: money('max_amount').notNull(),
    reason: text('reason').notNull(),
    withdrawnAt: utc('withdrawn_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.lotId, t.userId, t.upToSeq] }), index('withdrawn_bids_user_idx').on(t.userId)],
);

/**
 * A pause of a published event by staff (decision 0087): while a row has no `resumedAt`, every buyer action on
 * the event and its lots is refused and the closing clock leaves its lots alone; the resume moves the ends of
 * the lots still running at the pause by the paused time (database clock). At most one open pause per event.
 */
export const eventPauses = pgTable(
  'event_pauses',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id),
    reason: text('reason').notNull(),
    pausedBy: text('paused_by')
      .notNull()
      .references(() => users.id),
    pausedAt: utc('paused_at').notNull().defaultNow(),
    resumedBy: text('resumed_by').references(() => users.id),
    resumedAt: utc('resumed_at'),
    /** The time the resume moved the running lots' ends by, in milliseconds. */
    shiftedMs: bigint('shifted_ms', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('event_pauses_open_idx').on(t.eventId).where(sql`${t.resumedAt} is null`),
    index('event_pauses_event_idx').on(t.eventId, t.pausedAt),
  ],
);
