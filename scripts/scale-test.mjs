#!/usr/bin/env node
/**
 * npm run scale:test — the cluster of docs/deploy.md on one machine (decision 0099), and what must hold when a
 * part of it fails. Starts a PostgreSQL primary and a streaming replica (pg_basebackup), seeds demo data through
 * a development API once, then 2 API processes (their production build) and 2 web processes behind HAProxy with
 * deploy/haproxy.cfg (TLS, loopback ports). Then:
 *
 *  1. browsing through the balancer: the home, browse and a lot page, the search API;
 *  2. 1,000 live-stream subscribers to one auction lot, spread over both processes by the balancer;
 *  3. three bidders register and bid on that lot side by side, retrying a failed request with its idempotency key,
 *     and one API process is SIGKILLed mid-burst (then started again);
 *  4. PostgreSQL is stopped for 3 s while search and the lot's bidding state are asked every 100 ms;
 *  5. one more bid after the outage; search on the replica (replay paused), a backup from the replica;
 *  6. one more bid while both web processes hold the lot page in their page caches;
 *  7. the lot's end is moved to now, with both API processes' lot clocks running.
 *
 * It checks: every acknowledged bid is in the lot's history exactly once and no other bid of theirs is; every
 * subscriber (those of the killed process reconnecting through the balancer with Last-Event-ID) ends on the lot's
 * final bid count, the post-outage bid included (the LISTEN connection came back); during the outage every
 * answer is 200 or a 503 with Retry-After (some are 503), none hangs; the replica replays the final state; each
 * web process answers the lot page from its cache and shows the new price within 1 s of the bid; the
 * lot closes once: one order, one "You won" mail to the winner and one "You did not win" to each other bidder.
 * Exit 1 on a failure.
 *
 *   npm run scale:test
 *   SCALE_SUBSCRIBERS=200 npm run scale:test      # fewer live subscribers (default 1000)
 *   SCALE_KEEP=1 npm run scale:test               # keep the scratch directory (logs) after the run
 *   SCALE_HOLD=1 npm run scale:test               # then keep the cluster running until Ctrl-C (for a benchmark)
 */
import { randomUUID } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { timeToVisible } from './bench/storm-bidders.mjs';
import { ROOT } from './bootstrap.mjs';
import { startProcess, waitForUrl } from './scale/cluster.mjs';
import { demoSeed, queryOne, startCluster } from './scale/start-cluster.mjs';
import { Subscribers } from './scale/subscribers.mjs';

const SUBSCRIBERS = Number(process.env.SCALE_SUBSCRIBERS ?? 1000);
const PASSWORD = 'lotline-demo-2026';
const BIDDERS = ['bidder1@example.com', 'bidder2@example.com', 'bidder3@example.com'];
const BIDS_EACH = 10;
const MAX_LAG_MS = 3_000;
const OUTAGE_MS = 3_000;

const failures = [];
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};
const step = (what) => console.log(`\n— ${what}`);

const startedAt = Date.now();
let cluster;
try {
  cluster = await startCluster({
    name: 'scale',
    seed: demoSeed(200),
    apiEnv: {
      // Every subscriber of this test comes from one address.
      LIVE_MAX_CONNECTIONS_PER_CLIENT: String(SUBSCRIBERS + 100),
      READ_REPLICA_MAX_LAG_MS: String(MAX_LAG_MS),
    },
  });
} catch (error) {
  console.error(`\nFAIL ${error.stack}`);
  process.exit(1);
}
const { origin: ORIGIN, ports: PORTS, dir, primary, replica } = cluster;
check(cluster.replicaIsStandby, 'the replica is a standby of the primary');
const subscribers = new Subscribers(ORIGIN);
const apis = cluster.apis;
const api = (i) => cluster.startApi(i);

async function call(path, { method = 'GET', body, cookie, key, timeoutMs = 15_000 } = {}) {
  const headers = { origin: ORIGIN };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (cookie) headers.cookie = cookie;
  if (key) headers['idempotency-key'] = key;
  const started = performance.now();
  const res = await fetch(`${ORIGIN}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text, headers: res.headers, ms: performance.now() - started };
}

async function signIn(email) {
  const res = await call('/marketplace-api/auth/sign-in', { method: 'POST', body: { email, password: PASSWORD } });
  if (res.status !== 200) throw new Error(`sign-in of ${email}: ${res.status} ${res.text.slice(0, 200)}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const me = await call('/marketplace-api/users/me', { cookie });
  return { email, cookie, id: me.json.data.id };
}

async function register(bidder, eventId) {
  for (const query of ['', `?eventId=${encodeURIComponent(eventId)}`]) {
    const agreed = await call(`/marketplace-api/users/${bidder.id}/bidder-terms${query}`, {
      method: 'POST',
      cookie: bidder.cookie,
    });
    if (![200, 201].includes(agreed.status))
      throw new Error(`terms of ${bidder.email}: ${agreed.status} ${agreed.text}`);
  }
  const res = await call(`/marketplace-api/users/${bidder.id}/registered-auctions/${eventId}`, {
    method: 'POST',
    body: {},
    cookie: bidder.cookie,
    key: randomUUID(),
  });
  if (![200, 201].includes(res.status)) throw new Error(`registration of ${bidder.email}: ${res.status} ${res.text}`);
  return res.json.data;
}

/**
 * One bid at the lot's minimum, sent again with the same key and amount while the answer is lost (a connection
 * cut, a 502/503/504) until a definitive one: its bid id when taken, null when refused (outbid meanwhile).
 */
async function bidOnce(bidder, lotId) {
  const bidding = await retrying(() =>
    call(`/marketplace/api/event/event-lots/${lotId}/bidding`, { cookie: bidder.cookie }),
  );
  const key = randomUUID();
  const amount = bidding.json.data.minimumBid;
  const res = await retrying(() =>
    call(`/marketplace/api/event/event-lots/${lotId}/bids`, {
      method: 'POST',
      body: { amount },
      cookie: bidder.cookie,
      key,
    }),
  );
  if (res.status === 201) return res.json.data.bid._id;
  if (res.status === 409) return null;
  throw new Error(`bid of ${bidder.email}: ${res.status} ${res.text.slice(0, 300)}`);
}

/** Calls `send` until it answers something other than a lost answer, for at most 60 s. */
async function retrying(send) {
  const until = Date.now() + 60_000;
  for (;;) {
    try {
      const res = await send();
      if (![502, 503, 504].includes(res.status)) return res;
      if (Date.now() > until) return res;
    } catch (error) {
      if (Date.now() > until) throw error;
    }
    await sleep(300);
  }
}

/** Waits until the replica has replayed what the primary has written so far. */
async function replicaCaughtUp(ms = 30_000) {
  const [{ lsn }] = await queryOne(primary.url('lotline'), 'select pg_current_wal_lsn()::text as lsn');
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const [row] = await queryOne(replica.url(), 'select pg_last_wal_replay_lsn() >= $1::pg_lsn as done', [lsn]);
    if (row?.done) return;
    await sleep(200);
  }
  throw new Error(`the replica did not replay ${lsn} within ${ms / 1000} s`);
}

try {
  step('Browsing through the balancer');
  const [lot] = await queryOne(
    primary.url('lotline'),
    `select l.id, l.event_id from event_lots l join events e on e.id = l.event_id
      where l.type = 'AuctionLot' and l.start_at <= now() and l.closed_at is null and l.reserve_bid is null
        and l.ended_at > now() + interval '30 minutes'
        and e.status = 'published' and not e.registration_approval_required and e.bid_deposit_amount is null
      order by l.ended_at limit 1`,
  );
  if (!lot) throw new Error('no live auction lot without deposit or approval in the demo data');
  for (const path of [
    '/',
    '/marketplace/lots',
    `/marketplace/api/search/lots?page-size=15`,
    `/marketplace/api/event/event-lots/${lot.id}/bidding`,
  ]) {
    const res = await call(path);
    check(res.status === 200, `GET ${path} answers 200 (${res.status})`);
  }

  step(`${SUBSCRIBERS} live subscribers to lot ${lot.id}`);
  await subscribers.open(SUBSCRIBERS, lot.id);
  check(subscribers.connected() === SUBSCRIBERS, `${subscribers.connected()} of ${SUBSCRIBERS} streams connected`);

  step(`${BIDDERS.length} bidders, ${BIDS_EACH} bids each, side by side; api1 SIGKILLed mid-burst`);
  const bidders = [];
  for (const email of BIDDERS) bidders.push(await signIn(email));
  for (const bidder of bidders) {
    const registration = await register(bidder, lot.event_id);
    check(registration.status === 'approved', `${bidder.email} is registered (${registration.status})`);
  }
  const acknowledged = [];
  let killed = false;
  await Promise.all(
    bidders.map(async (bidder) => {
      for (let i = 0; i < BIDS_EACH; i++) {
        const id = await bidOnce(bidder, lot.id);
        if (id) acknowledged.push(id);
        if (!killed && acknowledged.length >= 8) {
          killed = true;
          await apis[0].kill('SIGKILL');
          console.log(`     api1 killed after ${acknowledged.length} acknowledged bids`);
        }
      }
    }),
  );
  check(killed, 'api1 was killed during the burst');
  // It comes back (as systemd restarts it): two job runners again for the close below.
  apis[0] = api(0);
  await waitForUrl(`http://127.0.0.1:${PORTS.api[0]}/readyz`, 'api1 started again');
  const rows = await queryOne(
    primary.url('lotline'),
    `select id from bids where lot_id = $1 and kind = 'bid' and user_id = any($2)`,
    [lot.id, bidders.map((b) => b.id)],
  );
  const stored = new Set(rows.map((r) => r.id));
  check(
    new Set(acknowledged).size === acknowledged.length,
    `${acknowledged.length} acknowledged bids, each acknowledged once`,
  );
  check(
    acknowledged.every((id) => stored.has(id)),
    'every acknowledged bid is in the history',
  );
  check(
    rows.length === acknowledged.length,
    `no other bid of theirs is (${rows.length} stored, ${acknowledged.length} acknowledged)`,
  );

  step(`PostgreSQL down for ${OUTAGE_MS / 1000} s while search and a lot's bidding state are asked every 100 ms`);
  const probes = [];
  let probing = true;
  const prober = (async () => {
    // Search may answer from the replica; the bidding state reads the primary only.
    const paths = ['/marketplace/api/search/lots?page-size=15', `/marketplace/api/event/event-lots/${lot.id}/bidding`];
    for (let i = 0; probing; i++) {
      try {
        const res = await call(paths[i % 2], { timeoutMs: 5_000 });
        probes.push({ status: res.status, retryAfter: res.headers.get('retry-after'), ms: res.ms });
      } catch (error) {
        probes.push({ status: error.name === 'TimeoutError' ? 'hung' : 'refused', ms: 5_000 });
      }
      await sleep(100);
    }
  })();
  await sleep(1_000);
  await primary.outage(OUTAGE_MS);
  await waitForUrl(`${ORIGIN}/healthz`, 'the site after the database outage', 60_000);
  await sleep(1_000);
  probing = false;
  await prober;
  const unavailable = probes.filter((p) => p.status === 503);
  const bad = probes.filter((p) => p.status !== 200 && !(p.status === 503 && p.retryAfter));
  console.log(
    `     ${probes.length} requests: ${probes.length - unavailable.length - bad.length} × 200, ${unavailable.length} × 503 with Retry-After`,
  );
  check(bad.length === 0, `every answer is 200 or 503 with Retry-After (others: ${JSON.stringify(bad.slice(0, 5))})`);
  check(unavailable.length > 0, 'requests during the outage answered 503 with Retry-After');
  check(Math.max(...probes.map((p) => p.ms)) < 5_000, 'no request hung during the outage');

  step('A bid after the outage reaches every subscriber');
  // The leader may not bid against itself: the first bidder whose bid is taken.
  let after = null;
  for (const bidder of bidders) {
    after = await bidOnce(bidder, lot.id);
    if (after) break;
  }
  check(after !== null, 'the bid after the outage is taken');
  const [final] = await queryOne(primary.url('lotline'), 'select bids_count from event_lots where id = $1', [lot.id]);
  const caughtUp = await subscribers.waitForBidsCount(final.bids_count, 30_000);
  check(caughtUp === SUBSCRIBERS, `${caughtUp} of ${SUBSCRIBERS} subscribers show the final ${final.bids_count} bids`);
  check(
    subscribers.reconnects() > 0,
    `subscribers of the killed process reconnected (${subscribers.reconnects()} reconnects)`,
  );

  step('The replica');
  let replayed;
  for (let i = 0; i < 40; i++) {
    [replayed] = await queryOne(replica.url('lotline'), 'select bids_count from event_lots where id = $1', [lot.id]);
    if (replayed?.bids_count === final.bids_count) break;
    await sleep(250);
  }
  check(replayed?.bids_count === final.bids_count, `the replica replays the final ${final.bids_count} bids`);

  step(`Search reads the replica, never more than ${MAX_LAG_MS} ms behind (replay paused on the replica)`);
  const searchedBids = async () => {
    const res = await call(`/marketplace/api/search/lots?event-id=${lot.event_id}&page-size=60`);
    return res.json?.data?.lots?.find((card) => card._id === lot.id)?._source.bidsCount;
  };
  check((await searchedBids()) === final.bids_count, `search shows the final ${final.bids_count} bids`);
  // The replica must have caught up (after the outage its WAL receiver reconnects within seconds) and the API's
  // routers must have sampled it since, or the search below proves nothing about which server answered.
  await replicaCaughtUp();
  await sleep(1_500);
  await queryOne(replica.url(), 'select pg_wal_replay_pause()');
  let paused = null;
  for (const bidder of bidders) {
    paused = await bidOnce(bidder, lot.id);
    if (paused) break;
  }
  const committedAt = Date.now();
  const [latest] = await queryOne(primary.url('lotline'), 'select bids_count from event_lots where id = $1', [lot.id]);
  const firstRead = await searchedBids();
  check(
    paused !== null && firstRead === final.bids_count,
    `right after a bid the paused replica answers search (${firstRead} bids, the primary has ${latest.bids_count})`,
  );
  let freshAfter = Number.POSITIVE_INFINITY;
  while (Date.now() - committedAt < MAX_LAG_MS + 5_000) {
    if ((await searchedBids()) === latest.bids_count) {
      freshAfter = Date.now() - committedAt;
      break;
    }
    await sleep(100);
  }
  check(
    freshAfter <= MAX_LAG_MS + 1_000,
    `search shows the new bid ${freshAfter} ms after its commit (bound ${MAX_LAG_MS} ms + 1 s)`,
  );
  await queryOne(replica.url(), 'select pg_wal_replay_resume()');

  step('A backup from the replica (npm run db:backup, its production build)');
  const dump = join(dir, 'replica.dump');
  const backup = startProcess(
    'db-backup',
    process.execPath,
    [join(ROOT, 'scripts/api-command.mjs'), 'db-backup', '--out', dump, '--no-files'],
    {
      env: { NODE_ENV: 'production', DATABASE_URL: replica.url('lotline'), DATA_DIR: join(dir, 'backup') },
      log: join(dir, 'db-backup.log'),
    },
  );
  check(
    (await backup.exited) === 0 && existsSync(dump) && statSync(dump).size > 0,
    `db:backup wrote ${dump} from the standby`,
  );

  step('Both web processes serve the lot page from their caches and show a new bid within a second');
  const redirect = await fetch(`http://127.0.0.1:${PORTS.web[0]}/marketplace/bid/lot/${lot.id}`, {
    redirect: 'manual',
  });
  const pagePath = new URL(redirect.headers.get('location') ?? '/', ORIGIN).pathname;
  const pageUrls = PORTS.web.map((port) => `http://127.0.0.1:${port}${pagePath}`);
  // Each cache follows the API's changes again after the outage (its stream reconnects with backoff).
  let answers = [];
  for (let i = 0; i < 60; i++) {
    answers = await Promise.all(pageUrls.map(async (url) => (await fetch(url)).headers.get('x-page-cache')));
    if (answers.every((a) => a === 'hit')) break;
    await sleep(500);
  }
  check(
    answers.every((a) => a === 'hit'),
    `each web process answers the lot page from its cache (${answers})`,
  );
  let cachedBid = null;
  for (const bidder of bidders) {
    cachedBid = await bidOnce(bidder, lot.id);
    if (cachedBid) break;
  }
  const bidAt = performance.now();
  const [priced] = await queryOne(
    primary.url('lotline'),
    'select current_bid_amount::float8 as amount from event_lots where id = $1',
    [lot.id],
  );
  const shown = await Promise.all(
    pageUrls.map((url) =>
      timeToVisible({ url, lotId: lot.id, amount: priced.amount, committedAt: bidAt, timeoutMs: 10_000 }),
    ),
  );
  check(
    cachedBid !== null && shown.every((s) => s.delayMs !== null && s.delayMs <= 1_000),
    `the new price is on both processes' lot page ${shown.map((s) => (s.delayMs === null ? 'never' : `${Math.round(s.delayMs)} ms`)).join(' and ')} after its bid`,
  );

  step('The lot closes exactly once, both API processes’ lot clocks running');
  // Its end moved to now (the test cannot wait for the demo's): whichever clock comes first closes it.
  await queryOne(
    primary.url('lotline'),
    `update event_lots set ended_at = now() + interval '1 second', scheduled_end_at = now() + interval '1 second'
      where id = $1`,
    [lot.id],
  );
  let closed;
  for (let i = 0; i < 120; i++) {
    [closed] = await queryOne(
      primary.url('lotline'),
      `select l.status, l.name, l.closed_at, w.email as winner from event_lots l
        left join users w on w.id = l.leader_user_id where l.id = $1`,
      [lot.id],
    );
    if (closed?.closed_at) break;
    await sleep(500);
  }
  check(Boolean(closed?.closed_at), `the lot closed (${closed?.status})`);
  // The winner's order is written by the close and only there: one order, and one mail to each bidder.
  await sleep(2_000);
  const orders = await queryOne(primary.url('lotline'), 'select buyer_user_id from orders where sole_lot_id = $1', [
    lot.id,
  ]);
  check(orders.length === 1, `one order for the lot (${orders.length})`);
  const mails = await queryOne(
    primary.url('lotline'),
    `select "to", subject from mail_outbox where subject in ($1, $2)`,
    [`You won ${closed?.name}`, `You did not win ${closed?.name}`],
  );
  const won = mails.filter((m) => m.subject.startsWith('You won'));
  check(
    won.length === 1 && won[0]?.to === closed?.winner,
    `one "You won" mail, to the winner (${JSON.stringify(won.map((m) => m.to))})`,
  );
  // Every other bidder of the lot: the three of this test, and the demo's before them.
  const others = await queryOne(
    primary.url('lotline'),
    `select u.email from lot_bidders b join users u on u.id = b.user_id
      where b.lot_id = $1 and u.email <> $2 order by u.email`,
    [lot.id, closed?.winner ?? ''],
  );
  const lostTo = mails
    .filter((m) => m.subject.startsWith('You did not win'))
    .map((m) => m.to)
    .sort();
  check(
    others.length >= bidders.length - 1 && JSON.stringify(lostTo) === JSON.stringify(others.map((o) => o.email)),
    `one "You did not win" mail to each other bidder (${lostTo.length} mails, ${others.length} bidders)`,
  );
  if (process.env.SCALE_HOLD) {
    // For a benchmark through the balancer (BENCH_STORM_URL): the cluster stays up until Ctrl-C or SIGTERM.
    subscribers.close();
    console.log(`\nThe cluster is up at ${ORIGIN} (HAProxy, self-signed); Ctrl-C stops it.`);
    await new Promise(() => {});
  }
} catch (error) {
  failures.push(error.message);
  console.error(`\nFAIL ${error.stack}`);
} finally {
  subscribers.close();
  await cluster.stop();
  if (failures.length === 0 && !process.env.SCALE_KEEP) cluster.remove();
  else console.log(`\nLogs: ${dir}`);
}
const took = `${((Date.now() - startedAt) / 1000).toFixed(0)} s`;
console.log(
  failures.length === 0
    ? `\nscale:test passed (${took})`
    : `\nscale:test failed: ${failures.length} check(s) (${took})`,
);
process.exit(failures.length === 0 ? 0 : 1);
