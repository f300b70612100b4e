import type { LiveLotEvent } from '@lotline/contracts';
import { LIVE } from './live-dom';
import { applyLotChange, LOT_CHANGE_EVENT } from './live-update';

/** Contract §5: one stream follows at most 500 lots; a page shows far fewer. */
export const MAX_LIVE_LOTS = 500;
/** Sections stream in and client navigation swaps content: the ids are collected again once things settle. */
const RESUBSCRIBE_MS = 250;

export const LIVE_PATH = '/marketplace/api/live';

/** The lot ids shown on the page, sorted, at most MAX_LIVE_LOTS. */
export function collectLotIds(root: ParentNode): string[] {
  const ids = new Set<string>();
  for (const element of root.querySelectorAll(`[${LIVE.lotId}]`)) {
    const id = element.getAttribute(LIVE.lotId);
    if (id) ids.add(id);
  }
  return [...ids].sort().slice(0, MAX_LIVE_LOTS);
}

export function liveUrl(ids: readonly string[]): string {
  return `${LIVE_PATH}?eventLotIds=${ids.map(encodeURIComponent).join(',')}`;
}

export interface LiveStreamOptions {
  /** The server's clock at the event's read (ms since the epoch): the ticker's offset follows it. */
  onServerTime(ms: number): void;
  /** Tests pass a fake; the browser's by default. */
  EventSource?: typeof EventSource;
  resubscribeMs?: number;
}

/**
 * The page's one live stream (decision 0039): ONE EventSource (same origin,
 * forwarded to the API unbuffered) for every lot the page shows, reopened
 * when that set changes. Each `lot` event updates the page in place and is
 * dispatched on `document` as `lotline:lot-change`. The browser reconnects a
 * dropped stream by itself with Last-Event-ID, and the server then sends the
 * current state first. Returns the cleanup.
 */
export function startLiveStream(doc: Document, options: LiveStreamOptions): () => void {
  const Source = options.EventSource ?? doc.defaultView?.EventSource;
  if (!Source) return () => {};
  const view = doc.defaultView as Window & typeof globalThis;
  /** The last change applied per lot: a stream reopened for a new set of ids may resend older ones. */
  const applied = new Map<string, number>();
  let source: EventSource | undefined;
  let key = '';

  const onLot = (event: MessageEvent<string>) => {
    const lot = JSON.parse(event.data) as LiveLotEvent;
    const seq = Number(event.lastEventId);
    if ((applied.get(lot._id) ?? -1) > seq) return;
    applied.set(lot._id, seq);
    applyLotChange(doc, lot);
    options.onServerTime(Date.parse(lot.serverTime));
    doc.dispatchEvent(new CustomEvent(LOT_CHANGE_EVENT, { detail: lot }));
  };

  const subscribe = () => {
    const ids = collectLotIds(doc);
    const next = ids.join(',');
    if (next === key) return;
    key = next;
    source?.close();
    source = undefined;
    if (ids.length === 0) return;
    source = new Source(liveUrl(ids));
    source.addEventListener('lot', onLot as EventListener);
  };

  subscribe();
  let pending: ReturnType<typeof setTimeout> | undefined;
  const observer = new view.MutationObserver(() => {
    if (pending) return;
    pending = setTimeout(() => {
      pending = undefined;
      subscribe();
    }, options.resubscribeMs ?? RESUBSCRIBE_MS);
  });
  observer.observe(doc.body, { childList: true, subtree: true });
  return () => {
    observer.disconnect();
    if (pending) clearTimeout(pending);
    source?.close();
  };
}
