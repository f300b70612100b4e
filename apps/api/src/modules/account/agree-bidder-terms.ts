import { randomUUID } from 'node:crypto';
import type { BidderTermsAgreement } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { bidderTermsAgreements } from '@lotline/db/schema';
import { AppError } from '../../lib/errors';
import { agreementColumns, BIDDER_TERMS_VERSION, requireVisibleEvent, scope, toAgreement } from './bidder-terms';

/**
 * Records the user's agreement to the bidder terms in force, for an event or
 * site-wide. Idempotent: the unique constraint (nulls not distinct) makes a
 * repeated or concurrent POST a no-op, and the first agreement is returned.
 */
export async function agreeBidderTerms(
  db: Database,
  userId: string,
  eventId: string | undefined,
): Promise<{ agreement: BidderTermsAgreement; created: boolean }> {
  if (eventId !== undefined) await requireVisibleEvent(db, eventId);
  const inserted = await db
    .insert(bidderTermsAgreements)
    .values({ id: `bta_${randomUUID()}`, userId, eventId: eventId ?? null, version: BIDDER_TERMS_VERSION })
    .onConflictDoNothing()
    .returning(agreementColumns);
  if (inserted[0]) return { agreement: toAgreement(inserted[0]), created: true };
  const [existing] = await db.select(agreementColumns).from(bidderTermsAgreements).where(scope(userId, eventId));
  if (!existing) throw new AppError('CONFLICT', 'The agreement could not be recorded. Try again.');
  return { agreement: toAgreement(existing), created: false };
}
