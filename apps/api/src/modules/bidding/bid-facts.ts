import type { Executor } from '@lotline/db';
import { sql } from 'drizzle-orm';
import type { BiddingLotRow } from './lot-columns';

export interface BidFacts {
  /** The database clock after the lock, ms since the epoch. */
  now: number;
  registered: boolean;
  /** Approved, but the deposit's hold has lapsed (BIDDING §6: usable only while the hold is held). */
  depositLapsed: boolean;
  leaderMax: number | null;
  ownMax: number | null;
}

/**
 * Read in a statement of its own after the lot's row lock (its snapshot then includes the previous
 * bid's commit): the clock, the registration (BIDDING §6: approved, deposit not required or held by a hold that has
 * not lapsed by the clock) and both standing maxima
 * (the viewer's null when signed out or without a bid).
 */
export async function readBidFacts(
  db: Executor,
  lot: Pick<BiddingLotRow, 'id' | 'eventId' | 'leaderUserId'>,
  userId: string | null,
): Promise<BidFacts> {
  const result = await db.execute(sql`
    select (extract(epoch from clock_timestamp()) * 1000)::float8 as now,
      exists (select 1 from registrations r left join deposit_holds h on h.id = r.current_hold_id
        where r.event_id = ${lot.eventId} and r.user_id = ${userId} and r.status = 'approved'
        and (r.deposit_status = 'not-required' or (r.deposit_status = 'held' and h.expires_at > clock_timestamp()))
      ) as registered,
      exists (select 1 from registrations r join deposit_holds h on h.id = r.current_hold_id
        where r.event_id = ${lot.eventId} and r.user_id = ${userId} and r.status = 'approved'
        and r.deposit_status = 'held' and h.expires_at <= clock_timestamp()) as deposit_lapsed,
      (select max_amount::float8 from lot_bidders where lot_id = ${lot.id} and user_id = ${lot.leaderUserId}) as leader_max,
      (select max_amount::float8 from lot_bidders where lot_id = ${lot.id} and user_id = ${userId}) as own_max`);
  const [facts] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return {
    now: Number(facts?.now),
    registered: facts?.registered === true,
    depositLapsed: facts?.deposit_lapsed === true,
    leaderMax: facts?.leader_max == null ? null : Number(facts.leader_max),
    ownMax: facts?.own_max == null ? null : Number(facts.own_max),
  };
}
