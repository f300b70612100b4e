'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { coalesce, differsFromShown, LOT_CHANGE_EVENT, type LotChange } from '../../../../../lib/bidding/live-changes';

/**
 * Keeps the seller's live page current through the page's one live stream
 * (decision 0039): the table's rows carry `data-live-lot-id`, so the stream
 * follows them; when it reports a lot whose state differs from the one shown
 * (a fresh stream first resends the current state), the server-rendered page
 * is read again, at most one read at a time. Renders nothing.
 */
export function LiveRefresh({ shown }: { shown: Record<string, LotChange> }) {
  const router = useRouter();
  const latest = useRef(shown);
  latest.current = shown;
  useEffect(() => {
    const refresh = coalesce(async () => {
      router.refresh();
      // router.refresh has no promise; a short pause keeps a burst of bids to a few reads.
      await new Promise((resolve) => setTimeout(resolve, 1000));
    });
    const listener = (event: Event) => {
      const detail = (event as CustomEvent<LotChange & { _id: string }>).detail;
      const id = detail?._id;
      if (typeof id !== 'string' || !(id in latest.current)) return;
      if (differsFromShown(latest.current[id] ?? null, detail)) refresh();
    };
    document.addEventListener(LOT_CHANGE_EVENT, listener);
    return () => document.removeEventListener(LOT_CHANGE_EVENT, listener);
  }, [router]);
  return null;
}
