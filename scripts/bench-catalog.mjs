// `npm run bench:catalog` (decision 0083): the staff catalog writes that move
// many lots at once, at scale, on PostgreSQL (BENCH_DATABASE_URL, else
// TEST_DATABASE_URL, else the local postgres/postgres). It creates a database
// of its own, seeds BENCH_CATALOG_LOTS lots (default 1,000,000) with
// generate_series, then times, through the real use-cases (one transaction
// each, audit and count upkeep included):
//   - a category move: a top-level branch (11 categories, a tenth of the lots)
//     under another top-level category;
//   - a category merge of a branch (its children and their lots go along);
//   - a category merge of a leaf holding 1% of the lots directly;
//   - a brand merge of a brand holding 5% of the lots;
// and prints each as a ratio against a baseline measured in the same run: a
// plain count(*) over the lots. Never asserted. Drops its database at the end.
// Figures: docs/benchmarks.md.
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { ensureInstalled, ROOT } from './bootstrap.mjs';

ensureInstalled();
const baseUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const LOTS = Number(process.env.BENCH_CATALOG_LOTS ?? 1_000_000);
const TOPS = 10;
const LEAVES = 10; // per top-level category: TOPS × LEAVES leaves share the lots evenly
const BRANDS = 20;

const { tsImport } = await import('tsx/esm/api');
const load = (path) => tsImport(pathToFileURL(join(ROOT, path)).href, import.meta.url);
const { sql } = await import('drizzle-orm');
const { adminQuery, databaseUrl } = await load('packages/db/src/testing.ts');
const { openDatabase } = await load('packages/db/src/client.ts');
const { updateCategory } = await load('apps/api/src/modules/staff-categories/update-category.ts');
const { mergeCategory } = await load('apps/api/src/modules/staff-categories/merge-category.ts');
const { mergeBrand } = await load('apps/api/src/modules/staff-catalog/merge-brand.ts');
const { LOT_STATUS } = await load('packages/domain/src/index.ts');
/** Open lots: listed, so every lot counts in the browse counts the writes keep. */
const active = sql.raw(`'${LOT_STATUS.Active}'`);

/** An integer as SQL text (generate_series and % need typed operands, not untyped parameters). */
const n = (v) => sql.raw(String(Math.trunc(v)));
const ms = (v) => `${v.toFixed(0)} ms`;
async function timed(fn) {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

const name = `lotline_bench_catalog_${Date.now()}`;
await adminQuery(baseUrl, `create database ${name}`);
const url = databaseUrl(baseUrl, name);
// Seeding runs without the API's statement timeout; the timed writes run with it, as in the API.
const seeder = await openDatabase({ databaseUrl: url, statementTimeoutMs: 3_600_000 });
let api;
try {
  console.log(`Seeding ${LOTS.toLocaleString('en-US')} lots (generate_series) …`);
  const seedMs = await timed(() => seed(seeder.db));
  console.log(`seeded in ${(seedMs / 1000).toFixed(1)} s`);
  await seeder.db.execute(sql`vacuum analyze`);
  api = await openDatabase({ databaseUrl: url });
  const db = api.db;

  // The baseline: a plain count over every lot, best of three (warm cache).
  const counts = [];
  for (let i = 0; i < 3; i++) counts.push(await timed(() => db.execute(sql`select count(*) from event_lots`)));
  const baseline = Math.min(...counts);
  const actor = 'usr_bench_staff';
  const results = [];
  const run = async (label, lots, fn) => {
    const took = await timed(fn);
    results.push({ label, lots, took });
    console.log(`${label}: ${ms(took)} (${(took / baseline).toFixed(1)} × count(*))`);
  };
  const perLeaf = Math.floor(LOTS / (TOPS * LEAVES));
  await run('category move (a branch, 10% of the lots)', perLeaf * LEAVES, () =>
    updateCategory(db, actor, 'bc_top_0', { parentId: 'bc_top_1' }),
  );
  await run('category merge (a branch, 10% of the lots)', perLeaf * LEAVES, () =>
    mergeCategory(db, actor, 'bc_top_2', 'bc_top_3'),
  );
  await run('category merge (a leaf, 1% of the lots moved)', perLeaf, () =>
    mergeCategory(db, actor, 'bc_leaf_4_0', 'bc_leaf_5_0'),
  );
  await run('brand merge (5% of the lots)', Math.floor(LOTS / BRANDS), () => mergeBrand(db, actor, 'bb_0', 'bb_1'));
  console.log('');
  console.log(`baseline: select count(*) from event_lots (${LOTS.toLocaleString('en-US')} rows): ${ms(baseline)}`);
  console.log('| change | lots touched | time | × count(*) |');
  console.log('| --- | ---: | ---: | ---: |');
  for (const r of results) {
    console.log(
      `| ${r.label} | ${r.lots.toLocaleString('en-US')} | ${ms(r.took)} | ${(r.took / baseline).toFixed(1)} |`,
    );
  }
  await checkExact(seeder.db);
} finally {
  await api?.close();
  await seeder.close();
  // BENCH_CATALOG_KEEP=1 leaves the database for EXPLAIN ANALYZE (drop it by hand).
  if (process.env.BENCH_CATALOG_KEEP === '1') console.log(`kept database ${name}`);
  else await adminQuery(baseUrl, `drop database if exists ${name} with (force)`);
}

/** Categories, brands, a company, a published event and the lots, all set-based. */
async function seed(db) {
  await db.execute(sql`insert into users (id, email, name, roles)
    values ('usr_bench_staff', 'bench-staff@example.com', 'Bench staff', array['staff'])`);
  await db.execute(sql`insert into companies (id, slug, name) values ('co_bench', 'co-bench', 'Bench Auctions')`);
  await db.execute(sql`insert into events (id, company_id, name, title, status, start_at, end_at)
    values ('ev_bench', 'co_bench', 'Bench', 'Bench', 'published', now() - interval '1 day', now() + interval '30 days')`);
  await db.execute(sql`insert into product_categories (id, name, slug, parent_id, path_id, depth)
    select 'bc_top_' || t, 'Bench top ' || t, 'bench-top-' || t, null, '/bc_top_' || t || '/', 0
    from generate_series(0, ${n(TOPS - 1)}) t`);
  await db.execute(sql`insert into product_categories (id, name, slug, parent_id, path_id, depth)
    select 'bc_leaf_' || t || '_' || l, 'Bench leaf ' || t || ' ' || l, 'bench-leaf-' || t || '-' || l,
      'bc_top_' || t, '/bc_top_' || t || '/bc_leaf_' || t || '_' || l || '/', 1
    from generate_series(0, ${n(TOPS - 1)}) t, generate_series(0, ${n(LEAVES - 1)}) l`);
  await db.execute(sql`insert into brands (id, name, unique_name)
    select 'bb_' || b, 'Bench brand ' || b, 'bench-brand-' || b from generate_series(0, ${n(BRANDS - 1)}) b`);
  // In chunks, so that one statement's transition tables (the projection triggers') stay small.
  const chunk = 50_000;
  for (let from = 0; from < LOTS; from += chunk) {
    const to = Math.min(LOTS, from + chunk) - 1;
    await db.execute(sql`insert into event_lots
        (id, company_id, event_id, number, name, type, status, product_category_id, brand_id, quantity,
         start_at, ended_at, sequence)
      select 'bl_' || i, 'co_bench', 'ev_bench', i::text, 'Bench lot ' || (i % 997), 'AuctionLot', ${active},
        'bc_leaf_' || (i % ${n(TOPS)}) || '_' || ((i / ${n(TOPS)}) % ${n(LEAVES)}), 'bb_' || (i % ${n(BRANDS)}), 1,
        now() - interval '1 day', now() + (i % 720) * interval '1 hour', i
      from generate_series(${n(from)}, ${n(to)}) i`);
  }
}

/** The figures stand only if the counts are still exact: the count table against a fresh grouping. */
async function checkExact(db) {
  const rows = async (q) => (await db.execute(q)).rows;
  const keys = sql`category_id, brand_unique_name, type, status, hidden, private_sale, event_status`;
  const counted = sql`select ${keys}, quantity, ended_class, start_class, n from lot_search_counts`;
  const grouped = sql`select ${keys}, lot_search_quantity_key(quantity), lot_search_ended_class(ended_at, c.at),
      lot_search_start_class(start_at, c.at), count(*)::int from lot_search, lot_search_clock c
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10`;
  const diff = [
    ...(await rows(sql`${grouped} except all ${counted}`)),
    ...(await rows(sql`${counted} except all ${grouped}`)),
  ];
  const stale = await rows(sql`select count(*)::int as n from (select * from lot_search
    except select * from lot_search_source) d`);
  console.log(
    diff.length === 0 && stale[0].n === 0
      ? 'counts exact after the run (count table = fresh grouping; projection = its source view)'
      : `COUNTS NOT EXACT: ${diff.length} count rows differ, ${stale[0].n} projection rows stale`,
  );
}
