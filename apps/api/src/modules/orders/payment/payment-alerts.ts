import { randomUUID } from 'node:crypto';
import type { Executor } from '@lotline/db';
import { orderPayments, paymentAlerts } from '@lotline/db/schema';
import { asc, eq, isNull, sql } from 'drizzle-orm';

/**
 * The staff's list of provider payments that need a person (issue 26, decision 0071): an event the webhook
 * would not apply (`mismatch`, `orphan`) and money taken for an attempt already failed (`late-success`). The
 * one writer of `payment_alerts`. Open until resolved (a late success's refund that went through resolves it).
 */

export type PaymentAlertKind = (typeof paymentAlerts.$inferInsert)['kind'];

export interface NewPaymentAlert {
  kind: PaymentAlertKind;
  /** The provider's event id, or `retrieve:<attempt id>` for what the stuck-payments job found. */
  eventId: string;
  attemptId: string | null;
  details: Record<string, unknown>;
}

/** Records the alert once per event and kind; its id, or null when this event's alert is already there. */
export async function recordPaymentAlert(tx: Executor, alert: NewPaymentAlert): Promise<string | null> {
  const [row] = await tx
    .insert(paymentAlerts)
    .values({ id: `palert_${randomUUID()}`, ...alert })
    .onConflictDoNothing()
    .returning({ id: paymentAlerts.id });
  return row?.id ?? null;
}

/** Adds to what an alert says (a refund's outcome); `resolved` closes it. */
export async function noteOnPaymentAlert(
  tx: Executor,
  id: string,
  details: Record<string, unknown>,
  resolved: boolean,
): Promise<void> {
  await tx
    .update(paymentAlerts)
    .set({
      details: sql`${paymentAlerts.details} || ${JSON.stringify(details)}::jsonb`,
      ...(resolved ? { resolvedAt: sql`now()` } : {}),
    })
    .where(eq(paymentAlerts.id, id));
}

/** The open alerts, oldest first (at most 200): the staff's queue. */
export function openPaymentAlerts(db: Executor) {
  return db
    .select({
      id: paymentAlerts.id,
      kind: paymentAlerts.kind,
      eventId: paymentAlerts.eventId,
      attemptId: paymentAlerts.attemptId,
      orderId: orderPayments.orderId,
      details: paymentAlerts.details,
      createdAt: paymentAlerts.createdAt,
    })
    .from(paymentAlerts)
    .leftJoin(orderPayments, eq(orderPayments.id, paymentAlerts.attemptId))
    .where(isNull(paymentAlerts.resolvedAt))
    .orderBy(asc(paymentAlerts.createdAt), asc(paymentAlerts.id))
    .limit(200);
}
