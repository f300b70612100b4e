import { lotPagePath } from '@lotline/contracts/page-paths';
import type { Database } from '@lotline/db';
import { eventLots } from '@lotline/db/schema';
import { LOT_STATUS, RESERVE_ACCEPT_DAYS } from '@lotline/domain';
import { eq, sql } from 'drizzle-orm';
import { changeLotStatus } from '../lots/change-lot-status';
import { lotLostMail } from '../mail/templates/closing';
import { CLOCK_NOW, idsOf, runClockStep } from './clock-batches';
import { lotBidderContacts } from './close-lot';
import type { ClosingDeps } from './closing-deps';

/**
 * BIDDING §7: an auction lot that closed below its reserve waits in Ended for
 * the seller to accept the leader's price; RESERVE_ACCEPT_DAYS after the close
 * (database clock) it passes to Unsold and the leader is told. The guarded
 * status change makes the mail go once.
 */
export function expireReserveNotMet(db: Database, deps: ClosingDeps, batchSize?: number): Promise<string[]> {
  return runClockStep(
    db,
    {
      select: (tx, limit) =>
        idsOf(
          tx,
          sql`SELECT id FROM event_lots
              WHERE status = ${LOT_STATUS.Ended} AND type = 'AuctionLot' AND reserve_met = false
                AND closed_at <= ${CLOCK_NOW} - make_interval(days => ${RESERVE_ACCEPT_DAYS})
              ORDER BY closed_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
        ),
      act: async (tx, id) => {
        if (!(await changeLotStatus(tx, id, { from: LOT_STATUS.Ended, to: LOT_STATUS.Unsold })).changed) return false;
        const [lot] = await tx
          .select({
            number: eventLots.number,
            name: eventLots.name,
            currency: eventLots.currency,
            leaderUserId: eventLots.leaderUserId,
          })
          .from(eventLots)
          .where(eq(eventLots.id, id));
        const leader = (await lotBidderContacts(tx, id)).find((b) => b.userId === lot?.leaderUserId);
        if (lot && leader) {
          const about = { ...lot, url: `${deps.publicOrigin}${lotPagePath(id)}` };
          const facts = { yourMaximum: leader.maximum, price: null, reserveNotAccepted: true };
          await deps.mailer.send(lotLostMail(leader, about, facts), { tx });
        }
        return true;
      },
    },
    batchSize,
  );
}
