/**
 * BIDDING §5: when each lot of an event is scheduled to end (staggered
 * close), and how an accepted bid moves a lot's effective end (soft close).
 * Times are ms since the epoch, read from the database clock by the caller.
 */

export interface SoftCloseSettings {
  /** A bid within the last `windowSeconds` of the effective end… */
  windowSeconds: number;
  /** …moves the end to bid time + `extensionSeconds`… */
  extensionSeconds: number;
  /** …but never past the scheduled end + `capSeconds`. */
  capSeconds: number;
}

/** The defaults of BIDDING §5 (an event may override each). */
export const DEFAULT_SOFT_CLOSE: SoftCloseSettings = { windowSeconds: 120, extensionSeconds: 120, capSeconds: 3600 };
export const DEFAULT_STAGGER_SECONDS = 60;

/** Lot `position` (sequence order, from 0) of an event ends at the event's end + position × the stagger interval. */
export function staggeredEnd(eventEnd: number, position: number, staggerSeconds = DEFAULT_STAGGER_SECONDS): number {
  return eventEnd + position * staggerSeconds * 1000;
}

/**
 * The effective end after an accepted bid at `bidTime` (BIDDING §5): unchanged
 * unless the bid came within the window; then bid time + extension, capped at
 * the scheduled end + cap, and never earlier than the end already was. Only an
 * accepted bid may call this: a refused one never extends.
 */
export function softCloseEnd(
  lot: { effectiveEnd: number; scheduledEnd: number },
  bidTime: number,
  settings: SoftCloseSettings = DEFAULT_SOFT_CLOSE,
): number {
  if (bidTime < lot.effectiveEnd - settings.windowSeconds * 1000) return lot.effectiveEnd;
  const extended = Math.min(bidTime + settings.extensionSeconds * 1000, lot.scheduledEnd + settings.capSeconds * 1000);
  return Math.max(lot.effectiveEnd, extended);
}
