#!/usr/bin/env node
/**
 * Live-stream fan-out bench (issue 14, decision 0039): on PostgreSQL, starts
 * one API process on a fresh database, connects SUBSCRIBERS (default 10,000)
 * live-stream clients to one lot (raw HTTP/1.1 sockets in BENCH_LIVE_WORKERS
 * client processes, default 2, one machine), then
 * commits BIDS (default 5) changes to that lot and measures, per subscriber,
 * the time from the commit to that subscriber receiving the event: p50, p95,
 * max. Also the API process's memory (RSS and heap after GC) before and after
 * the subscribers connected.
 *
 * The change is, by default, what the engine does for an accepted bid minus
 * the bid rules: one committed UPDATE of the lot (price, bid count, a new
 * change_seq), then NOTIFY after the commit (publishLotChanges). A caller with
 * the engine passes `trigger` (e.g. a POST bids) to `run`.
 *
 *   node scripts/bench/live-fanout.mjs
 *   BENCH_DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5432/postgres BENCH_LIVE_SUBSCRIBERS=10000 \
 *     BENCH_LIVE_BIDS=5 BENCH_LIVE_PORT=3591 node scripts/bench/live-fanout.mjs
 *
 * File descriptors: each subscriber holds one socket in this process and one
 * in the API, so both need `ulimit -n` above SUBSCRIBERS (+ ~100). The bench
 * checks /proc's limit first and says so.
 */
import { fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const CHANNEL = 'lot_changes';

const percentile = (sorted, share) => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function openFileLimit() {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  return Number(line?.split(/\s+/)[3] ?? Number.POSITIVE_INFINITY);
}

function databaseUrl(baseUrl, name) {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin(baseUrl, statement) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The API as `npm start` runs it, with the memory probe preloaded and the live limits raised for one address. */
function startApi({ url, port, subscribers }) {
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', '--import', join(ROOT, 'scripts/bench/memory-probe.mjs'), 'src/main.ts'],
    {
      cwd: join(ROOT, 'apps/api'),
      env: {
        ...process.env,
        DATABASE_URL: url,
        API_PORT: String(port),
        API_HOST: '127.0.0.1',
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        LOG_FORMAT: 'json',
        SEED_IF_EMPTY: 'false',
        AUTH_SECRET: randomBytes(24).toString('hex'),
        LIVE_MAX_CONNECTIONS: String(subscribers + 100),
        LIVE_MAX_CONNECTIONS_PER_CLIENT: String(subscribers + 100),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let memoryWaiter;
  /** The API's own "slow fan-out" lines: how long its read and its socket writes took. */
  const fanouts = [];
  let out = '';
  child.stdout.on('data', (chunk) => {
    out += chunk;
    let end = out.indexOf('\n');
    while (end !== -1) {
      const line = out.slice(0, end);
      out = out.slice(end + 1);
      if (line.startsWith('@@memory ')) memoryWaiter?.(JSON.parse(line.slice(9)));
      else if (line.includes('live: slow fan-out')) fanouts.push(JSON.parse(line));
      end = out.indexOf('\n');
    }
  });
  return {
    child,
    fanouts,
    memory: () =>
      new Promise((resolve) => {
        memoryWaiter = resolve;
        child.kill('SIGUSR2');
      }),
    async ready() {
      for (let i = 0; i < 600; i++) {
        if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}`);
        try {
          if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
        } catch {
          // not listening yet
        }
        await sleep(200);
      }
      throw new Error('the API did not start within 120 s');
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/** The subscribers, spread over `workers` processes (live-subscribers.mjs). */
async function startSubscribers({ port, lotId, subscribers, workers }) {
  const children = [];
  for (let w = 0; w < workers; w++) {
    const count = Math.floor(subscribers / workers) + (w < subscribers % workers ? 1 : 0);
    const child = fork(join(ROOT, 'scripts/bench/live-subscribers.mjs'), [String(port), lotId, String(count)]);
    children.push({ child, count });
  }
  await Promise.all(
    children.map(
      ({ child }) =>
        new Promise((resolve, reject) => {
          child.once('message', resolve);
          child.once('exit', (code) => reject(new Error(`a subscriber worker exited with ${code}`)));
        }),
    ),
  );
  return {
    /** Every subscriber's arrival time (epoch ms) of event `seq`, waiting at most 10 s. */
    async collect(seq) {
      const deadline = Date.now() + 10_000;
      const answers = await Promise.all(
        children.map(
          ({ child }) =>
            new Promise((resolve) => {
              const onMessage = (message) => {
                if (message.seq !== seq) return;
                child.off('message', onMessage);
                resolve(message.times);
              };
              child.on('message', onMessage);
              child.send({ collect: seq, deadline });
            }),
        ),
      );
      return answers.flat();
    },
    stop() {
      for (const { child } of children) {
        child.removeAllListeners('exit');
        if (child.connected) child.send({ stop: true });
      }
    },
  };
}

/** A bare auction lot (no event): enough for the default UPDATE trigger. */
async function insertLot(client) {
  const lotId = `bench-live-${randomBytes(4).toString('hex')}`;
  await client.query(`insert into companies (id, slug, name) values ($1, $1, 'Bench company')`, [lotId]);
  await client.query(
    `insert into event_lots (id, company_id, number, name, type, ended_at)
     values ($1, $1, '1', 'Bench lot', 'AuctionLot', now() + interval '1 day')`,
    [lotId],
  );
  return lotId;
}

/** The default change: what the engine commits for a bid (price, count, change_seq), then NOTIFY after the commit. */
function updateTrigger(client) {
  let amount = 100_00;
  return async (lotId) => {
    amount += 100_00;
    const { rows } = await client.query(
      `update event_lots set current_bid_amount = $2, bids_count = bids_count + 1,
         change_seq = nextval('lot_change_seq') where id = $1 returning change_seq`,
      [lotId, amount],
    );
    const committedAt = performance.timeOrigin + performance.now();
    await client.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify({ ids: [lotId] })]);
    return { seq: Number(rows[0].change_seq), committedAt };
  };
}

/**
 * Runs the bench and returns the printed lines. Options: databaseUrl (a server
 * where it may create and drop a database), subscribers, bids, port, workers,
 * log (each line as it comes). For a real bid instead of the UPDATE:
 * `prepare({ client, databaseUrl, apiOrigin })` makes what the bid needs on the
 * fresh database (event, registered bidder, open lot) and returns the lot id,
 * and `trigger(lotId)` places one accepted bid and returns
 * `{ seq, committedAt }`: the lot's new change_seq and the moment the commit
 * returned, in epoch ms (`performance.timeOrigin + performance.now()`);
 * `triggerName` says what it is in the output.
 */
export async function run(options = {}) {
  const subscribers = options.subscribers ?? Number(process.env.BENCH_LIVE_SUBSCRIBERS ?? 10_000);
  const bids = options.bids ?? Number(process.env.BENCH_LIVE_BIDS ?? 5);
  const port = options.port ?? Number(process.env.BENCH_LIVE_PORT ?? 3591);
  const workers = options.workers ?? Number(process.env.BENCH_LIVE_WORKERS ?? 2);
  const baseUrl =
    options.databaseUrl ??
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres:postgres@127.0.0.1:5432/postgres';
  const lines = [];
  const say = (line) => {
    lines.push(line);
    options.log?.(line);
  };
  const limit = openFileLimit();
  if (limit < subscribers + 200) {
    throw new Error(`ulimit -n is ${limit}: ${subscribers} subscribers need at least ${subscribers + 200} (raise it)`);
  }

  const name = `lotline_bench_live_${randomBytes(4).toString('hex')}`;
  await admin(baseUrl, `create database ${name}`);
  const url = databaseUrl(baseUrl, name);
  const api = startApi({ url, port, subscribers });
  const client = new pg.Client({ connectionString: url });
  let subscribed;
  try {
    await api.ready();
    await client.connect();
    const lotId = options.prepare
      ? await options.prepare({ client, databaseUrl: url, apiOrigin: `http://127.0.0.1:${port}` })
      : await insertLot(client);
    const trigger = options.trigger ?? updateTrigger(client);
    const triggerName = options.trigger ? (options.triggerName ?? 'the given trigger') : 'committed UPDATE + NOTIFY';

    const before = await api.memory();
    const connectStarted = performance.now();
    subscribed = await startSubscribers({ port, lotId, subscribers, workers });
    const connectSeconds = (performance.now() - connectStarted) / 1000;
    await sleep(1_000);
    const after = await api.memory();

    const samples = [];
    const perBid = [];
    for (let b = 0; b < bids; b++) {
      // Workers keep arrivals by seq from the first byte: some come before the trigger returns.
      const { seq, committedAt } = await trigger(lotId);
      const got = await subscribed.collect(seq);
      const latencies = got.map((at) => at - committedAt).sort((x, y) => x - y);
      samples.push(...latencies);
      perBid.push({ received: got.length, p95: percentile(latencies, 0.95), max: latencies.at(-1) });
      await sleep(500);
    }
    samples.sort((x, y) => x - y);
    const received = perBid.reduce((n, b) => n + b.received, 0);
    say(
      `live fan-out: ${subscribers} subscribers on one lot (${workers} client processes), ${bids} changes ` +
        `(${triggerName}), one machine`,
    );
    say(`  connected in ${connectSeconds.toFixed(1)} s; events received ${received}/${subscribers * bids}`);
    say(
      `  commit → subscriber: p50 ${percentile(samples, 0.5)?.toFixed(0)} ms, p95 ${percentile(samples, 0.95)?.toFixed(0)} ms, ` +
        `max ${samples.at(-1)?.toFixed(0)} ms (target p95 ≤ 200 ms)`,
    );
    say(`  per change p95: ${perBid.map((b) => `${b.p95?.toFixed(0)} ms`).join(', ')}`);
    if (api.fanouts.length > 0) {
      const shown = api.fanouts.map((f) => `${f.readMs}+${f.writeMs}`).join(', ');
      say(`  in the API, read + write loop per fan-out (ms; logged when over 50 ms): ${shown}`);
    }
    say(
      `  API memory: RSS ${mb(before.rss)} → ${mb(after.rss)}, heap ${mb(before.heapUsed)} → ${mb(after.heapUsed)} ` +
        `(${((after.rss - before.rss) / subscribers / 1024).toFixed(1)} KB RSS per subscriber)`,
    );
    return lines;
  } finally {
    subscribed?.stop();
    await client.end().catch(() => {});
    await api.stop();
    await admin(baseUrl, `drop database if exists ${name} with (force)`).catch(() => {});
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  run({ log: (line) => console.log(line) }).catch((err) => {
    console.error(err.message);
    process.exit(1);
  });
}
