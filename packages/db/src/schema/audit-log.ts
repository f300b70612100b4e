import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { utc } from './columns';
import { users } from './platform';

/**
 * Every staff write, one row each, in the transaction of the write it records (issue 27, decision 0073).
 * Append-only: a trigger (migration 0032) refuses UPDATE and DELETE. `at` is the database clock.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    at: utc('at').notNull().defaultNow(),
    actorId: text('actor_id')
      .notNull()
      .references(() => users.id),
    /** Dotted verb, e.g. `user.disable`, `wire.received`. */
    action: text('action').notNull(),
    /** What was written, e.g. `user`, `order`, `feature-flag`. */
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.at),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.at),
  ],
);
