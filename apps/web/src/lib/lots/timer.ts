/**
 * The card timer's pure part (spec §4): the remaining time in days, hours,
 * minutes and seconds, its text and its colour. The ticking component feeds
 * it the server's clock (decision 0019).
 */

export interface TimerParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export type TimerTone = 'red' | 'amber';

export const ENDING_NOW_TEXT = 'Ending Now!';
/** A paused event's lot's timer text (decision 0087), on cards and the lot page: its clock stands still. */
export const PAUSED_TIMER_TEXT = 'Bidding paused';

export function timerParts(endsAt: number, now: number): TimerParts {
  const total = Math.max(0, Math.floor((endsAt - now) / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3_600),
    minutes: Math.floor((total % 3_600) / 60),
    seconds: total % 60,
  };
}

/** 'Ending Now!' when days, hours and minutes are all 0, else the D/H/M parts; the upper-case status once ended. */
export function timerText(endsAt: number, now: number, statusText: string): string {
  if (endsAt <= now) return statusText;
  const { days, hours, minutes } = timerParts(endsAt, now);
  if (days === 0 && hours === 0 && minutes === 0) return ENDING_NOW_TEXT;
  return `${days}d ${hours}h ${minutes}m`;
}

/** Red when the card is highlighted or no whole day is left, else amber. */
export function timerTone(endsAt: number, now: number, highlighted: boolean): TimerTone {
  return highlighted || timerParts(endsAt, now).days === 0 ? 'red' : 'amber';
}

/** Bid-change hooks: did the current bid or the bid count move since the last render? */
export function bidChanged(
  previous: { amount: number | null; count: number },
  next: { amount: number | null; count: number },
): boolean {
  return previous.amount !== next.amount || previous.count !== next.count;
}
