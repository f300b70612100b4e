// The page cache's invalidations (decision 0103): one stream of the API's `GET /internal/page-changes` per web
// process. The cache serves entries only while the stream is open: it starts empty when the stream opens
// (`ready`), drops what a `changes` event names, and empties itself on `reset`, on a silent stream and on a
// lost one (changes sent meanwhile would be missed), then reconnects with backoff.

import { CATALOG_TAG } from './page-tags.mjs';

/** A stream silent this long (the API writes a comment every 10 s) is taken for lost. */
export const FEED_SILENCE_MS = 30_000;
const BACKOFF_MS = [250, 1_000, 2_000, 5_000, 10_000];

/**
 * The tags a `changes` event's data names: each lot's and event's, and with any event `catalog`, the tag of
 * every browse and seller page (an event published, paused, resumed or its company suspended changes what they
 * list; such changes are rare, a bid is not one).
 * @param {string} data
 * @returns {string[]}
 */
export function tagsOfChanges(data) {
  try {
    const parsed = JSON.parse(data);
    const ids = (/** @type {unknown} */ list) =>
      Array.isArray(list) ? list.filter((id) => typeof id === 'string' && id !== '') : [];
    const events = ids(parsed?.events).map((id) => `event:${id}`);
    return [...ids(parsed?.lots).map((id) => `lot:${id}`), ...events, ...(events.length > 0 ? [CATALOG_TAG] : [])];
  } catch {
    return [];
  }
}

/**
 * Follows the API's page changes into `cache` until `stop()`.
 * @param {{ live: boolean, clear(): void, invalidate(tags: readonly string[]): void }} cache
 * @param {string} apiBase
 * @param {{ log?: (message: string) => void, silenceMs?: number }} [options]
 */
export function followPageChanges(cache, apiBase, { log = console.log, silenceMs = FEED_SILENCE_MS } = {}) {
  let stopped = false;
  /** @type {AbortController | null} */
  let current = null;
  let failures = 0;

  const lose = (/** @type {string} */ why) => {
    if (cache.live) log(`[page cache] off: ${why}`);
    cache.live = false;
    cache.clear();
  };

  /** @param {string} block */
  const onEvent = (block) => {
    let event = 'message';
    let data = '';
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data += line.slice(5).trim();
    }
    if (event === 'ready') {
      cache.clear();
      cache.live = true;
      failures = 0;
      log('[page cache] on: following the API’s page changes');
    } else if (event === 'changes') {
      cache.invalidate(tagsOfChanges(data));
    } else if (event === 'reset') {
      cache.clear();
    }
  };

  const connect = async () => {
    const controller = new AbortController();
    current = controller;
    let silence = setTimeout(() => controller.abort(), silenceMs);
    try {
      const response = await fetch(`${apiBase}/internal/page-changes`, {
        headers: { accept: 'text/event-stream' },
        signal: controller.signal,
      });
      if (!response.ok || !response.body) throw new Error(`the API answered ${response.status}`);
      const decoder = new TextDecoder();
      let buffered = '';
      for await (const chunk of response.body) {
        clearTimeout(silence);
        silence = setTimeout(() => controller.abort(), silenceMs);
        buffered += decoder.decode(chunk, { stream: true }).replaceAll('\r\n', '\n');
        let end = buffered.indexOf('\n\n');
        while (end >= 0) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          if (block.trim() && !block.startsWith(':')) onEvent(block);
          end = buffered.indexOf('\n\n');
        }
      }
      lose('the page-change stream ended');
    } catch (error) {
      lose(stopped ? 'stopped' : `the page-change stream failed (${/** @type {Error} */ (error).message})`);
    } finally {
      clearTimeout(silence);
    }
  };

  const loop = async () => {
    while (!stopped) {
      await connect();
      if (stopped) break;
      const wait = BACKOFF_MS[Math.min(failures, BACKOFF_MS.length - 1)] ?? 10_000;
      failures++;
      await new Promise((resolve) => setTimeout(resolve, wait).unref());
    }
  };
  const running = loop();

  return {
    async stop() {
      stopped = true;
      current?.abort();
      await running;
    },
  };
}
