import type { BiddingStatus } from '@lotline/contracts/enums';
import type { BiddingState } from '../../lib/bidding/shapes';
import { formatMoney } from '../../lib/format/money';
import type { MissingStep } from '../../lib/messaging/missing-steps';
import { formatDateTime } from '../../lib/time/format-date';
import { SignInActions, StepsToBid } from '../lot-detail/lot-actions';
import { BidStatus } from './bid-status';

/** A visitor signs in (and comes back here); a user who is not verified sees the missing steps. */
export function GateSteps({
  kind,
  steps,
  pagePath,
}: {
  kind: 'visitor' | 'unverified';
  steps: MissingStep[];
  pagePath: string;
}) {
  return kind === 'visitor' ? (
    <SignInActions
      text="Sign in to register for this auction and bid. New to Lotline? Create an account."
      signInLabel="Sign in to bid"
      pagePath={pagePath}
    />
  ) : (
    <StepsToBid steps={steps} />
  );
}

export const PENDING_TEXT =
  'Your registration for this event is waiting for the seller’s approval. You can bid once it is approved.';
export const DECLINED_TEXT = 'The seller declined your registration for this event, so you cannot bid on its lots.';

/** Registered but not bidding yet: waiting for approval, declined, or the lot has not opened. */
export function RegistrationNotice({
  kind,
  startAt,
  timeZone,
}: {
  kind: 'pending' | 'declined' | 'upcoming';
  startAt: number | null;
  timeZone: string;
}) {
  if (kind === 'pending') return <p role="status">{PENDING_TEXT}</p>;
  if (kind === 'declined') return <p role="status">{DECLINED_TEXT}</p>;
  const iso = startAt === null ? null : new Date(startAt).toISOString();
  return (
    <p role="status">
      You are registered. Bidding opens{' '}
      {iso ? <time dateTime={iso}>{formatDateTime(iso, timeZone)}</time> : 'when the lot starts'}.
    </p>
  );
}

export const BIDDING_CLOSED_TEXT = 'Bidding on this lot has closed.';

/** The lot is over: the final price, and a participant's outcome in its colour. */
export function ClosedOutcome({ bidding, status }: { bidding: BiddingState | null; status: BiddingStatus | null }) {
  return (
    <>
      <p>{BIDDING_CLOSED_TEXT}</p>
      {bidding?.currentBid ? (
        <p>
          Final bid <strong>{formatMoney(bidding.currentBid.amount, bidding.currency)}</strong>
        </p>
      ) : null}
      {bidding && status ? <BidStatus status={status} closed maxBidAmount={null} currency={bidding.currency} /> : null}
    </>
  );
}
