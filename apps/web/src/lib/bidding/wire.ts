import type { BiddingState, BidHistory, PlacedBid, Registration } from './shapes';

/**
 * The bid panel's answers as the browser reads them, without zod (decision
 * 0024: no schema in client code): the contract's shapes with their ISO
 * dates turned into milliseconds, after the checks the panel relies on. The
 * server-side first read (`bid-panel.server.ts`) parses with the schemas in
 * `shapes.ts`; both give the same types. Null: not the expected shape.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An ISO 8601 instant as ms since the epoch; undefined when it is not one. */
function instant(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/** A nullable instant: null stays null; undefined when present but not a date. */
function optionalInstant(value: unknown): number | null | undefined {
  return value === null || value === undefined ? null : instant(value);
}

/** The fees the panel can name (ORDER_FEE_LABELS). */
const FEE_KINDS = new Set(['rigging', 'loading', 'shipping']);

/** The lot's terms as the panel prices a bid with them: numbers where the pricing does arithmetic, known fees. */
function isTerms(value: unknown): boolean {
  if (!isObject(value) || !Number.isInteger(value.buyersPremiumBps) || typeof value.taxRate !== 'number') return false;
  return (
    Array.isArray(value.buyerFees) &&
    value.buyerFees.every((f) => isObject(f) && FEE_KINDS.has(f.kind as string) && Number.isInteger(f.amount))
  );
}

export function readBiddingState(data: unknown): BiddingState | null {
  if (!isObject(data) || typeof data.eventLotId !== 'string' || typeof data.minimumBid !== 'number') return null;
  if (!Array.isArray(data.presets) || !Array.isArray(data.increments) || typeof data.bidsCount !== 'number')
    return null;
  if (!isTerms(data.terms)) return null;
  const serverTime = instant(data.serverTime);
  const endedAt = optionalInstant(data.endedAt);
  if (serverTime === undefined || endedAt === undefined) return null;
  return { ...(data as unknown as BiddingState), endedAt, serverTime };
}

export function readPlacedBid(data: unknown): PlacedBid | null {
  if (!isObject(data) || !isObject(data.bid)) return null;
  const lot = readBiddingState(data.lot);
  const createdAt = instant(data.bid.createdAt);
  if (!lot || createdAt === undefined || typeof data.bid.amount !== 'number') return null;
  return { bid: { ...(data.bid as unknown as PlacedBid['bid']), createdAt }, lot };
}

export function readBidHistory(data: unknown): BidHistory | null {
  if (!isObject(data) || !Array.isArray(data.bids) || !isObject(data.pagination)) return null;
  const bids: BidHistory['bids'] = [];
  for (const row of data.bids) {
    const createdAt = isObject(row) ? instant(row.createdAt) : undefined;
    if (!isObject(row) || createdAt === undefined || typeof row.amount !== 'number') return null;
    bids.push({ ...(row as unknown as BidHistory['bids'][number]), createdAt });
  }
  return { bids, pagination: data.pagination as unknown as BidHistory['pagination'] };
}

export function readRegistration(data: unknown): Registration | null {
  if (!isObject(data) || typeof data.auctionId !== 'string' || typeof data.status !== 'string') return null;
  const registeredAt = instant(data.registeredAt);
  if (registeredAt === undefined) return null;
  let deposit: Registration['deposit'] = null;
  if (isObject(data.deposit)) {
    const expiresAt = optionalInstant(data.deposit.expiresAt);
    if (expiresAt === undefined || typeof data.deposit.amount !== 'number') return null;
    deposit = { ...(data.deposit as unknown as NonNullable<Registration['deposit']>), expiresAt };
  }
  return { ...(data as unknown as Registration), deposit, registeredAt };
}
