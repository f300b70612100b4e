import type { BiddingStatus } from '@lotline/contracts/enums';

/** BIDDING §4's statuses in words, for the bid panel and My Bids; the colour is `biddingTone`'s. */
export const STATUS_LABELS: Record<BiddingStatus, string> = {
  winning: 'Winning',
  won: 'Won',
  bidded: 'Bidded',
  outbid: 'Outbid',
  lost: 'Lost',
  'reserve-not-met': 'Reserve not met',
  'not-participated': 'Not participated',
  'bid-placed': 'Bid placed',
};

/** What the status means for the person, in a sentence; while the lot is open and once it is over. */
const SENTENCES: Record<BiddingStatus, { open: string; closed: string }> = {
  winning: { open: 'You are the highest bidder.', closed: 'You are the highest bidder.' },
  won: { open: 'You won this lot.', closed: 'You won this lot.' },
  bidded: {
    open: 'Bidding has closed; the outcome awaits the seller.',
    closed: 'Bidding has closed; the outcome awaits the seller.',
  },
  outbid: {
    open: 'Someone has bid more than your maximum. Bid again to take the lead.',
    closed: 'Bidding has closed; someone else bid more than your maximum.',
  },
  lost: { open: 'You did not win this lot.', closed: 'You did not win this lot.' },
  'reserve-not-met': {
    open: 'You are the highest bidder, but the seller’s reserve price is not met yet.',
    closed: 'Your bid was the highest, but the seller’s reserve price was not met.',
  },
  'not-participated': { open: 'You have not bid on this lot.', closed: 'You did not bid on this lot.' },
  'bid-placed': { open: 'Your tender is in.', closed: 'Your tender is in.' },
};

export function statusSentence(status: BiddingStatus, closed: boolean): string {
  return closed ? SENTENCES[status].closed : SENTENCES[status].open;
}
