// The web process's page cache for anonymous visitors (decision 0103), in plain JavaScript: apps/web/server.mjs
// runs it before Next.js. The lot, event, browse and seller pages a visitor without a session asks for are kept
// whole (status, headers, HTML) and served again until their content changes: the API's page-change stream
// (change-feed.mjs) names every lot that changed and every event published, paused or resumed, and each entry
// carries the tags of what it shows (`lot:<id>`, `event:<id>`; `catalog` on browse and seller pages, which any
// event's change ends). Each answer gets its own CSP nonce (the stored one replaced
// in the policy and the HTML), its own request id, its own recently viewed cookie; nothing a cookie personalises
// is stored. Prices, counts, clocks and statuses also arrive by the live stream, as on any page.

import { randomBytes, randomUUID } from 'node:crypto';
import { LOTS_VIEWED_COOKIE, nextLotsViewed } from '../lots/lots-viewed-list.mjs';
import { closeRender, openRender } from './degraded.mjs';
import { cutAtNonce, gzipWithNonce, withNonce } from './nonce-parts.mjs';
import { CATALOG_TAG, PAGE_TAGS_HEADER } from './page-tags.mjs';

export { PAGE_TAGS_HEADER };
/** Says how the answer was made: `hit`, `stale` (served while its new version renders) or `miss`. */
export const PAGE_CACHE_HEADER = 'x-page-cache';
const REQUEST_ID_HEADER = 'x-request-id';
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** How long an entry is served at most: tags end a lot page and an event page at once on a change the API announces; this bounds what it does not (a category renamed, a seller renamed, a lot closed off a browse page). */
export const PAGE_TTL_MS = { lot: 15_000, event: 15_000, browse: 10_000, seller: 10_000 };
/** An entry changed or expired this recently is served while one request renders its new version. */
export const STALE_SERVE_MS = 1_000;
/** One answer larger than this is not stored. */
const MAX_ENTRY_BYTES = 4 * 1024 * 1024;
const MAX_KEY_LENGTH = 2_048;

/** Requests of the client-side router, prefetches and server actions: never cached. */
const ROUTER_HEADERS = [
  'rsc',
  'next-router-prefetch',
  'next-router-state-tree',
  'next-router-segment-prefetch',
  'next-action',
  'authorization',
  'range',
];

/**
 * The cache's size in bytes from `PAGE_CACHE_MB` (unset or empty: 64 MB; 0: off), or an Error naming the rule.
 * @param {string | undefined} value
 * @returns {number | Error}
 */
export function pageCacheBytes(value) {
  const mb = value === undefined || value === '' ? 64 : Number(value);
  if (!/^\d*$/.test(value ?? '') || !Number.isInteger(mb) || mb < 0 || mb > 4096) {
    return new Error(`PAGE_CACHE_MB must be a whole number of megabytes from 0 to 4096, got "${value}".`);
  }
  return mb * 1024 * 1024;
}

/**
 * The cached page kind of a path, with the tags its URL gives, or null.
 * @param {string} pathname
 * @returns {{ kind: keyof typeof PAGE_TTL_MS, tags: string[], lotId?: string } | null}
 */
export function pageOf(pathname) {
  const decode = (/** @type {string} */ part) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return null;
    }
  };
  let m = /^\/marketplace\/bid\/[^/]+\/([^/]+)$/.exec(pathname);
  if (m) {
    const lotId = decode(m[1] ?? '');
    return lotId ? { kind: 'lot', tags: [`lot:${lotId}`], lotId } : null;
  }
  m = /^\/marketplace\/event\/[^/]+\/([^/]+)$/.exec(pathname);
  if (m) {
    const eventId = decode(m[1] ?? '');
    return eventId ? { kind: 'event', tags: [`event:${eventId}`] } : null;
  }
  if (/^\/marketplace\/lots(\/[^/]+)?$/.test(pathname)) return { kind: 'browse', tags: [CATALOG_TAG] };
  if (/^\/marketplace\/seller\/[^/]+\/[^/]+$/.test(pathname)) return { kind: 'seller', tags: [CATALOG_TAG] };
  return null;
}

/**
 * The request's cookies by name (values URI-decoded as Next reads them; a value that does not decode is kept).
 * @param {string | undefined} header
 */
export function parseCookies(header) {
  /** @type {Map<string, string>} */
  const cookies = new Map();
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    const name = (at < 0 ? part : part.slice(0, at)).trim();
    if (!name) continue;
    const raw = at < 0 ? '' : part.slice(at + 1).trim();
    let value = raw;
    try {
      value = decodeURIComponent(raw);
    } catch {}
    cookies.set(name, value);
  }
  return cookies;
}

/**
 * Whether the request may be answered from the cache: a GET of the page itself (not the router's, a prefetch or
 * an action) by a visitor whose only cookie is the recently viewed list, and on a browse page (which shows that
 * list) not even that. Any other cookie (a session above all) renders the page afresh.
 * @param {import('node:http').IncomingMessage} request
 * @param {URL} url
 * @param {{ kind: string }} page
 */
export function cacheableRequest(request, url, page) {
  if (request.method !== 'GET') return false;
  if (ROUTER_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  if (url.searchParams.has('_rsc') || url.pathname.length + url.search.length > MAX_KEY_LENGTH) return false;
  const names = [...parseCookies(request.headers.cookie).keys()];
  if (page.kind === 'browse' || page.kind === 'seller') return names.length === 0;
  return names.every((name) => name === LOTS_VIEWED_COOKIE);
}

/** The request's id (decision 0095), as the proxy keeps it: a sane one given, or a new one. */
function requestIdOf(/** @type {import('node:http').IncomingMessage} */ request) {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_ID.test(given) ? given : randomUUID();
}

/** A new random nonce of `length` base64 characters (the kept page's nonce is cut out at that length). */
function freshNonce(/** @type {number} */ length) {
  return randomBytes(Math.ceil((length * 3) / 4))
    .toString('base64')
    .slice(0, length);
}

/** The policy's nonce (`'nonce-…'`), or null. */
function nonceOf(/** @type {string | undefined} */ csp) {
  const m = /'nonce-([A-Za-z0-9+/=]{16,})'/.exec(csp ?? '');
  return m?.[1] ?? null;
}

/**
 * @typedef {{ status: number, headers: Record<string, string | string[]>, body: import('./nonce-parts.mjs').NonceParts,
 *   nonce: string | null,
 *   viewedCookie: string | null, lotId: string | null, tags: string[], bytes: number, expiresAt: number,
 *   staleAt: number | null }} Entry
 * @typedef {{ tags: Set<string>, invalidated: Set<string>, cleared: boolean }} Render
 */

export class PageCache {
  /**
   * @param {{ maxBytes: number, now?: () => number, log?: (message: string) => void }} options
   */
  constructor({ maxBytes, now = Date.now, log = () => {} }) {
    this.maxBytes = maxBytes;
    this.now = now;
    this.log = log;
    /** Entries are served only while the change stream is open (change-feed.mjs sets it). */
    this.live = false;
    /** @type {Map<string, Entry>} in least recently used order */
    this.entries = new Map();
    /** @type {Map<string, Set<string>>} the keys of the entries carrying each tag */
    this.tagged = new Map();
    /** @type {Map<string, Promise<void>>} the render in flight per key */
    this.inflight = new Map();
    /** @type {Set<Render>} */
    this.renders = new Set();
    this.bytes = 0;
    this.counts = { hit: 0, stale: 0, miss: 0, bypass: 0, stored: 0 };
  }

  get enabled() {
    return this.maxBytes > 0;
  }

  /**
   * Answers the request from the cache, or lets `render` (Next's handler) answer it, keeping a copy when the
   * answer may be kept.
   * @param {import('node:http').IncomingMessage} request
   * @param {import('node:http').ServerResponse} response
   * @param {(request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse) => Promise<unknown>} render
   */
  async handle(request, response, render) {
    const url = new URL(request.url ?? '/', 'http://page.cache');
    const page = this.enabled && this.live ? pageOf(url.pathname) : null;
    if (!page || !cacheableRequest(request, url, page)) {
      this.counts.bypass++;
      // The lot page's tags are for this cache only, whoever the answer is for.
      const { writeHead } = response;
      /** @type {any} */ (response).writeHead = function (/** @type {any[]} */ ...args) {
        response.removeHeader(PAGE_TAGS_HEADER);
        return writeHead.apply(this, /** @type {any} */ (args));
      };
      await render(request, response);
      return;
    }
    const key = `${url.pathname}${url.search}`;
    for (;;) {
      const entry = this.entries.get(key);
      const now = this.now();
      if (entry && entry.staleAt === null && entry.expiresAt > now) {
        this.touch(key, entry);
        this.counts.hit++;
        this.serve(entry, request, response, 'hit');
        return;
      }
      const running = this.inflight.get(key);
      if (running) {
        const since = entry ? Math.min(entry.staleAt ?? entry.expiresAt, entry.expiresAt) : null;
        if (entry && since !== null && now - since < STALE_SERVE_MS) {
          this.counts.stale++;
          this.serve(entry, request, response, 'stale');
          return;
        }
        // Wait for that render, then look again (it may not have been kept: then this request renders).
        await running;
        if (this.entries.get(key) === entry) break;
        continue;
      }
      break;
    }
    const done = this.renderAndKeep(key, page, request, response, render);
    this.inflight.set(key, done);
    try {
      await done;
    } finally {
      if (this.inflight.get(key) === done) this.inflight.delete(key);
    }
  }

  /**
   * The pages showing any of these (`lot:<id>`, `event:<id>`) are out of date: served a moment longer while one
   * request renders each again; a render under way when they changed keeps its answer as out of date too.
   * @param {readonly string[]} tags
   */
  invalidate(tags) {
    if (tags.length === 0) return;
    const changed = new Set(tags);
    const now = this.now();
    for (const tag of changed) {
      for (const key of this.tagged.get(tag) ?? []) {
        const entry = this.entries.get(key);
        if (entry && entry.staleAt === null) entry.staleAt = now;
      }
    }
    for (const r of this.renders) for (const t of changed) r.invalidated.add(t);
  }

  /** Everything may be out of date (the change stream was lost): nothing is served from before. */
  clear() {
    this.entries.clear();
    this.tagged.clear();
    this.bytes = 0;
    for (const r of this.renders) r.cleared = true;
  }

  /** Drops an entry and its place in the tag index. @param {string} key */
  drop(key) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
    for (const tag of entry.tags) {
      const keys = this.tagged.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.tagged.delete(tag);
    }
  }

  /** @param {string} key @param {Entry} entry */
  touch(key, entry) {
    this.entries.delete(key);
    this.entries.set(key, entry);
  }

  /**
   * @param {Entry} entry
   * @param {import('node:http').IncomingMessage} request
   * @param {import('node:http').ServerResponse} response
   * @param {'hit' | 'stale'} how
   */
  serve(entry, request, response, how) {
    /** @type {Record<string, string | string[] | number>} */
    const headers = { ...entry.headers };
    const nonce = entry.nonce ? freshNonce(entry.body.nonceLength) : '';
    if (entry.nonce) {
      const csp = headers['content-security-policy'];
      if (typeof csp === 'string') headers['content-security-policy'] = csp.replaceAll(entry.nonce, nonce);
    }
    headers[REQUEST_ID_HEADER] = requestIdOf(request);
    headers[PAGE_CACHE_HEADER] = how;
    if (entry.viewedCookie && entry.lotId) {
      const viewed = nextLotsViewed(parseCookies(request.headers.cookie).get(LOTS_VIEWED_COOKIE), entry.lotId);
      headers['set-cookie'] =
        `${LOTS_VIEWED_COOKIE}=${encodeURIComponent(JSON.stringify(viewed))}${entry.viewedCookie}`;
    }
    let bytes;
    const accepts = String(request.headers['accept-encoding'] ?? '');
    const vary = String(headers.vary ?? '');
    if (!/\baccept-encoding\b/i.test(vary)) headers.vary = vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding';
    if (/\bgzip\b/.test(accepts)) {
      bytes = gzipWithNonce(entry.body, nonce);
      headers['content-encoding'] = 'gzip';
    } else {
      bytes = withNonce(entry.body, nonce);
    }
    headers['content-length'] = bytes.length;
    response.writeHead(entry.status, headers);
    response.end(bytes);
  }

  /**
   * Lets `render` answer with an uncompressed body (the stored copy must take a new nonce), copies what it
   * writes, and keeps it if the answer is a complete 200 HTML page of no one in particular.
   * @param {string} key
   * @param {{ kind: keyof typeof PAGE_TTL_MS, tags: string[], lotId?: string }} page
   * @param {import('node:http').IncomingMessage} request
   * @param {import('node:http').ServerResponse} response
   * @param {(request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse) => Promise<unknown>} render
   */
  async renderAndKeep(key, page, request, response, render) {
    this.counts.miss++;
    request.headers['accept-encoding'] = 'identity';
    const requestId = requestIdOf(request);
    request.headers[REQUEST_ID_HEADER] = requestId;
    /** @type {Render} */
    const track = { tags: new Set(page.tags), invalidated: new Set(), cleared: false };
    this.renders.add(track);
    const own = openRender(requestId);
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    /** @type {string[]} */
    let extraTags = [];
    /** @param {unknown} chunk @param {unknown} encoding */
    const copy = (chunk, encoding) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      const buffer =
        typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? /** @type {BufferEncoding} */ (encoding) : 'utf8')
          : Buffer.from(/** @type {Uint8Array} */ (chunk));
      size += buffer.length;
      if (size <= MAX_ENTRY_BYTES) chunks.push(buffer);
    };
    const { write, end, writeHead } = response;
    /** @type {any} */ (response).write = function (/** @type {any[]} */ ...args) {
      copy(args[0], args[1]);
      return write.apply(this, /** @type {any} */ (args));
    };
    /** @type {any} */ (response).end = function (/** @type {any[]} */ ...args) {
      copy(args[0], args[1]);
      return end.apply(this, /** @type {any} */ (args));
    };
    /** @type {any} */ (response).writeHead = function (/** @type {any[]} */ ...args) {
      const tags = response.getHeader(PAGE_TAGS_HEADER);
      if (tags !== undefined) {
        extraTags = String(tags).split(/\s+/).filter(Boolean);
        response.removeHeader(PAGE_TAGS_HEADER);
      }
      return writeHead.apply(this, /** @type {any} */ (args));
    };
    response.setHeader(PAGE_CACHE_HEADER, 'miss');
    const finished = new Promise((resolve) => {
      response.once('finish', () => resolve(true));
      response.once('close', () => resolve(response.writableFinished));
    });
    let complete = false;
    try {
      await render(request, response);
      complete = /** @type {boolean} */ (await finished);
    } finally {
      // Another render of the same request id was open: that one closes it; this one is not kept.
      const degraded = own ? closeRender(requestId) : true;
      const tags = [...new Set([...page.tags, ...extraTags])];
      try {
        // Still among the renders while its parts are compressed: a change meanwhile marks it out of date.
        if (complete && !degraded && size <= MAX_ENTRY_BYTES)
          await this.keep(key, page, tags, track, response, chunks, size);
      } finally {
        this.renders.delete(track);
      }
    }
  }

  /**
   * @param {string} key
   * @param {{ kind: keyof typeof PAGE_TTL_MS, lotId?: string }} page
   * @param {string[]} tags
   * @param {Render} track the render's record of the changes announced while it ran
   * @param {import('node:http').ServerResponse} response
   * @param {Buffer[]} chunks
   * @param {number} size
   */
  async keep(key, page, tags, track, response, chunks, size) {
    if (response.statusCode !== 200) return;
    const headers = response.getHeaders();
    if (!String(headers['content-type'] ?? '').startsWith('text/html')) return;
    if (headers['content-encoding'] !== undefined) return;
    // A cookie set for this visitor only may be the recently viewed list of the lot page, which each answer
    // makes again from its own request; anything else makes the answer theirs.
    const cookies = [headers['set-cookie'] ?? []].flat().map(String);
    const viewed = cookies.filter((c) => c.startsWith(`${LOTS_VIEWED_COOKIE}=`));
    if (cookies.length !== viewed.length || viewed.length > 1) return;
    if (viewed.length === 1 && page.kind !== 'lot') return;
    // Its attributes, each answer's value before them; Expires dropped (it would stay the first answer's date):
    // Max-Age says the same.
    const viewedCookie = viewed[0] ? viewed[0].slice(viewed[0].indexOf(';')).replace(/;\s*Expires=[^;]*/i, '') : null;
    /** @type {Record<string, string | string[]>} */
    const kept = {};
    for (const [name, value] of Object.entries(headers)) {
      if (
        value === undefined ||
        [
          'set-cookie',
          'content-length',
          'transfer-encoding',
          'connection',
          'keep-alive',
          'date',
          'etag',
          REQUEST_ID_HEADER,
          PAGE_CACHE_HEADER,
        ].includes(name)
      )
        continue;
      kept[name] = Array.isArray(value) ? value.map(String) : String(value);
    }
    const nonce = nonceOf(
      typeof kept['content-security-policy'] === 'string' ? kept['content-security-policy'] : undefined,
    );
    // Its time counts from the render's end. Compressed in zlib's threads, not on the thread that answers everyone
    // else (decision 0103); a request for the same page meanwhile waits for this render (it is still in flight).
    const now = this.now();
    const body = await cutAtNonce(Buffer.concat(chunks, size).toString('utf8'), nonce);
    const stale = track.cleared || tags.some((t) => track.invalidated.has(t));
    /** @type {Entry} */
    const entry = {
      status: 200,
      headers: kept,
      body,
      nonce,
      viewedCookie: viewedCookie?.startsWith(';') ? viewedCookie : null,
      lotId: page.lotId ?? null,
      tags,
      bytes: body.bytes + key.length,
      expiresAt: now + PAGE_TTL_MS[page.kind],
      staleAt: stale ? now : null,
    };
    this.drop(key);
    if (entry.bytes > this.maxBytes) return;
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    for (const tag of tags) {
      const keys = this.tagged.get(tag) ?? new Set();
      keys.add(key);
      this.tagged.set(tag, keys);
    }
    this.counts.stored++;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest);
    }
  }
}
