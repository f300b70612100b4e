import type { EventDetailResponse } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { companies, eventAttachments, eventLots, eventTerms } from '@lotline/db/schema';
import { and, asc, count, eq, max } from 'drizzle-orm';
import { listedLotCondition, publicLotCondition } from '../lots/visibility';
import { findPublicEvent } from './find-public-event';
import { locationsOfEvent } from './list-event-locations';

/**
 * An event page's data (spec §2 "Event page"): the event, its seller, deposit,
 * terms, attachments and locations with their lot counts, and its effective
 * end: the latest effective end of its public lots (a staggered close and soft
 * closes move lots past the event's scheduled end; a hidden lot's end is not
 * told), which the countdown and the calendar entry follow. The parts are
 * independent reads, so they run side by side after the visibility check.
 */
export async function getEvent(db: Database, eventId: string, now: Date = new Date()): Promise<EventDetailResponse> {
  const event = await findPublicEvent(db, eventId);
  const [company, terms, attachments, locations, lotsCount, lastLotEnd] = await Promise.all([
    db
      .select({
        _id: companies.id,
        slug: companies.slug,
        name: companies.name,
        displayName: companies.displayName,
        logoUrl: companies.logoUrl,
        status: companies.status,
      })
      .from(companies)
      .where(eq(companies.id, event.companyId))
      .then((rows) => rows[0]),
    db
      .select({ _id: eventTerms.id, type: eventTerms.type, text: eventTerms.text })
      .from(eventTerms)
      .where(eq(eventTerms.eventId, eventId))
      .orderBy(asc(eventTerms.position), asc(eventTerms.id)),
    db
      .select({
        _id: eventAttachments.id,
        url: eventAttachments.url,
        description: eventAttachments.description,
        fileName: eventAttachments.fileName,
        size: eventAttachments.size,
        contentType: eventAttachments.contentType,
      })
      .from(eventAttachments)
      .where(eq(eventAttachments.eventId, eventId))
      .orderBy(asc(eventAttachments.position), asc(eventAttachments.id)),
    locationsOfEvent(db, eventId, { eventLotsCount: true }, now),
    db
      .select({ n: count() })
      .from(eventLots)
      .where(and(eq(eventLots.eventId, eventId), listedLotCondition(now)))
      .then((rows) => rows[0]?.n ?? 0),
    db
      .select({ at: max(eventLots.endedAt) })
      .from(eventLots)
      .where(and(eq(eventLots.eventId, eventId), publicLotCondition()))
      .then((rows) => rows[0]?.at ?? null),
  ]);
  // companyId is a NOT NULL foreign key, so the seller always exists.
  if (!company) throw new Error(`Event ${eventId} has no company row`);
  const { status: companyStatus, ...seller } = company;
  return {
    event: {
      _id: event.id,
      name: event.name,
      title: event.title,
      description: event.description,
      status: event.status,
      saleFormat: event.saleFormat,
      privateSale: event.privateSale,
      startAt: event.startAt.toISOString(),
      endAt: event.endAt.toISOString(),
      effectiveEndAt: (lastLotEnd && lastLotEnd > event.endAt ? lastLotEnd : event.endAt).toISOString(),
      company: seller,
      bidDeposit:
        event.bidDepositAmount === null ? null : { amount: event.bidDepositAmount, currency: event.bidDepositCurrency },
      terms,
      attachments,
      locations,
      lotsCount,
      // The buyer actions refuse a suspended seller's events (sellers/own-lot.ts); the page says so (decision 0089).
      viewOnly: companyStatus === 'suspended',
    },
  };
}
