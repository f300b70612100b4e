import { lotPagePath } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { users } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { wantsNotification } from '../account/notification-settings';
import { publishLotChanges } from '../live/publish-lot-changes';
import type { Mailer } from '../mail/mailer';
import { outbidMail } from '../mail/templates/bidding';
import type { PlacedBidEffects } from './place-bid';

export interface AfterBidDeps {
  db: Database;
  mailer: Mailer;
  publicOrigin: string;
  log: FastifyBaseLogger;
}

/**
 * After the bid committed (never inside it: NOTIFY and the outbid mail would
 * lengthen the lot's lock): tell every API process the lot changed, and e-mail
 * the leader who lost the lead unless they turned `outbid` off. The bid stands
 * whatever happens here, so a failure is logged, not answered.
 */
export async function afterBid(deps: AfterBidDeps, effects: PlacedBidEffects): Promise<void> {
  try {
    await publishLotChanges(deps.db, [effects.lotId]);
    if (effects.outbidUserId) await notifyOutbid(deps, effects.outbidUserId, effects);
  } catch (error) {
    deps.log.error({ err: error, lotId: effects.lotId }, 'after-bid work failed');
  }
}

async function notifyOutbid(deps: AfterBidDeps, userId: string, effects: PlacedBidEffects) {
  if (!(await wantsNotification(deps.db, userId, 'outbid'))) return;
  const [user] = await deps.db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
  if (!user) return;
  const url = `${deps.publicOrigin}${lotPagePath(effects.lotId)}`;
  await deps.mailer.send(outbidMail({ to: user, lotName: effects.lotName, price: effects.price, url }));
}
