'use client';

import { useEffect, useRef } from 'react';

/**
 * The live client (components/live-ticker, decision 0039) dispatches this on
 * `document` for every `lot` event of the stream, with the contract's data
 * (`{_id, currentBid, bidsCount, endedAt, status, serverTime}`) as `detail`.
 */
export const LOT_CHANGE_EVENT = 'lotline:lot-change';

/** The attribute the live client collects the page's lot ids from; the bid panel's root carries it too. */
export const LIVE_LOT_ID = 'data-live-lot-id';

/** The public part of a lot the stream reports (the contract's `lot` event) and the panel shows. */
export interface LotChange {
  currentBid: { amount: number } | null;
  bidsCount: number;
  endedAt: string | number | null;
  status: string;
}

const endMs = (value: string | number | null): number | null =>
  value === null ? null : typeof value === 'number' ? value : Date.parse(value);

/**
 * Whether a reported state of the lot differs from the one shown. A fresh
 * stream sends the current state first, which the server-rendered panel
 * already shows: reading it again would cost a request per page view.
 */
export function differsFromShown(shown: LotChange | null, reported: LotChange): boolean {
  if (shown === null) return true;
  return (
    (shown.currentBid?.amount ?? null) !== (reported.currentBid?.amount ?? null) ||
    shown.bidsCount !== reported.bidsCount ||
    endMs(shown.endedAt) !== endMs(reported.endedAt) ||
    shown.status !== reported.status
  );
}

/** Calls `onChange` with the lot's id and reported state whenever the stream reports a change of a lot on the page. */
export function useEveryLotChange(onChange: (lotId: string, reported: LotChange) => void): void {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    const listener = (event: Event) => {
      const detail: unknown = (event as CustomEvent).detail;
      const id = typeof detail === 'object' && detail !== null ? (detail as { _id?: unknown })._id : undefined;
      if (typeof id === 'string') latest.current(id, detail as LotChange);
    };
    document.addEventListener(LOT_CHANGE_EVENT, listener);
    return () => document.removeEventListener(LOT_CHANGE_EVENT, listener);
  }, []);
}

/** Calls `onChange` with the reported state whenever the stream reports a change of the lot `lotId`. */
export function useLotChanges(lotId: string, onChange: (reported: LotChange) => void): void {
  useEveryLotChange((id, reported) => {
    if (id === lotId) onChange(reported);
  });
}

/**
 * Runs `load` at most once at a time: a request made while one runs is kept
 * and run once after it, so a burst of changes costs two fetches, and an
 * older answer never lands after a newer one.
 */
export function coalesce(load: () => Promise<void>): () => void {
  let running = false;
  let again = false;
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    void load().finally(() => {
      running = false;
      if (again) {
        again = false;
        run();
      }
    });
  };
  return run;
}
