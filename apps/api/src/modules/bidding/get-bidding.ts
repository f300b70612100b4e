import type { BiddingState } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { eventLots } from '@lotline/db/schema';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { publicLotCondition } from '../lots/visibility';
import { readBidFacts } from './bid-facts';
import { toBiddingState } from './bidding-state';
import { selectBiddingLots, toBiddingLot } from './lot-columns';
import { readOwnTender } from './sealed-tenders';

/** GET …/bidding (contract §5): the lot's bidding state, and the signed-in viewer's standing. 404 unless public. */
export async function getBidding(db: Database, lotId: string, viewerId: string | null): Promise<BiddingState> {
  const [row] = await selectBiddingLots(db).where(and(eq(eventLots.id, lotId), publicLotCondition()));
  if (!row) throw AppError.notFound('No such lot.');
  const facts = await readBidFacts(db, row, viewerId);
  // A tender lot's standing is the viewer's own tender (BIDDING §4: bid-placed, bidded, then won/lost by the award).
  const tender = viewerId !== null && row.type === 'TenderLot' ? await readOwnTender(db, lotId, viewerId) : null;
  const viewer =
    viewerId === null
      ? undefined
      : {
          userId: viewerId,
          registered: facts.registered,
          maxAmount: facts.ownMax,
          leads: row.leaderUserId === viewerId || tender?.outcome === 'awarded',
          tendered: tender !== null,
        };
  return toBiddingState(toBiddingLot(row), new Date(facts.now), viewer);
}
