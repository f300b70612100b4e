import type { BidderTermsAgreement } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { bidderTermsAgreements } from '@lotline/db/schema';
import { agreementColumns, requireVisibleEvent, scope, toAgreement } from './bidder-terms';

/**
 * The user's agreements to the bidder terms in force: for one event when
 * `eventId` is given, else to the site-wide terms. Non-empty means agreed
 * (contract §3).
 */
export async function listBidderTerms(
  db: Database,
  userId: string,
  eventId: string | undefined,
): Promise<BidderTermsAgreement[]> {
  if (eventId !== undefined) await requireVisibleEvent(db, eventId);
  const rows = await db.select(agreementColumns).from(bidderTermsAgreements).where(scope(userId, eventId));
  return rows.map(toAgreement);
}
