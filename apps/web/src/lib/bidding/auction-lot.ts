import type { LotResponse } from '@lotline/contracts';

/** The lot the bid panel is for: an event's AuctionLot (buy-now items and tenders keep their own boxes). */
export interface AuctionLotRef {
  eventLotId: string;
  eventId: string;
  eventName: string;
  /** When bidding opens (ms), or null. */
  startAt: number | null;
}

export const auctionLotOf = (answer: LotResponse) => eventLotOf(answer, 'AuctionLot');

/** An event's lot of this type (the tender box takes a TenderLot the same way), or null. */
export function eventLotOf(answer: LotResponse, type: 'AuctionLot' | 'TenderLot'): AuctionLotRef | null {
  if (answer.kind !== 'event-lot') return null;
  const lot = answer.lot._source;
  if (lot.type !== type || !lot.event) return null;
  return {
    eventLotId: lot._id,
    eventId: lot.event._id,
    eventName: lot.event.name,
    startAt: lot.startAt ? Date.parse(lot.startAt) : null,
  };
}
