/**
 * Spec §5 Contact Seller flow, and BIDDING §6 registration (needed to bid):
 * a person must be verified (spec §4), then have agreed to the event's bidder
 * terms (the site-wide terms for a lot with no event). The API refuses with
 * this and the web decides its dialogs with it, so both ask in the same order.
 */
export interface BuyerFacts {
  verified: boolean;
  agreedToTerms: boolean;
}

/** What still stands between the person and writing to a seller or bidding; null when nothing does. */
export type BuyerBlocker = 'unverified' | 'terms' | null;

export function buyerBlocker({ verified, agreedToTerms }: BuyerFacts): BuyerBlocker {
  if (!verified) return 'unverified';
  return agreedToTerms ? null : 'terms';
}

/** May contact the seller, and may bid once registered. */
export const mayContactOrBid = (facts: BuyerFacts): boolean => buyerBlocker(facts) === null;
