import { sql } from 'drizzle-orm';
import { index, jsonb, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, utc } from './columns';
import { orderPayments } from './orders';

/**
 * Why staff must look at a provider's payment event (issue 26, decision 0071):
 * - `mismatch`: the event names one of our payment attempts but its payment id, amount or currency differ;
 * - `orphan`: an order-payment event for no attempt we know;
 * - `late-success`: the provider took money for an attempt already recorded failed (refunded, or to refund).
 */
export const paymentAlertKind = pgEnum('payment_alert_kind', ['mismatch', 'orphan', 'late-success']);

/**
 * A provider's event the webhook refused to apply, or money it took that no order keeps: open until staff (or a
 * refund that went through) resolve it. One per event and kind, so a retried delivery records nothing twice.
 */
export const paymentAlerts = pgTable(
  'payment_alerts',
  {
    id: text('id').primaryKey(),
    kind: paymentAlertKind('kind').notNull(),
    /** The provider's event id (`evt_…`). */
    eventId: text('event_id').notNull(),
    /** Our attempt the event named, when there is one. */
    attemptId: text('attempt_id').references(() => orderPayments.id),
    /** What differed (expected / got), or the refund made for a late success. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    resolvedAt: utc('resolved_at'),
  },
  (t) => [
    uniqueIndex('payment_alerts_event_kind_key').on(t.eventId, t.kind),
    index('payment_alerts_open_idx').on(t.createdAt).where(sql`${t.resolvedAt} is null`),
  ],
);
