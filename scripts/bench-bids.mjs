// `npm run bench:bids` (issue 14; decisions 0035 and 0039), one run on PostgreSQL
// (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local postgres/postgres):
//   1. bid throughput: accepted bids/s and p50/p95 latency on one hot lot and
//      spread over many lots, and the raw ceiling of the same database (a
//      one-row UPDATE per transaction on a hot row) as a ratio
//      (scripts/bench/bid-throughput.mjs);
//   2. live fan-out: the p50/p95 time from an accepted bid's commit to 10,000
//      connected live-stream subscribers receiving it, and the memory they take
//      in the API (scripts/bench/live-fanout.mjs). The bid is a real one: the
//      engine's placeBid in this process, on the API's database, then the
//      after-commit NOTIFY, exactly as the bid route does it.
// Each part creates and drops its own database. Figures: docs/benchmarks.md.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { ensureInstalled, ROOT } from './bootstrap.mjs';

ensureInstalled();
const databaseUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const log = (line) => console.log(line);

const { tsImport } = await import('tsx/esm/api');
const load = (path) => tsImport(pathToFileURL(join(ROOT, path)).href, import.meta.url);
const { sql } = await import('drizzle-orm');
const { LOT_STATUS } = await load('packages/domain/src/index.ts');
const { run: runBids } = await import('./bench/bid-throughput.mjs');
const { run: runFanout } = await import('./bench/live-fanout.mjs');

await runBids({ databaseUrl, log });
console.log('');

let engine;
try {
  await runFanout({
    databaseUrl,
    log,
    triggerName: 'an accepted bid through the engine (placeBid, then NOTIFY after the commit)',
    async prepare({ client, databaseUrl: url }) {
      engine = await openEngine(url);
      return prepareLot(client);
    },
    trigger: (lotId) => engine.bid(lotId),
  });
} finally {
  await engine?.close();
}

/** An open auction lot of a published event, and two bidders registered for it (no deposit). */
async function prepareLot(client) {
  const id = (prefix) => `${prefix}_${randomUUID()}`;
  const companyId = id('co');
  const eventId = id('ev');
  const lotId = id('lot');
  await client.query(`insert into companies (id, slug, name) values ($1, $1, 'Bench Auctions')`, [companyId]);
  await client.query(
    `insert into events (id, company_id, name, title, status, start_at, end_at)
     values ($1, $2, 'Bench', 'Bench', 'published', now() - interval '1 day', now() + interval '30 days')`,
    [eventId, companyId],
  );
  await client.query(
    `insert into event_lots (id, company_id, event_id, number, name, type, status, start_at, ended_at, scheduled_end_at, starting_bid)
     values ($1, $2, $3, '1', 'Bench lot', 'AuctionLot', $4, now() - interval '1 hour',
       now() + interval '30 days', now() + interval '30 days', 10000)`,
    [lotId, companyId, eventId, LOT_STATUS.Active],
  );
  engine.bidders = [];
  for (let i = 0; i < 2; i++) {
    const userId = id('usr');
    await client.query(`insert into users (id, email, name) values ($1, $2, $3)`, [
      userId,
      `${userId}@example.com`,
      `Bench bidder ${i}`,
    ]);
    await client.query(
      `insert into registrations (id, event_id, user_id, status, deposit_status) values ($1, $2, $3, 'approved', 'not-required')`,
      [id('reg'), eventId, userId],
    );
    engine.bidders.push(userId);
  }
  return lotId;
}

/** The engine in this process: two bidders take turns bidding the minimum, so every bid is accepted. */
async function openEngine(url) {
  const { openDatabase } = await load('packages/db/src/index.ts');
  const { placeBid } = await load('apps/api/src/modules/bidding/place-bid.ts');
  const { publishLotChanges } = await load('apps/api/src/modules/live/publish-lot-changes.ts');
  const handle = await openDatabase({ databaseUrl: url, poolSize: 2 });
  let turn = 0;
  let minimum = 10000;
  const state = {
    bidders: [],
    async bid(lotId) {
      const userId = state.bidders[turn++ % state.bidders.length];
      const { answer } = await placeBid(handle.db, {
        userId,
        lotId,
        body: { amount: minimum },
        idempotencyKey: undefined,
      });
      const committedAt = performance.timeOrigin + performance.now();
      if (answer.status !== 201) throw new Error(`the bench bid was refused: ${JSON.stringify(answer.body)}`);
      await publishLotChanges(handle.db, [lotId]);
      const { lot } = answer.body.data;
      minimum = lot.minimumBid;
      const { rows } = await handle.db.execute(sql`select change_seq from event_lots where id = ${lotId}`);
      return { seq: Number(rows[0].change_seq), committedAt };
    },
    close: () => handle.close(),
  };
  return state;
}
