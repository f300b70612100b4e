import { type ApiErrorItem, SELLER_LOT_CODES } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { LOT_STATUS } from '@lotline/domain';
import { sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { tenderCounts } from '../bidding/sealed-tenders';
import type { EventRow, LotRow } from '../sellers/company-access';

/**
 * What buyers rely on is locked once a lot's event is out of draft (decisions
 * 0050 and 0060): a lot someone has committed to (a registration for its
 * event, a bid, a tender, an offer or an order) keeps its starting bid,
 * reserve and type, and everything that prices that buyer's order: the
 * buy-it-now price, the fees and who pays them, and the location (whose tax
 * rate the order charges). Once units are sold its quantity (the units left,
 * which orders count down) is the orders' alone; a lot that has closed keeps
 * everything. The name, description, photos and documents stay editable. A
 * draft locks nothing. The form shows each locked field disabled with its
 * reason.
 */

export interface LotLock {
  field: string;
  reason: string;
}

const OPEN = new Set<string>([LOT_STATUS.Pending, LOT_STATUS.Active]);
const COMMITTED_FIELDS = [
  ['startingBid', 'starting bid'],
  ['reserveBid', 'reserve'],
  ['type', 'type'],
  ['buyItNowPrice', 'buy-it-now price'],
  ['riggingCost', 'rigging cost'],
  ['riggingParty', 'rigging party'],
  ['loadingCost', 'loading cost'],
  ['loadingParty', 'loading party'],
  ['shippingCost', 'shipping cost'],
  ['shippingParty', 'shipping party'],
  ['dispositionLocationId', 'location (and so its tax rate)'],
] as const;
type CommittedField = (typeof COMMITTED_FIELDS)[number][0];
/** The columns a lot's locks compare: the committed fields and the quantity. */
export type LockedColumns = Pick<LotRow, CommittedField | 'quantity'>;

/** Whether anyone has committed to the lot, and how many units orders hold. */
async function commitments(tx: Executor, lot: LotRow): Promise<{ committed: boolean; sold: number }> {
  const lotId = lot.id;
  // Tenders are read only through sealed-tenders.ts (decision 0047): a count reveals no amount.
  const tendered = ((await tenderCounts(tx, [lotId])).get(lotId) ?? 0) > 0;
  const result = (await tx.execute(sql`select
      exists (select 1 from registrations where event_id = ${lot.eventId})
      or exists (select 1 from bids where lot_id = ${lotId})
      or exists (select 1 from offers where lot_id = ${lotId})
      or exists (select 1 from order_lines where event_lot_id = ${lotId}) as committed,
      (select coalesce(sum(quantity), 0)::int from order_lines where event_lot_id = ${lotId}) as sold`)) as unknown as {
    rows: { committed: boolean; sold: number }[];
  };
  const row = result.rows[0];
  return { committed: tendered || row?.committed === true, sold: Number(row?.sold ?? 0) };
}

/** The lot's locks now, and the units its orders hold. */
export async function lotLocks(
  tx: Executor,
  event: EventRow,
  lot: LotRow,
): Promise<{ locks: LotLock[]; sold: number }> {
  if (event.status === 'draft') return { locks: [], sold: 0 };
  if (!OPEN.has(lot.status)) {
    return {
      locks: [{ field: 'lot', reason: `The lot has closed (${lot.status}): it can no longer change.` }],
      sold: 0,
    };
  }
  const { committed, sold } = await commitments(tx, lot);
  if (!committed) return { locks: [], sold };
  const locks: LotLock[] = COMMITTED_FIELDS.map(([field, label]) => ({
    field,
    reason: `Buyers have already registered, bid, offered, tendered or bought on this lot: its ${label} cannot change.`,
  }));
  if (sold > 0) {
    locks.push({
      field: 'quantity',
      reason: `${sold} sold already: the quantity left is counted down by orders and cannot be edited.`,
    });
  }
  return { locks, sold };
}

/** Throws 409 LOT_LOCKED naming every locked field the new columns would change. */
export async function assertLotEditable(
  tx: Executor,
  event: EventRow,
  lot: LotRow,
  next: LockedColumns,
): Promise<void> {
  const { locks } = await lotLocks(tx, event, lot);
  const problems: ApiErrorItem[] = [];
  for (const lock of locks) {
    const field = lock.field as keyof LockedColumns;
    const changed = lock.field === 'lot' || next[field] !== lot[field];
    if (changed) problems.push({ code: SELLER_LOT_CODES.locked, field: lock.field, message: lock.reason });
  }
  const [first, ...more] = problems;
  if (first) throw new AppError(first.code, first.message, { status: 409, field: first.field, more });
}
