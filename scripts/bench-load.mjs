#!/usr/bin/env node
/**
 * npm run bench:load — the cluster of docs/deploy.md (scripts/scale/start-cluster.mjs: a PostgreSQL primary and
 * a streaming replica, HAProxy with TLS, 2 API and 2 web processes from their production builds) with
 * BENCH_LOAD_LOTS generated lots (default 100,000; the generator only, `npm run seed`, no demo steps), under three
 * crowds at once for BENCH_LOAD_SECONDS (default 120), all through the balancer:
 *
 *  - BENCH_LOAD_BROWSERS (200) anonymous people browsing: each loads a page or calls a read of the mix below, reads
 *    the whole answer, waits about BENCH_LOAD_THINK_MS (1,000 ms, ±50 %), and goes on. Lot pages come mostly from
 *    the lots being bid on (the crowd of a closing event), the rest from anywhere in the catalogue;
 *  - BENCH_LOAD_BIDDERS (50) signed-in bidders, registered for the event: each reads a lot's bidding state,
 *    bids its minimum with an Idempotency-Key, waits about 2 s, and goes on;
 *  - BENCH_LOAD_SUBSCRIBERS (5,000) live-stream subscribers to those lots (reconnecting with Last-Event-ID as
 *    EventSource does when a stream ends).
 *
 * Each simulated person has an address of its own (X-Forwarded-For from loopback, which HAProxy passes on), as a
 * crowd has; the subscribers share one. Prints per route requests, requests a second, p50/p95/p99 and errors
 * (network errors, timeouts, 5xx, and any 4xx but a bid's refusal), the bids taken and refused by code, and the
 * subscribers connected, reconnected and the lot updates they received. Exit 1 when any request erred.
 *
 *   npm run bench:load
 *   BENCH_LOAD_LOTS=20000 BENCH_LOAD_SECONDS=30 npm run bench:load     # a smaller, quicker run
 *   BENCH_LOAD_JSON=out.json npm run bench:load                        # also write the figures as JSON
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { exchange, percentile } from './bench/closed-loop.mjs';
import { ROOT } from './bootstrap.mjs';
import { startProcess } from './scale/cluster.mjs';
import { queryOne, startCluster } from './scale/start-cluster.mjs';
import { Subscribers } from './scale/subscribers.mjs';

function whole(name, fallback, min, max) {
  const raw = process.env[name];
  const value = raw === undefined ? fallback : Number(raw.replace(/[_,]/g, ''));
  if (!Number.isInteger(value) || value < min || value > max) {
    console.error(`${name} must be a whole number from ${min} to ${max}, got "${raw}".`);
    process.exit(1);
  }
  return value;
}
const LOTS = whole('BENCH_LOAD_LOTS', 100_000, 1_000, 2_000_000);
const SECONDS = whole('BENCH_LOAD_SECONDS', 120, 5, 3_600);
const BROWSERS = whole('BENCH_LOAD_BROWSERS', 200, 0, 5_000);
const BIDDERS = whole('BENCH_LOAD_BIDDERS', 50, 0, 1_000);
const SUBSCRIBERS = whole('BENCH_LOAD_SUBSCRIBERS', 5_000, 0, 50_000);
const THINK_MS = whole('BENCH_LOAD_THINK_MS', 1_000, 0, 60_000);
const BID_THINK_MS = 2_000;
const HOT_LOTS = 50;
const RANDOM_LOTS = 400;
const REQUEST_TIMEOUT_MS = 30_000;
const PASSWORD = 'bench-load-password-2026';

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const jitter = (ms) => ms * (0.5 + Math.random());
/** A documentation address (RFC 5737) per simulated person. */
const addressOf = (i) => `198.51.${100 + Math.floor(i / 250)}.${(i % 250) + 1}`;

/** Every answer per route: times of the good ones, errors by status. */
class Routes {
  #routes = new Map();
  record(route, ms, error) {
    const entry = this.#routes.get(route) ?? { times: [], errors: new Map() };
    this.#routes.set(route, entry);
    if (error === undefined) entry.times.push(ms);
    else entry.errors.set(error, (entry.errors.get(error) ?? 0) + 1);
  }
  answered() {
    let n = 0;
    for (const { times, errors } of this.#routes.values())
      n += times.length + [...errors.values()].reduce((a, b) => a + b, 0);
    return n;
  }
  summary(seconds) {
    return [...this.#routes]
      .map(([route, { times, errors }]) => {
        const sorted = [...times].sort((a, b) => a - b);
        const errorCount = [...errors.values()].reduce((sum, n) => sum + n, 0);
        return {
          route,
          ok: sorted.length,
          perSecond: sorted.length / seconds,
          p50: percentile(sorted, 0.5),
          p95: percentile(sorted, 0.95),
          p99: percentile(sorted, 0.99),
          errors: errorCount,
          errorsByStatus: Object.fromEntries(errors),
        };
      })
      .sort((a, b) => b.ok - a.ok);
  }
}

/** The requests sent and not yet answered, with when each was sent. */
const inFlight = new Map();

/** One request through the balancer as the person at `address`: status, time, JSON when it is JSON. */
async function send(origin, path, { method = 'GET', address, cookie, body, key } = {}) {
  const headers = { 'x-forwarded-for': address, 'accept-encoding': 'gzip, br' };
  if (cookie) headers.cookie = cookie;
  if (method !== 'GET') Object.assign(headers, { origin, 'content-type': 'application/json' });
  if (key) headers['idempotency-key'] = key;
  const ticket = Symbol(path);
  inFlight.set(ticket, performance.now());
  try {
    const answer = await exchange(`${origin}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      keepBody: 'json',
      timeoutMs: REQUEST_TIMEOUT_MS,
    });
    if (typeof answer.status !== 'number') {
      return { status: answer.status === 'TimeoutError' ? 'timeout' : answer.status, ms: 0, headers: {} };
    }
    let json;
    if (String(answer.headers['content-type'] ?? '').includes('json')) {
      try {
        json = JSON.parse(answer.body);
      } catch {
        json = undefined;
      }
    }
    return { status: answer.status, ms: answer.ms, json, headers: answer.headers };
  } finally {
    inFlight.delete(ticket);
  }
}

/** The canonical page address the short one redirects to (`/marketplace/bid/lot/{id}` → its slug). */
async function canonical(origin, path, keepQuery = false) {
  const res = await send(origin, path, { address: '198.51.99.1' });
  if (res.status === 200) return path;
  const location = res.headers?.location;
  if (![301, 302, 307, 308].includes(res.status) || !location)
    throw new Error(`${path} answered ${res.status}, not a page or a redirect to one`);
  const url = new URL(location, origin);
  return keepQuery ? `${url.pathname}${url.search}` : url.pathname;
}

const generatorSeed = async ({ cluster, log }) => {
  log(`\n— ${LOTS.toLocaleString('en-US')} generated lots (npm run seed, the generator only)`);
  const started = Date.now();
  const seeder = startProcess(
    'seed',
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'packages/db/src/seed/cli.ts'), '--lots', String(LOTS)],
    {
      env: { DATABASE_URL: cluster.primary.url('lotline'), FILES_DIR: join(cluster.dir, 'files') },
      log: join(cluster.dir, 'seed.log'),
    },
  );
  cluster.processes.push(seeder);
  const code = await seeder.exited;
  if (code !== 0) throw new Error(`npm run seed exited with ${code}:\n${seeder.output().slice(-2000)}`);
  await queryOne(cluster.primary.url('lotline'), 'vacuum analyze');
  log(`     seeded and analysed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
};

console.log(
  `bench:load: ${LOTS.toLocaleString('en-US')} lots; ${BROWSERS} browsing, ${BIDDERS} bidding, ${SUBSCRIBERS} live subscribers for ${SECONDS} s (load ${load()})`,
);
let cluster;
try {
  cluster = await startCluster({
    name: 'load',
    seed: generatorSeed,
    // The subscribers share one address (the bench's), and so one per-client limit.
    apiEnv: { LIVE_MAX_CONNECTIONS_PER_CLIENT: String(SUBSCRIBERS + 100) },
  });
} catch (error) {
  console.error(`\nFAIL ${error.stack}`);
  process.exit(1);
}
const { origin } = cluster;
const db = cluster.primary.url('lotline');
const subscribers = new Subscribers(origin);
let failed = false;
try {
  console.log('\n— The crowd’s pages');
  // The event being bid on: open auction lots of a public event that registers at once (no deposit, no approval).
  const [event] = await queryOne(
    db,
    `select e.id, count(*)::int as lots from events e join event_lots l on l.event_id = e.id
      where e.status = 'published' and not e.registration_approval_required and e.bid_deposit_amount is null
        and e.private_sale is not true and l.type = 'AuctionLot' and l.start_at <= now() and l.closed_at is null
        and l.ended_at > now() + make_interval(secs => $1)
      group by e.id order by count(*) desc limit 1`,
    [SECONDS + 600],
  );
  if (!event) throw new Error('no open auction event without a deposit or an approval in the generated data');
  const hotIds = (
    await queryOne(
      db,
      `select id from event_lots where event_id = $1 and type = 'AuctionLot' and start_at <= now()
        and closed_at is null and ended_at > now() + make_interval(secs => $2) order by number limit $3`,
      [event.id, SECONDS + 600, HOT_LOTS],
    )
  ).map((r) => r.id);
  const randomIds = (
    await queryOne(db, `select id from event_lots tablesample system (2) limit $1`, [RANDOM_LOTS])
  ).map((r) => r.id);
  const sellers = await queryOne(db, `select id, slug from companies order by random() limit 20`);
  const events = await queryOne(db, `select id from events where status = 'published' order by random() limit 40`);
  const hotPages = [];
  for (const id of hotIds) hotPages.push(await canonical(origin, `/marketplace/bid/lot/${encodeURIComponent(id)}`));
  const otherPages = [];
  for (const id of randomIds) {
    try {
      otherPages.push(await canonical(origin, `/marketplace/bid/lot/${encodeURIComponent(id)}`));
    } catch {
      // a lot that is not public (withdrawn, a private sale): not a page anyone browses to
    }
  }
  const eventPages = [await canonical(origin, `/marketplace/event/event/${encodeURIComponent(event.id)}`)];
  for (const e of events) {
    try {
      eventPages.push(await canonical(origin, `/marketplace/event/event/${encodeURIComponent(e.id)}`));
    } catch {
      // not public
    }
  }
  const sellerPages = sellers.map(
    (s) => `/marketplace/seller/${encodeURIComponent(s.slug)}/${encodeURIComponent(s.id)}`,
  );
  console.log(
    `     event ${event.id} (${event.lots} open lots, ${hotPages.length} of them bid on), ${otherPages.length} other lot pages, ${eventPages.length} event pages, ${sellerPages.length} seller pages`,
  );

  const words = ['pump', 'lathe', 'electric', 'forklift', 'compressor', 'valve', 'motor', 'press'];
  const browses = [];
  for (const query of ['', '?sale-format=auction&status=active', '?sort=recent', ...words.map((w) => `?keyword=${w}`)])
    browses.push(await canonical(origin, `/marketplace/lots${query}`, true));
  browses.push('/marketplace/events');
  // [weight, route label, path]
  const mix = [
    [35, 'lot page (being bid on)', () => pick(hotPages)],
    [15, 'lot page (any)', () => pick(otherPages)],
    [10, 'event page', () => pick(eventPages)],
    [12, 'browse page', () => pick(browses)],
    [5, 'home page', () => '/'],
    [5, 'seller page', () => pick(sellerPages)],
    [
      10,
      'GET /marketplace/api/search/lots',
      () => `/marketplace/api/search/lots?page-size=30&facets=true&keyword=${pick(words)}`,
    ],
    [8, 'GET …/event-lots/:id/bidding', () => `/marketplace/api/event/event-lots/${pick(hotIds)}/bidding`],
  ];
  const totalWeight = mix.reduce((sum, [w]) => sum + w, 0);
  const nextRequest = () => {
    let at = Math.random() * totalWeight;
    for (const [weight, route, path] of mix) {
      at -= weight;
      if (at <= 0) return [route, path()];
    }
    return [mix[0][1], mix[0][2]()];
  };

  console.log(`\n— ${BIDDERS} bidders: signed up, verified, registered for the event`);
  const bidders = [];
  for (let i = 0; i < BIDDERS; i++) {
    const address = addressOf(BROWSERS + i);
    const email = `load-${i}-${randomUUID().slice(0, 8)}@example.com`;
    const up = await send(origin, '/marketplace-api/auth/sign-up', {
      method: 'POST',
      address,
      body: { email, password: PASSWORD, name: `Load Bidder ${i + 1}` },
    });
    if (up.status !== 202) throw new Error(`sign-up of ${email}: ${up.status}`);
    bidders.push({ email, address });
  }
  // The bench stands in for the steps it does not measure: each mailed activation link and the verification
  // (address, phone, a card) that spec §4 asks of a bidder.
  await queryOne(db, `update users set email_verified = true, verified = true where email like 'load-%@example.com'`);
  for (const bidder of bidders) {
    const res = await send(origin, '/marketplace-api/auth/sign-in', {
      method: 'POST',
      address: bidder.address,
      body: { email: bidder.email, password: PASSWORD },
    });
    if (res.status !== 200) throw new Error(`sign-in of ${bidder.email}: ${res.status}`);
    bidder.cookie = (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
    bidder.id = res.json.data.user.id;
    for (const query of ['', `?eventId=${encodeURIComponent(event.id)}`]) {
      const agreed = await send(origin, `/marketplace-api/users/${bidder.id}/bidder-terms${query}`, {
        method: 'POST',
        address: bidder.address,
        cookie: bidder.cookie,
      });
      if (![200, 201].includes(agreed.status)) throw new Error(`terms of ${bidder.email}: ${agreed.status}`);
    }
    const registered = await send(origin, `/marketplace-api/users/${bidder.id}/registered-auctions/${event.id}`, {
      method: 'POST',
      address: bidder.address,
      cookie: bidder.cookie,
      body: {},
      key: randomUUID(),
    });
    if (registered.json?.data?.status !== 'approved')
      throw new Error(`registration of ${bidder.email}: ${registered.status} ${JSON.stringify(registered.json)}`);
  }

  console.log(`\n— ${SUBSCRIBERS} live subscribers to the ${hotIds.length} lots`);
  for (const [i, id] of hotIds.entries()) {
    const count = Math.floor(SUBSCRIBERS / hotIds.length) + (i < SUBSCRIBERS % hotIds.length ? 1 : 0);
    if (count > 0) await subscribers.open(count, id);
  }
  const connectedAtStart = subscribers.connected();
  const reconnectsAtStart = subscribers.reconnects();
  console.log(`     ${connectedAtStart} of ${SUBSCRIBERS} connected`);

  console.log(`\n— ${SECONDS} s of load (load average ${load()})`);
  const routes = new Routes();
  const bids = { taken: 0, refused: new Map() };
  const started = performance.now();
  const endAt = started + SECONDS * 1000;
  const browser = async (i) => {
    const address = addressOf(i);
    await sleep(Math.random() * THINK_MS);
    while (performance.now() < endAt) {
      const [route, path] = nextRequest();
      const res = await send(origin, path, { address });
      routes.record(route, res.ms, res.status === 200 ? undefined : res.status);
      await sleep(jitter(THINK_MS));
    }
  };
  const bidder = async (b) => {
    await sleep(Math.random() * BID_THINK_MS);
    while (performance.now() < endAt) {
      const lotId = pick(hotIds);
      const state = await send(origin, `/marketplace/api/event/event-lots/${lotId}/bidding`, {
        address: b.address,
        cookie: b.cookie,
      });
      routes.record('GET …/bidding (signed in)', state.ms, state.status === 200 ? undefined : state.status);
      const amount = state.json?.data?.minimumBid;
      if (state.status === 200 && amount !== undefined) {
        const res = await send(origin, `/marketplace/api/event/event-lots/${lotId}/bids`, {
          method: 'POST',
          address: b.address,
          cookie: b.cookie,
          body: { amount },
          key: randomUUID(),
        });
        // A refusal (outbid on the way: below the new minimum) is an answer, not an error.
        const refused = res.status === 409;
        routes.record('POST …/bids', res.ms, res.status === 201 || refused ? undefined : res.status);
        if (res.status === 201) bids.taken++;
        else if (refused) {
          const code = res.json?.error?.code ?? String(res.status);
          bids.refused.set(code, (bids.refused.get(code) ?? 0) + 1);
        }
      }
      await sleep(jitter(BID_THINK_MS));
    }
  };
  let running = BROWSERS + bidders.length;
  const finished = () => {
    running--;
  };
  // A line every 15 s: what has been answered, what is still waited for, which loops still run.
  const ticker = setInterval(() => {
    console.log(
      `     ${((performance.now() - started) / 1000).toFixed(0)} s: ${routes.answered()} answered, ${inFlight.size} waiting (oldest ${inFlight.size ? ((performance.now() - Math.min(...inFlight.values())) / 1000).toFixed(0) : 0} s), ${running} loops running, ${subscribers.connected()} streams (load ${load()})`,
    );
  }, 15_000);
  await Promise.all([
    ...Array.from({ length: BROWSERS }, (_, i) => browser(i).finally(finished)),
    ...bidders.map((b) => bidder(b).finally(finished)),
  ]);
  clearInterval(ticker);
  const elapsed = (performance.now() - started) / 1000;
  const loadAfter = load();
  const table = routes.summary(elapsed);
  const live = {
    connectedAtStart,
    connectedAtEnd: subscribers.connected(),
    reconnects: subscribers.reconnects() - reconnectsAtStart,
    updates: subscribers.updates(),
  };

  console.log(`\nPer route, ${elapsed.toFixed(0)} s (load average after: ${loadAfter}):`);
  console.log('route                                   requests   req/s    p50 ms    p95 ms    p99 ms  errors');
  for (const r of table) {
    const f = (v) => (Number.isNaN(v) ? '—' : v.toFixed(1)).padStart(9);
    console.log(
      `${r.route.padEnd(38)} ${String(r.ok).padStart(9)} ${r.perSecond.toFixed(1).padStart(7)} ${f(r.p50)} ${f(r.p95)} ${f(r.p99)}  ${r.errors}${r.errors ? ` ${JSON.stringify(r.errorsByStatus)}` : ''}`,
    );
  }
  const errors = table.reduce((sum, r) => sum + r.errors, 0);
  console.log(
    `\nBids: ${bids.taken} taken, refused ${JSON.stringify(Object.fromEntries(bids.refused))}; live: ${live.connectedAtStart} connected at the start, ${live.connectedAtEnd} at the end, ${live.reconnects} reconnects, ${live.updates} lot updates received`,
  );
  console.log(errors === 0 ? '\n0 errors.' : `\n${errors} errors.`);
  failed = errors > 0 || live.reconnects > 0;
  if (process.env.BENCH_LOAD_JSON) {
    writeFileSync(
      process.env.BENCH_LOAD_JSON,
      `${JSON.stringify({ lots: LOTS, seconds: elapsed, browsers: BROWSERS, bidders: BIDDERS, subscribers: SUBSCRIBERS, thinkMs: THINK_MS, routes: table, bids: { taken: bids.taken, refused: Object.fromEntries(bids.refused) }, live }, null, 2)}\n`,
    );
  }
} catch (error) {
  failed = true;
  console.error(`\nFAIL ${error.stack}\nLogs: ${cluster.dir}`);
} finally {
  subscribers.close();
  await cluster.stop();
  if (!failed && !process.env.BENCH_LOAD_KEEP) cluster.remove();
  else console.log(`Logs: ${cluster.dir}`);
}
process.exit(failed ? 1 : 0);
