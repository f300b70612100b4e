import type { Database } from '@lotline/db';
import { bids, eventLots, lotBidders, users } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { uniqueId } from '../../test/factories';

/**
 * Test data for the bidding reads: rows as the engine leaves them, written
 * directly (the reads only read them). See interfaces of issue 14: `bids`
 * is the visible price history in `seq` order; `lot_bidders` one row per
 * bidder with the pseudonym of their first bid.
 */

/** A user row without a session (a bidder the test never signs in as). */
export async function plainUser(db: Database) {
  const id = uniqueId('usr');
  await db.insert(users).values({ id, email: `${id}@example.com`, name: `User ${id}` });
  return { id };
}

export interface Standing {
  userId: string;
  pseudonym: number;
  max: number;
  last: number;
  count: number;
}

/** A bidder's standing on a lot (`lot_bidders`). */
export async function standing(db: Database, lotId: string, s: Standing) {
  await db.insert(lotBidders).values({
    lotId,
    userId: s.userId,
    pseudonym: s.pseudonym,
    maxAmount: s.max,
    maxSetAt: new Date(),
    lastBidAmount: s.last,
    bidsCount: s.count,
  });
}

export type HistoryStep = [userId: string, kind: 'bid' | 'auto', amount: number];

/** Appends history rows in the order given (one insert each, so `seq` follows it); returns their ids. */
export async function history(db: Database, lotId: string, steps: HistoryStep[]): Promise<string[]> {
  const ids: string[] = [];
  for (const [userId, kind, amount] of steps) {
    const id = uniqueId('bid');
    await db.insert(bids).values({
      id,
      lotId,
      userId,
      kind,
      amount,
      maxAmount: kind === 'bid' ? amount : null,
      priceAfter: amount,
    });
    ids.push(id);
  }
  return ids;
}

/** The lot's side of the bidding: its leader, price and reserve state. */
export async function leadOf(
  db: Database,
  lotId: string,
  lead: { leaderUserId: string | null; price?: number; reserveMet?: boolean | null },
) {
  await db
    .update(eventLots)
    .set({ leaderUserId: lead.leaderUserId, currentBidAmount: lead.price ?? null, reserveMet: lead.reserveMet ?? null })
    .where(eq(eventLots.id, lotId));
}
