'use client';

import type { EventDetail } from '@lotline/contracts';
import { useEffect, useRef, useState } from 'react';
import { useEveryLotChange } from '../../../../../lib/bidding/live-changes';
import { COUNTDOWN_TICK_MS, countdownText, laterEnd } from '../../../../../lib/events/countdown';

interface EventCountdownProps {
  /** The event's effective end (its last lot's, extensions included), ms since the epoch. */
  endsAt: number;
  status: EventDetail['status'];
  /** The server's clock when the page was rendered (ms since the epoch). */
  serverNow: number;
}

/**
 * The event countdown of spec §4, the page's one ticking island. The first
 * text is the server's; after that it ticks each second on the server's clock
 * (the offset to the browser's clock is taken once), so a wrong clock on the
 * visitor's machine does not change it (as the lot card's timer, decision 0019).
 * It counts to the event's effective end, and follows a lot the live stream
 * reports extended past it: on the event page every lot the stream follows is
 * one of the event's (its lot grid is scoped to the event).
 */
export function EventCountdown({ endsAt, status, serverNow }: EventCountdownProps) {
  const [now, setNow] = useState(serverNow);
  const [reportedEnd, setReportedEnd] = useState<number | null>(null);
  useEveryLotChange((_lotId, reported) => setReportedEnd((shown) => laterEnd(shown ?? endsAt, reported.endedAt)));
  const [ticking, setTicking] = useState(false);
  const offset = useRef<number | null>(null);
  useEffect(() => {
    offset.current ??= serverNow - Date.now();
    const tick = () => setNow(Date.now() + (offset.current ?? 0));
    tick();
    setTicking(true);
    const id = window.setInterval(tick, COUNTDOWN_TICK_MS);
    return () => window.clearInterval(id);
  }, [serverNow]);
  return (
    // data-ticking: the browser's clock offset is taken and the countdown follows it (a test moving the page's
    // clock must wait for it: moved before, the offset would take the move back).
    <span data-testid="event-countdown" data-ticking={ticking ? 'true' : undefined} suppressHydrationWarning>
      {countdownText(laterEnd(endsAt, reportedEnd), now, status)}
    </span>
  );
}
