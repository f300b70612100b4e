import type { SellerEvent, SellerEventLocation, SellerEventSummary } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { dispositionLocations, eventAttachments, events, eventTerms } from '@lotline/db/schema';
import { asc, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import type { EventRow } from '../sellers/company-access';

/** The seller's view of one event: every field, as the console edits it (drafts included). */

/** The number of lots of an event, for the list and the page (every lot, also hidden ones: the seller's view). */
export const lotsCountSql = sql<number>`(select count(*)::int from event_lots l where l.event_id = events.id)`;

export function toSummary(row: EventRow, lotsCount: number): SellerEventSummary {
  return {
    _id: row.id,
    companyId: row.companyId,
    name: row.name,
    title: row.title,
    status: row.status,
    saleFormat: row.saleFormat,
    startAt: row.startAt.toISOString(),
    endAt: row.endAt.toISOString(),
    lotsCount,
  };
}

export function toLocation(row: typeof dispositionLocations.$inferSelect): SellerEventLocation {
  const { id, city, region, country, taxRate, lat, lon } = row;
  return { _id: id, city, region, country, taxRate, lat, lon };
}

export async function readSellerEvent(db: Executor, eventId: string): Promise<SellerEvent> {
  const [row] = await db.select({ event: events, lotsCount: lotsCountSql }).from(events).where(eq(events.id, eventId));
  if (!row) throw AppError.notFound('No such event.');
  const [terms, attachments, locations] = await Promise.all([
    db.select().from(eventTerms).where(eq(eventTerms.eventId, eventId)).orderBy(asc(eventTerms.position)),
    db
      .select()
      .from(eventAttachments)
      .where(eq(eventAttachments.eventId, eventId))
      .orderBy(asc(eventAttachments.position)),
    db
      .select()
      .from(dispositionLocations)
      .where(eq(dispositionLocations.eventId, eventId))
      .orderBy(asc(dispositionLocations.city), asc(dispositionLocations.id)),
  ]);
  const e = row.event;
  return {
    ...toSummary(e, row.lotsCount),
    description: e.description,
    privateSale: e.privateSale,
    bidDeposit: e.bidDepositAmount === null ? null : { amount: e.bidDepositAmount, currency: e.bidDepositCurrency },
    settings: {
      incrementTable: e.incrementTable,
      softCloseWindowSeconds: e.softCloseWindowSeconds,
      softCloseExtensionSeconds: e.softCloseExtensionSeconds,
      softCloseCapSeconds: e.softCloseCapSeconds,
      staggerIntervalSeconds: e.staggerIntervalSeconds,
      registrationApprovalRequired: e.registrationApprovalRequired,
      buyersPremiumBps: e.buyersPremiumBps,
      paymentWindowDays: e.paymentWindowDays,
      tenderAwardDays: e.tenderAwardDays,
    },
    terms: terms.map((t) => ({ type: t.type, text: t.text })),
    attachments: attachments.map((a) => ({
      url: a.url,
      description: a.description,
      uploadId: a.uploadKey,
      fileName: a.fileName,
      size: a.size,
      contentType: a.contentType,
    })),
    locations: locations.map(toLocation),
  };
}
