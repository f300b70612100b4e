import type { BidderTermsAgreement } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { bidderTermsAgreements, events } from '@lotline/db/schema';
import { and, eq, isNull } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { publicEventCondition } from '../lots/visibility';

/**
 * The version of the bidder terms in force. Agreements to an older version
 * are kept but no longer count: changing this asks every bidder to agree again.
 */
export const BIDDER_TERMS_VERSION = '2026-11-01';

/** The event, or 404 for one that does not exist or that buyers cannot see (agreeing to a draft's terms is not possible). */
export async function requireVisibleEvent(db: Executor, eventId: string): Promise<{ id: string; companyId: string }> {
  const [event] = await db
    .select({ id: events.id, companyId: events.companyId })
    .from(events)
    .where(and(eq(events.id, eventId), publicEventCondition()));
  if (!event) throw AppError.notFound('No such event.');
  return event;
}

export const agreementColumns = {
  id: bidderTermsAgreements.id,
  eventId: bidderTermsAgreements.eventId,
  version: bidderTermsAgreements.version,
  agreedAt: bidderTermsAgreements.agreedAt,
};

export const toAgreement = (row: {
  id: string;
  eventId: string | null;
  version: string;
  agreedAt: Date;
}): BidderTermsAgreement => ({ ...row, agreedAt: row.agreedAt.toISOString() });

/** The condition "this user, this event (or the site-wide terms), the version in force". */
export const scope = (userId: string, eventId: string | undefined) =>
  and(
    eq(bidderTermsAgreements.userId, userId),
    eventId === undefined ? isNull(bidderTermsAgreements.eventId) : eq(bidderTermsAgreements.eventId, eventId),
    eq(bidderTermsAgreements.version, BIDDER_TERMS_VERSION),
  );
