import type { EventDetail } from '@lotline/contracts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Spec §9: the countdown ticks every second. */
export const COUNTDOWN_TICK_MS = SECOND;

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The event countdown of spec §4: 'Nd Nh' at one day or more, otherwise
 * hours, minutes and seconds (h:mm:ss), and at zero 'Ending' for a published
 * event, else 'Event Ended'. Partial seconds round down, so the text reaches
 * 0:00:00 only in the last second.
 */
export function countdownText(endsAt: number, now: number, status: EventDetail['status']): string {
  const left = endsAt - now;
  if (left <= 0) return status === 'published' ? 'Ending' : 'Event Ended';
  if (left >= DAY) return `${Math.floor(left / DAY)}d ${Math.floor((left % DAY) / HOUR)}h`;
  return `${Math.floor(left / HOUR)}:${two(Math.floor((left % HOUR) / MINUTE))}:${two(Math.floor((left % MINUTE) / SECOND))}`;
}

/**
 * The end the countdown counts to once a lot of the event reports its
 * effective end (the live stream's `endedAt`, ISO 8601 or ms): a later one (a
 * soft close extended the lot) moves it; an earlier or missing one changes
 * nothing, since the event ends when its last lot does.
 */
export function laterEnd(endsAt: number, reported: string | number | null): number {
  const at = typeof reported === 'string' ? Date.parse(reported) : reported;
  return at !== null && Number.isFinite(at) && at > endsAt ? at : endsAt;
}
