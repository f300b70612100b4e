import { randomUUID } from 'node:crypto';
import type { UpdateEventBody } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { eventAttachments, type events, eventTerms } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { type ResolvedAttachment, settleAttachmentUploads } from './event-attachments';

/**
 * The event columns the console's form sets, from a validated body (create and PUT share them).
 * Without a deposit the amount is null and the currency column keeps what is stored (`stored`, on
 * PUT): the currency alone means nothing, and rewriting it would read as a deposit change.
 */
export function eventColumns(body: UpdateEventBody, stored?: { bidDepositCurrency: string }) {
  const { settings } = body;
  return {
    name: body.name,
    title: body.title,
    description: body.description,
    saleFormat: body.saleFormat,
    privateSale: body.privateSale,
    startAt: new Date(body.startAt),
    endAt: new Date(body.endAt),
    bidDepositAmount: body.bidDeposit?.amount ?? null,
    bidDepositCurrency: body.bidDeposit?.currency ?? stored?.bidDepositCurrency ?? 'USD',
    incrementTable: settings.incrementTable,
    softCloseWindowSeconds: settings.softCloseWindowSeconds,
    softCloseExtensionSeconds: settings.softCloseExtensionSeconds,
    softCloseCapSeconds: settings.softCloseCapSeconds,
    staggerIntervalSeconds: settings.staggerIntervalSeconds,
    registrationApprovalRequired: settings.registrationApprovalRequired,
    buyersPremiumBps: settings.buyersPremiumBps,
    paymentWindowDays: settings.paymentWindowDays,
    tenderAwardDays: settings.tenderAwardDays,
  } satisfies Partial<typeof events.$inferInsert>;
}

/**
 * Replaces the event's terms and attachments by the body's rows, in their order; the attachments
 * as `resolveAttachments` checked them, their uploads kept or released (decision 0085).
 */
export async function replaceTermsAndAttachments(
  tx: Executor,
  eventId: string,
  body: UpdateEventBody,
  attachments: ResolvedAttachment[],
): Promise<void> {
  await tx.delete(eventTerms).where(eq(eventTerms.eventId, eventId));
  const removed = await tx
    .delete(eventAttachments)
    .where(eq(eventAttachments.eventId, eventId))
    .returning({ uploadKey: eventAttachments.uploadKey });
  if (body.terms.length > 0) {
    await tx
      .insert(eventTerms)
      .values(body.terms.map((t, position) => ({ id: `evt_term_${randomUUID()}`, eventId, ...t, position })));
  }
  if (attachments.length > 0) {
    await tx
      .insert(eventAttachments)
      .values(attachments.map((a, position) => ({ id: `evt_att_${randomUUID()}`, eventId, ...a, position })));
  }
  const keys = (rows: { uploadKey: string | null }[]) => rows.flatMap((r) => (r.uploadKey ? [r.uploadKey] : []));
  await settleAttachmentUploads(tx, keys(removed), keys(attachments));
}
