import type { MyBidsResponse } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { selectLotCards } from '../lots/select-lot-cards';
import { publicLotCondition } from '../lots/visibility';
import type { FeatureOverrides } from '../platform/get-feature-flags';
import { type ListBiddersInput, listBidders } from './list-bidders';

/**
 * "My Bids" (contract §5, decision 0036): the user's bidder rows, filtered by
 * status and paged in the database (`listBidders`), each with its lot's card
 * from the one card reader. A lot hidden between the two reads drops out of
 * the page rather than showing without its card.
 */
export async function listMyBids(
  db: Database,
  input: Omit<ListBiddersInput, 'eventLotId'>,
  flags: FeatureOverrides,
): Promise<MyBidsResponse> {
  const { bidders, pagination } = await listBidders(db, input);
  const cards = await selectLotCards(db, { ids: bidders.map((b) => b.eventLotId), where: publicLotCondition() }, flags);
  const byId = new Map(cards.map((c) => [c._id, c._source]));
  return {
    bidders: bidders.flatMap((b) => {
      const eventLot = byId.get(b.eventLotId);
      return eventLot ? [{ ...b, eventLot }] : [];
    }),
    pagination,
  };
}
