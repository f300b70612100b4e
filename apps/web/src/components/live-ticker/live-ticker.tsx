'use client';

import { useEffect } from 'react';
import { announceBidChange, dismissTipsOnEscape, LIVE, tickTimers } from './live-dom';
import { startLiveStream } from './live-stream';

/** Spec §9: timers tick every second. */
const TICK_MS = 1000;

/**
 * The page's one ticker (decision 0024). It keeps the offset between the
 * server's clock and the browser's, so a wrong clock on the buyer's machine
 * does not change when a lot "ends", and every second brings each
 * server-rendered card timer on the page up to date, including cards that
 * arrive later (streamed sections, client navigation). It also watches the
 * cards' bid attributes and runs the bid-change hooks when a live update
 * changes them, and lets Escape hide a shown tooltip. It also opens the
 * page's one live stream (decision 0039), which writes those attributes and
 * keeps the clock offset on the server's time. Renders nothing.
 */
export function LiveTicker({ serverNow }: { serverNow: number }) {
  useEffect(() => {
    let offset = serverNow - Date.now();
    const tick = () => tickTimers(document, Date.now() + offset);
    tick();
    const interval = window.setInterval(tick, TICK_MS);
    const timers = { set: window.setTimeout.bind(window), clear: window.clearTimeout.bind(window) };
    const observer = new MutationObserver((records) => {
      const changed = new Set<HTMLElement>();
      for (const record of records) {
        if (
          record.target instanceof HTMLElement &&
          record.oldValue !== record.target.getAttribute(record.attributeName ?? '')
        ) {
          changed.add(record.target);
        }
      }
      for (const amount of changed) announceBidChange(amount, timers);
    });
    observer.observe(document.body, {
      subtree: true,
      attributes: true,
      attributeOldValue: true,
      attributeFilter: [LIVE.bidAmount, LIVE.bidsCount],
    });
    const undoTips = dismissTipsOnEscape(document);
    const stopStream = startLiveStream(document, {
      onServerTime: (ms) => {
        offset = ms - Date.now();
      },
    });
    return () => {
      window.clearInterval(interval);
      observer.disconnect();
      undoTips();
      stopStream();
    };
  }, [serverNow]);
  return null;
}
