// Bid throughput, part 1 of `npm run bench:bids` (issue 14; decision 0035):
// accepted bids per second and p50/p95 bid latency on one hot lot and spread
// over many lots, against the raw ceiling of the same PostgreSQL (one
// single-row `UPDATE event_lots … WHERE id = $1` per transaction on a hot row,
// same concurrency), and their ratio (issue 28: hot lot ≥ 0.6 of the ceiling over HTTP; spread ≥ 1,000 accepted bids a second).
//
// Bids go through the real API in-process: the Fastify app of apps/api
// (routing, validation, session, Idempotency-Key, the engine, the
// outbid mail and the after-commit NOTIFY) driven with `app.inject`, so no socket
// time is counted, only the API's own work; and through the use-case alone
// (placeBid with its outbid mail, then the NOTIFY), as the ceiling runs. It
// creates and drops its own database on DATABASE_URL's server (default the
// local PostgreSQL). Standalone: `node scripts/bench/bid-throughput.mjs`;
// or `import { run } from './bid-throughput.mjs'`, `await run(options)`
// returns the lines it printed.
import { randomBytes, randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const DEFAULTS = {
  databaseUrl: process.env.DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres',
  clients: Number(process.env.BENCH_CLIENTS ?? 16),
  bids: Number(process.env.BENCH_BIDS ?? 1000),
  users: Number(process.env.BENCH_USERS ?? 40),
  lots: Number(process.env.BENCH_LOTS ?? 100),
  log: console.log,
};
const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'bench horse battery staple';

/** @param {Partial<typeof DEFAULTS>} options */
export async function run(options = {}) {
  const o = { ...DEFAULTS, ...options };
  const lines = [];
  const say = (line) => {
    lines.push(line);
    o.log(line);
  };
  const { tsImport } = await import('tsx/esm/api');
  const load = (path) => tsImport(pathToFileURL(join(ROOT, path)).href, import.meta.url);
  const { openDatabase } = await load('packages/db/src/index.ts');
  const { adminQuery, databaseUrl } = await load('packages/db/src/testing.ts');
  const { buildApp } = await load('apps/api/src/app.ts');
  const { testConfig } = await load('apps/api/src/config.ts');
  const { LOT_STATUS } = await load('packages/domain/src/index.ts');
  const { placeBid } = await load('apps/api/src/modules/bidding/place-bid.ts');
  const { afterBid } = await load('apps/api/src/modules/bidding/after-bid.ts');
  const { createMailer } = await load('apps/api/src/modules/mail/mailer.ts');
  const { sql } = await import('drizzle-orm');

  const name = `lotline_bench_bids_${randomBytes(5).toString('hex')}`;
  await adminQuery(o.databaseUrl, `create database ${name}`);
  const handle = await openDatabase({ databaseUrl: databaseUrl(o.databaseUrl, name), poolSize: o.clients + 4 });
  // The bench measures the API, not a person: 40 users' 1,000 bids in seconds are far over decision 0069's limit.
  const config = testConfig({ nodeEnv: 'test', rateLimitOverrides: { 'bid:user': { limit: 1e9, windowMs: 10_000 } } });
  const app = buildApp({ db: handle.db, config });
  try {
    await app.ready();
    const scene = await setUp(handle.db, app, o, sql, LOT_STATUS.Active);
    const http = httpSender(app);
    // The use-case as the route runs it, minus HTTP: placeBid (with its outbid mail), then the after-commit NOTIFY.
    const mailer = createMailer({ db: handle.db, smtpUrl: undefined, from: config.mailFrom, log: app.log });
    const notify = { mailer, publicOrigin: config.publicOrigin };
    const direct = async (user, lotId, body) => {
      const input = { userId: user.id, lotId, body, idempotencyKey: randomUUID(), notify };
      const { answer, effects } = await placeBid(handle.db, input);
      if (effects) await afterBid({ db: handle.db, log: app.log }, effects);
      return { status: answer.status, minimumBid: answer.body?.data?.lot.minimumBid };
    };
    say(
      `Bid throughput on PostgreSQL (${o.clients} concurrent clients, ${o.bids} bids a run, ${o.users} bidders, each bid with an Idempotency-Key)`,
    );
    say(
      '  rising: every bid is above every bid sent before it (refused only when overtaken on the way); racing: each client bids from the highest minimum it has seen, so most racing bids lose',
    );
    await storm(http, scene, [scene.lot('warm-up')], Math.min(200, o.bids), o.clients, 'rising');
    const hot = await storm(http, scene, [scene.lot('hot')], o.bids, o.clients, 'rising');
    say(result('hot lot, HTTP (app.inject: routing, session, validation, the engine, NOTIFY), rising', hot));
    const racing = await storm(http, scene, [scene.lot('racing')], o.bids, o.clients, 'racing');
    say(result('hot lot, HTTP, racing', racing));
    const spread = await storm(http, scene, scene.lots, o.bids, o.clients, 'rising');
    say(result(`spread (${scene.lots.length} lots), HTTP, rising`, spread));
    const engine = await storm(direct, scene, [scene.lot('direct')], o.bids, o.clients, 'rising');
    say(result('hot lot, the use-case (placeBid with its outbid mail, then NOTIFY; no HTTP), rising', engine));
    const ceiling = await rawCeiling(handle.db, sql, scene.lot('ceiling'), o.bids, o.clients);
    say(
      result('raw ceiling (UPDATE event_lots … WHERE id = $1, one per transaction, hot row)', ceiling, 'transactions'),
    );
    const ratio = (r) => (r.acceptedPerSecond / ceiling.acceptedPerSecond).toFixed(2);
    say(
      `hot lot / raw ceiling, accepted bids: ${ratio(engine)} the use-case, ${ratio(hot)} over HTTP (target ≥ 0.60); racing over HTTP: ${(racing.processedPerSecond / ceiling.acceptedPerSecond).toFixed(2)} processed`,
    );
    return lines;
  } finally {
    await app.close();
    await handle.close();
    await adminQuery(o.databaseUrl, `drop database if exists ${name} with (force)`);
  }
}

function result(label, r, unit = 'accepted bids') {
  const refused =
    unit === 'accepted bids' ? ` (${r.processedPerSecond.toFixed(0)} bids/s decided, ${r.refused} refused)` : '';
  return `${label}: ${r.acceptedPerSecond.toFixed(0)} ${unit}/s${refused}; latency p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms`;
}

/** Users signed up and in through the real routes, registered for one event; lots with a flat $1 increment. */
async function setUp(db, app, o, sql, active) {
  const companyId = `co_${randomUUID()}`;
  const eventId = `ev_${randomUUID()}`;
  await db.execute(sql`insert into companies (id, slug, name) values (${companyId}, ${companyId}, 'Bench Auctions')`);
  await db.execute(sql`insert into events (id, company_id, name, title, status, start_at, end_at, increment_table)
    values (${eventId}, ${companyId}, 'Bench', 'Bench', 'published', now() - interval '1 day', now() + interval '30 days',
      ${JSON.stringify([{ from: 0, increment: 100 }])}::jsonb)`);
  const lotIds = Array.from({ length: o.lots + 5 }, () => `lot_${randomUUID()}`);
  for (const id of lotIds) {
    await db.execute(sql`insert into event_lots (id, company_id, event_id, number, name, type, status, start_at, ended_at,
      scheduled_end_at, starting_bid) values (${id}, ${companyId}, ${eventId}, ${id}, ${id}, 'AuctionLot', ${active},
      now() - interval '1 hour', now() + interval '30 days', now() + interval '30 days', 10000)`);
  }
  const users = [];
  for (let i = 0; i < o.users; i++) {
    const email = `bench-${randomUUID()}@example.com`;
    const ip = `198.51.${Math.floor(i / 250)}.${(i % 250) + 1}`;
    const post = (url, body) =>
      app.inject({
        method: 'POST',
        url,
        headers: { origin: ORIGIN, 'x-forwarded-for': ip, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    const up = await post('/marketplace-api/auth/sign-up', { email, password: PASSWORD, name: `Bench ${i}` });
    if (up.statusCode !== 202) throw new Error(`sign-up failed: ${up.statusCode} ${up.body}`);
    const signedIn = await post('/marketplace-api/auth/sign-in', { email, password: PASSWORD });
    if (signedIn.statusCode !== 200) throw new Error(`sign-in failed: ${signedIn.statusCode} ${signedIn.body}`);
    const raw = signedIn.headers['set-cookie'];
    const cookie = (Array.isArray(raw) ? raw : [raw]).map((c) => String(c).split(';')[0]).join('; ');
    const id = signedIn.json().data.user.id;
    await db.execute(sql`insert into registrations (id, event_id, user_id, status, deposit_status)
      values (${`reg_${id}`}, ${eventId}, ${id}, 'approved', 'not-required')`);
    users.push({ id, cookie, ip });
  }
  const named = lotIds.slice(o.lots);
  const lots = lotIds.slice(0, o.lots);
  const roles = new Map();
  return {
    users,
    lots,
    lot: (role) => roles.get(role) ?? roles.set(role, named[roles.size]).get(role),
    next: new Map(),
  };
}

/** POST …/bids through the API (app.inject), as a browser sends it. */
function httpSender(app) {
  return async (user, lotId, body) => {
    const res = await app.inject({
      method: 'POST',
      url: `/marketplace/api/event/event-lots/${lotId}/bids`,
      headers: {
        origin: ORIGIN,
        cookie: user.cookie,
        'x-forwarded-for': user.ip,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      payload: JSON.stringify(body),
    });
    return { status: res.statusCode, minimumBid: res.statusCode === 201 ? res.json().data.lot.minimumBid : undefined };
  };
}

/**
 * `count` bids by `clients` concurrent loops on the lots (round robin), with a flat $1 increment.
 * rising: the k-th bid sent on a lot bids $2 more than the one before, whoever sends it;
 * racing: a client bids `clients` increments or more above the highest minimum an answer showed it.
 */
async function storm(send, scene, lotIds, count, clients, pricing) {
  let issued = 0;
  let accepted = 0;
  let refused = 0;
  const latencies = [];
  const sent = new Map();
  const start = performance.now();
  const loop = async (c) => {
    while (issued < count) {
      const k = issued++;
      const lotId = lotIds[k % lotIds.length];
      const user = scene.users[(k * 7 + c) % scene.users.length];
      let body;
      if (pricing === 'rising') {
        const n = (sent.get(lotId) ?? 0) + 1;
        sent.set(lotId, n);
        body = { amount: 10000 + 200 * n };
      } else {
        const amount = (scene.next.get(lotId) ?? 10000) + 100 * clients * (1 + (k % 2));
        body = { amount, maxAmount: amount + 100 * (k % 5) };
      }
      const t0 = performance.now();
      const answer = await send(user, lotId, body);
      latencies.push(performance.now() - t0);
      if (answer.status === 201) {
        accepted++;
        scene.next.set(lotId, Math.max(scene.next.get(lotId) ?? 0, answer.minimumBid));
      } else if (answer.status === 409) refused++;
      else throw new Error(`unexpected answer ${answer.status}`);
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, c) => loop(c)));
  const seconds = (performance.now() - start) / 1000;
  const processedPerSecond = (accepted + refused) / seconds;
  return { acceptedPerSecond: accepted / seconds, processedPerSecond, refused, ...percentiles(latencies) };
}

/** The same concurrency of one-statement transactions on one hot row: what the database can do at best. */
async function rawCeiling(db, sql, lotId, count, clients) {
  let issued = 0;
  const latencies = [];
  const start = performance.now();
  const loop = async () => {
    while (issued++ < count) {
      const t0 = performance.now();
      await db.transaction((tx) =>
        tx.execute(sql`update event_lots set bids_count = bids_count + 1 where id = ${lotId}`),
      );
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: clients }, loop));
  const seconds = (performance.now() - start) / 1000;
  return { acceptedPerSecond: latencies.length / seconds, refused: 0, ...percentiles(latencies) };
}

function percentiles(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  run().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
