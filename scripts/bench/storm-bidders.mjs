/**
 * The bid stream of bench-storm.mjs, through the site's own API paths as a
 * browser sends them (the Origin header on writes, an Idempotency-Key on
 * bids): two demo bidders signed in, an open auction lot that needs no
 * deposit and no approval, bids at the minimum taking turns, and the check
 * that a page fetched after a bid's 201 shows its price.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { timedGet } from './closed-loop.mjs';

export const DEMO_BIDDERS = ['bidder1@example.com', 'bidder2@example.com'];
const DEMO_PASSWORD = 'lotline-demo-2026';
const LOT_PATH = /^\/marketplace\/bid\/[^/]+\/[^/?#]+$/;

/** One API call through the site; throws with the answer unless its status is one of `expect`. */
async function call(origin, path, { method = 'GET', cookie, body, key, expect = [200] } = {}) {
  const headers = { accept: 'application/json', ...(cookie ? { cookie } : {}) };
  if (method !== 'GET') Object.assign(headers, { origin, 'content-type': 'application/json' });
  if (key) headers['idempotency-key'] = key;
  const res = await fetch(`${origin}${path}`, { method, headers, body: body && JSON.stringify(body) });
  const text = await res.text();
  if (!expect.includes(res.status)) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return { status: res.status, data: text ? JSON.parse(text).data : undefined, headers: res.headers };
}

export async function signIn(origin, email) {
  const res = await call(origin, '/marketplace-api/auth/sign-in', {
    method: 'POST',
    body: { email, password: DEMO_PASSWORD },
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { email, id: res.data.user.id, cookie };
}

/** Bidder terms, the event's terms, then the registration; whether it can bid at once (approved, no deposit). */
async function register(origin, bidder, eventId) {
  for (const query of ['', `?eventId=${encodeURIComponent(eventId)}`]) {
    await call(origin, `/marketplace-api/users/${bidder.id}/bidder-terms${query}`, {
      method: 'POST',
      cookie: bidder.cookie,
      expect: [200, 201],
    });
  }
  const { data } = await call(origin, `/marketplace-api/users/${bidder.id}/registered-auctions/${eventId}`, {
    method: 'POST',
    cookie: bidder.cookie,
    body: {},
    key: randomUUID(),
    expect: [200, 201],
  });
  return data.status === 'approved' && (data.deposit?.status ?? 'not-required') === 'not-required';
}

/** The lot pages linked from `listPath`, in page order. */
async function lotPaths(origin, listPath) {
  const html = await (await fetch(`${origin}${listPath}`)).text();
  const paths = [...html.matchAll(/href="([^"]+)"/g)].map(([, href]) => href.replace(/&amp;/g, '&'));
  return [...new Set(paths.filter((p) => LOT_PATH.test(p)))];
}

/**
 * Whether the lot at `path` (from the browse page of open lots, which decides "open") is an auction of a
 * public event with no deposit that stays open past `openUntil`.
 */
async function suitable(origin, path, openUntil) {
  // The path may carry another id of the lot (its mp2 id); bids and the live price use the event lot's own.
  const pathId = decodeURIComponent(path.split('/').pop());
  const { data: lot } = await call(origin, `/marketplace/api/lots/${encodeURIComponent(pathId)}`);
  const source = lot.kind === 'event-lot' ? lot.lot._source : null;
  if (source?.type !== 'AuctionLot' || !source.event || source.event.privateSale) return null;
  const lotId = lot.lot._id;
  const { data: bidding } = await call(
    origin,
    `/marketplace/api/event/event-lots/${encodeURIComponent(lotId)}/bidding`,
  );
  if (Date.parse(bidding.endedAt) < openUntil) return null;
  const { data } = await call(origin, `/marketplace/api/event/events/${encodeURIComponent(source.event._id)}`);
  if (data.event.bidDeposit || data.event.viewOnly) return null;
  return { lotId, path, eventId: source.event._id };
}

/**
 * The first auction lot on the browse page of open auctions that suits and
 * whose event registers both bidders at once; throws when none does.
 */
export async function pickLot(origin, bidders, openUntil) {
  for (const path of await lotPaths(origin, '/marketplace/lots?status=active&sale-format=auction')) {
    const lot = await suitable(origin, path, openUntil);
    if (!lot) continue;
    let approved = true;
    for (const bidder of bidders) approved = approved && (await register(origin, bidder, lot.eventId));
    if (approved) return lot;
  }
  throw new Error('No open auction lot without a deposit or an approval ends late enough on the browse page.');
}

/** The price the lot page's price block shows (its live amount attribute), or null. */
export function pagePrice(html, lotId) {
  const at = html.indexOf(`data-live-lot-id="${lotId}"`);
  if (at < 0) return null;
  const amount = /data-live-bid-amount="(\d+)"/.exec(html.slice(at))?.[1];
  return amount === undefined ? null : Number(amount);
}

/**
 * Every `intervalMs`, the next bidder bids the lot's minimum, until
 * `shouldStop()`; `onBid` gets each taken bid's price and the moment its 201
 * arrived. Answers the bids taken and the refusals by code.
 */
export async function bidStream({ origin, lotId, bidders, intervalMs, shouldStop, onBid }) {
  const biddingPath = `/marketplace/api/event/event-lots/${encodeURIComponent(lotId)}/bidding`;
  let minimum = (await call(origin, biddingPath)).data.minimumBid;
  const refused = {};
  let taken = 0;
  for (let turn = 0; !shouldStop(); turn++) {
    const due = performance.now() + intervalMs;
    const bidder = bidders[turn % bidders.length];
    const res = await call(origin, `/marketplace/api/event/event-lots/${encodeURIComponent(lotId)}/bids`, {
      method: 'POST',
      cookie: bidder.cookie,
      body: { amount: minimum },
      key: randomUUID(),
      expect: [201, 409, 429, 503],
    }).catch((error) => ({ status: 'network', error }));
    if (res.status === 201) {
      taken++;
      const { lot } = res.data;
      minimum = lot.minimumBid;
      onBid({ amount: lot.currentBid.amount, committedAt: performance.now() });
    } else {
      refused[res.status] = (refused[res.status] ?? 0) + 1;
      minimum = (await call(origin, biddingPath).catch(() => ({ data: { minimumBid: minimum } }))).data.minimumBid;
    }
    await sleep(Math.max(0, due - performance.now()));
  }
  return { taken, refused };
}

/**
 * Fetches the lot page again and again until it shows `amount` or more: the
 * time from the bid's 201 to the end of that page's body, and the fetches it
 * took; `delayMs` is null when it did not show within `timeoutMs`.
 */
export async function timeToVisible({ url, lotId, amount, committedAt, timeoutMs = 120_000 }) {
  for (let fetches = 1; performance.now() - committedAt < timeoutMs; fetches++) {
    const page = await timedGet(url, { keepBody: true });
    if (page.ok && (pagePrice(page.body, lotId) ?? -1) >= amount) {
      return { delayMs: performance.now() - committedAt, fetches };
    }
  }
  return { delayMs: null, fetches: 0 };
}
