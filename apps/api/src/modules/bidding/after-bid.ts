import type { Database } from '@lotline/db';
import type { FastifyBaseLogger } from 'fastify';
import { publishLotChanges } from '../live/publish-lot-changes';
import type { PlacedBidEffects } from './place-bid';

export interface AfterBidDeps {
  db: Database;
  log: FastifyBaseLogger;
}

/**
 * After the bid committed (never inside it: NOTIFY takes a global lock at
 * commit): tell every API process the lot changed, once per batch of bids
 * (decision 0042). The outbid e-mail is not here: the bid's own statement
 * stores it. The bid stands whatever happens here, so a failure is logged,
 * not answered.
 */
export async function afterBid(deps: AfterBidDeps, effects: PlacedBidEffects): Promise<void> {
  if (!effects.publish) return;
  try {
    await publishLotChanges(deps.db, [effects.lotId]);
  } catch (error) {
    deps.log.error({ err: error, lotId: effects.lotId }, 'after-bid work failed');
  }
}
