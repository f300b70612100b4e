import type { Executor } from '@lotline/db';
import { dispositionLocations, eventLots, events } from '@lotline/db/schema';
import { buyerFees } from '@lotline/domain';
import { eq } from 'drizzle-orm';
import { lotFeeColumns } from '../lots/lot-fee-columns';
import { type BiddingLot, eventIncrements } from './bidding-state';

/** The columns of `event_lots` (joined to its event) that bidding reads, for the lock and for GET bidding. */
export const biddingLotColumns = {
  id: eventLots.id,
  name: eventLots.name,
  type: eventLots.type,
  status: eventLots.status,
  currency: eventLots.currency,
  startingBid: eventLots.startingBid,
  currentBid: eventLots.currentBidAmount,
  bidsCount: eventLots.bidsCount,
  reserveMet: eventLots.reserveMet,
  reserve: eventLots.reserveBid,
  leaderUserId: eventLots.leaderUserId,
  startAt: eventLots.startAt,
  endedAt: eventLots.endedAt,
  scheduledEndAt: eventLots.scheduledEndAt,
  eventId: eventLots.eventId,
  // The selling company: its members never bid or tender here (sellers/own-lot.ts).
  companyId: eventLots.companyId,
  incrementTable: events.incrementTable,
  softCloseWindowSeconds: events.softCloseWindowSeconds,
  softCloseExtensionSeconds: events.softCloseExtensionSeconds,
  softCloseCapSeconds: events.softCloseCapSeconds,
  // The terms an order of the lot is priced with (contract §5 `terms`; frozen once a buyer commits, decision 0060).
  buyersPremiumBps: events.buyersPremiumBps,
  taxRate: dispositionLocations.taxRate,
  ...lotFeeColumns,
};

/** Lots with their event's bidding settings (a lot without an event reads the defaults) and their location. */
export const selectBiddingLots = (db: Executor) =>
  db
    .select(biddingLotColumns)
    .from(eventLots)
    .leftJoin(events, eq(events.id, eventLots.eventId))
    .leftJoin(dispositionLocations, eq(dispositionLocations.id, eventLots.dispositionLocationId));

export type BiddingLotRow = Awaited<ReturnType<typeof selectBiddingLots>>[number];

/** A lot with a reserve and no bid yet has not met it, whatever the column says before the first bid. */
export function toBiddingLot(row: BiddingLotRow): BiddingLot {
  const reserveMet = row.reserve === null ? null : (row.reserveMet ?? false);
  return {
    ...row,
    reserveMet,
    increments: eventIncrements(row.incrementTable),
    terms: { buyersPremiumBps: row.buyersPremiumBps ?? 0, taxRate: row.taxRate ?? 0, buyerFees: buyerFees(row) },
  };
}

/** Building a formatter costs far more than using one (a bid formats two amounts): one per currency and form. */
const formatters = new Map<string, Intl.NumberFormat>();

/** "$1,250" (whole units when there are no cents), as the bid panel and the e-mails show amounts. */
export function formatMoney(minor: number, currency: string): string {
  const digits = minor % 100 === 0 ? 0 : 2;
  const id = `${currency}:${digits}`;
  let format = formatters.get(id);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(id, format);
  }
  return format.format(minor / 100);
}
