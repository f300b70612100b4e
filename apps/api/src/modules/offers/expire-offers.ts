import type { Database } from '@lotline/db';
import { offers } from '@lotline/db/schema';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { JobRunner } from '../../lib/jobs/job-runner';
import { notifyOffer, type OfferMailDeps } from './notify-offer';
import { OPEN_OFFER_STATUSES } from './offer-view';

/** How often the sweep runs: answers re-check expiry themselves, so this only bounds when the e-mail leaves. */
export const OFFER_EXPIRY_EVERY_S = 60;

/**
 * Stores `expired` on open offers (pending or countered) whose `expires_at`
 * has passed by the database clock, and tells each buyer, one offer per
 * transaction (the row taken FOR UPDATE SKIP LOCKED, so an answer in flight
 * is left to finish and a second runner skips it). Idempotent; answers how
 * many expired.
 */
export async function expireOffers(db: Database, deps: OfferMailDeps): Promise<number> {
  let expired = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const [due] = await tx
        .select({ id: offers.id })
        .from(offers)
        .where(and(inArray(offers.status, [...OPEN_OFFER_STATUSES]), lte(offers.expiresAt, sql`now()`)))
        .orderBy(asc(offers.expiresAt), asc(offers.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!due) return true;
      await tx
        .update(offers)
        .set({ status: 'expired', decidedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(offers.id, due.id));
      await notifyOffer(tx, deps, due.id, 'expired');
      expired += 1;
      return false;
    });
    if (done) return expired;
  }
}

/** The sweep as a periodic job, at start and every minute (decision 0046). */
export function registerOfferExpiry(jobs: JobRunner, db: Database, deps: OfferMailDeps): void {
  jobs.register('expire-offers', () => expireOffers(db, deps), {
    everySeconds: OFFER_EXPIRY_EVERY_S,
    failureMessage: 'could not expire offers',
  });
}
