import type { EventPause } from '@lotline/contracts';
import { timerText } from '../lots/timer';

/**
 * What the event, lot and seller pages say while the marketplace has paused an event (decision 0087). The lot's
 * clock stands still: its time left is counted at the moment of the pause, and the resume moves its end by the
 * paused time, so the same time is left when bidding reopens.
 */
export function eventPausedText(pause: EventPause, endsAt?: number | null): string {
  const left =
    endsAt != null && endsAt > Date.parse(pause.pausedAt)
      ? ` The clock is stopped with ${timerText(endsAt, Date.parse(pause.pausedAt), '')} left.`
      : '';
  return `Bidding is paused by the marketplace: ${pause.reason}${left} No bids, purchases, offers or tenders are taken until it resumes.`;
}

/**
 * The lot says its event is paused (the lot read's `paused`, decision 0093) but the pause itself could not be read
 * (its reason and time): the page still says so, rather than looking open for bids.
 */
export const EVENT_PAUSED_UNREAD_TEXT =
  'Bidding is paused by the marketplace. No bids, purchases, offers or tenders are taken until it resumes.';
