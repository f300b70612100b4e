'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { coalesce, type LotChange } from '../../../../../lib/bidding/live-changes';
import { watchLotChanges } from '../../../../../lib/seller-run/watch-lot-changes';

/** A burst of bids costs a read or two: after each refresh the next waits this long. */
const PAUSE_MS = 1000;

/**
 * Keeps the seller's live page current through the page's one live stream
 * (decision 0039): the table's rows carry `data-live-lot-id`, so the stream
 * follows them; when it reports a lot in a state other than the one shown,
 * the server-rendered page is read again, one read at a time. Renders nothing.
 */
export function LiveRefresh({ shown }: { shown: Record<string, LotChange> }) {
  const router = useRouter();
  const latest = useRef(shown);
  latest.current = shown;
  useEffect(() => {
    const refresh = coalesce(async () => {
      router.refresh();
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    });
    return watchLotChanges(document, () => latest.current, refresh);
  }, [router]);
  return null;
}
