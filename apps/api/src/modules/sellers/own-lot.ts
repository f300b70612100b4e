import { BID_CODES, OFFER_CODES, PURCHASE_CODES, REGISTRATION_CODES } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { companies, companyMembers } from '@lotline/db/schema';
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { eventPausedError, openPause } from '../event-pauses/event-paused';

/**
 * No self-dealing (decision 0067): a member of the company that sells a lot,
 * owner or staff, with or without the seller role today, never registers for
 * its event, bids, tenders, offers or buys on it (`403 OWN_LOT`). Membership
 * counts from the row alone, not the role decision 0016 asks of those who
 * answer for the company: a member whose role was taken away is still tied to it.
 */
export const OWN_LOT = 'OWN_LOT';

export type OwnLotAction = 'register' | 'bid' | 'tender' | 'offer' | 'buy';

const MESSAGES: Record<OwnLotAction, string> = {
  register: 'Your company sells in this event, so you cannot register for it.',
  bid: 'You sell this lot, so you cannot bid on it.',
  tender: 'You sell this lot, so you cannot tender on it.',
  offer: 'You sell this lot, so you cannot make an offer on it.',
  buy: 'You sell this lot, so you cannot buy it.',
};

export const ownLot = (action: OwnLotAction) => new AppError(OWN_LOT, MESSAGES[action], { status: 403 });

/**
 * A suspended company's published events are view-only (decision 0076): each action refuses with the code
 * it already answers for a lot or event that is not open, so a client needs nothing new.
 */
const CLOSED: Record<OwnLotAction, [code: string, message: string]> = {
  register: [REGISTRATION_CODES.eventClosed, 'This event is view-only: registration is closed.'],
  bid: [BID_CODES.lotNotOpen, 'This lot is view-only: it is not open for bids.'],
  tender: [BID_CODES.lotNotOpen, 'This lot is view-only: it is not open for tenders.'],
  offer: [OFFER_CODES.lotNotOpen, 'This lot is view-only: offers are closed.'],
  buy: [PURCHASE_CODES.lotNotOpen, 'This item is view-only: it is not on sale now.'],
};

export const sellerSuspended = (action: OwnLotAction) =>
  new AppError(CLOSED[action][0], CLOSED[action][1], { status: 409 });

/** Whose lot or event a buyer acts on: the selling company, and the event (null for a lot without one). */
export interface SellerOf {
  companyId: string;
  eventId: string | null;
}

/**
 * Takes the company row FOR KEY SHARE (see membersOf) and reads, after the lock, whether the company is
 * suspended, which of `userIds` are its members and whether staff paused the event (decision 0087): the one
 * check every buyer action makes on the seller. The caller holds the lock a pause takes (its lot's row, or
 * the event's row for a registration), so the pause read here is the one in force when the action commits.
 * A bid batch reads the same within its facts' statement (bidding/bid-facts.ts, decision 0105).
 */
export async function lockSeller(
  tx: Executor,
  of: SellerOf,
  userIds: readonly string[],
): Promise<{ suspended: boolean; paused: boolean; members: Set<string> }> {
  const [company] = await tx
    .select({ status: companies.status })
    .from(companies)
    .where(eq(companies.id, of.companyId))
    .for('key share');
  return {
    suspended: company?.status === 'suspended',
    paused: (await openPause(tx, of.eventId)) !== null,
    members: await membersOf(tx, of.companyId, userIds, { lock: false }),
  };
}

/**
 * Which of `userIds` are members of `companyId`. With `lock`, inside a
 * transaction, it first takes the company row FOR KEY SHARE: a member joining
 * (an accepted invitation takes that row FOR UPDATE) commits before this read
 * or waits for this transaction, so nobody joins between the check and the write.
 * The membership is read by a fresh statement, after the lock.
 */
export async function membersOf(
  db: Executor,
  companyId: string,
  userIds: readonly string[],
  { lock }: { lock: boolean },
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  if (lock) await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('key share');
  const rows = await db
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), inArray(companyMembers.userId, [...userIds])));
  return new Set(rows.map((r) => r.userId));
}

/** Whether the viewer sells the lot (the lot page shows why it offers no action); no lock, a read. */
export async function sellsLot(db: Executor, userId: string, companyId: string): Promise<boolean> {
  return (await membersOf(db, companyId, [userId], { lock: false })).has(userId);
}

/**
 * Refuses a member of the selling company (`403 OWN_LOT`), anyone while the company is suspended (the
 * action's not-open code, decision 0076) and anyone while the event is paused (`409 EVENT_PAUSED`, decision
 * 0087), in the caller's transaction, with the lock.
 */
export async function assertNotOwnLot(tx: Executor, userId: string, of: SellerOf, action: OwnLotAction): Promise<void> {
  const { suspended, paused, members } = await lockSeller(tx, of, [userId]);
  if (members.has(userId)) throw ownLot(action);
  if (suspended) throw sellerSuspended(action);
  if (paused) throw eventPausedError(action);
}
