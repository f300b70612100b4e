import { bigint, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { money, utc } from './columns';
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
