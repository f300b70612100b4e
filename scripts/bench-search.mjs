// `npm run bench:search`: latency and throughput of a full browse request
// (GET /marketplace/api/search/lots?…&facets=true: the page of lots, the total
// and every facet count) against the PostgreSQL database in DATABASE_URL (seed it first, e.g.
// `DATABASE_URL=…/lotline_bench_100k npm run seed -- --reset --lots 100000`).
// It starts the API on a loopback port, runs a realistic mix of browse requests
// with 1 client and with CLIENTS concurrent clients, then the same searches
// in-process (the use-case over a pg pool: SQL only, no HTTP), and prints
// p50/p95/p99, requests/s and the HTTP / in-process throughput ratio.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureInstalled, ROOT } from './bootstrap.mjs';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('bench:search reads a seeded PostgreSQL database: set DATABASE_URL (see docs/benchmarks.md).');
  process.exit(2);
}
ensureInstalled();
const PORT = Number(process.env.BENCH_PORT ?? 3917);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 4);
const TIME_LIMIT_MS = 60_000;
const tsx = join(ROOT, 'node_modules/.bin/tsx');

const { default: pg } = await import(join(ROOT, 'node_modules/pg/lib/index.js'));
const mix = await buildMix();

const api = spawn(tsx, [join(ROOT, 'apps/api/src/main.ts')], {
  cwd: ROOT,
  env: { ...process.env, API_PORT: String(PORT), API_HOST: '127.0.0.1', SEED_IF_EMPTY: 'false', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
try {
  await waitForHealth();
  const base = `http://127.0.0.1:${PORT}/marketplace/api/search/lots?facets=true&`;
  await run('warm-up', 1, mix.length * 2, (q) => get(base + q));
  const one = await run('HTTP, 1 client', 1, REQUESTS, (q) => get(base + q));
  const many = await run(`HTTP, ${CLIENTS} clients`, CLIENTS, REQUESTS, (q) => get(base + q));
  const direct = await runInProcess();
  printPerRequest(one);
  print([one, many, ...direct]);
  const directOne = direct.find((r) => r.clients === 1);
  const directMany = direct.find((r) => r.clients === CLIENTS);
  if (directOne && directMany) {
    console.log(
      `HTTP / in-process throughput: 1 client ${(one.rps / directOne.rps).toFixed(2)}, ` +
        `${CLIENTS} clients ${(many.rps / directMany.rps).toFixed(2)}`,
    );
  }
} finally {
  api.kill('SIGTERM');
}

/** Realistic browse requests, built from what the database holds. */
async function buildMix() {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const one = async (text) => (await client.query(text)).rows[0] ?? {};
  const { n } = await one('select count(*)::int as n from lot_search');
  const { slug } = await one(
    `select c.slug from product_categories c where c.depth = 0
     order by (select count(*) from lot_search s join product_categories d on d.id = s.category_id
       where starts_with(d.path_id, c.path_id)) desc limit 1`,
  );
  const { unique_name: brand } = await one('select unique_name from brands order by id limit 1');
  const { number } = await one("select number from lot_search where status = 'Active' limit 1");
  const { term } = await one('select term from search_terms where length(term) >= 6 order by frequency desc limit 1');
  await client.end();
  console.log(`${n} lots in lot_search; category ${slug}, brand ${brand}, number ${number}, term ${term}`);
  const typo = term ? `${term.slice(0, 2)}${term.slice(3)}` : 'excavatr';
  return [
    '',
    'sort=recent',
    'sort=sequence',
    'status=active&ending-date=48-hours',
    'status=past',
    'sale-format=buy-now',
    `keyword=${encodeURIComponent(term ?? 'lathe')}`,
    `keyword=${encodeURIComponent(typo)}`,
    `keyword=${encodeURIComponent(`ID:${number}`)}`,
    `product-category=${slug}`,
    `product-category=${slug}&sort=recent&page=20`,
    `manufacturer=${brand}`,
    'geo-lat=29.76&geo-lon=-95.37&geo-distance=500mi',
    'sort=near-me&geo-lat=41.88&geo-lon=-87.63',
    'page=200&page-size=60',
  ];
}

async function get(url) {
  const res = await fetch(url);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url} → ${res.status}`);
}

async function run(label, clients, total, call) {
  const latencies = [];
  const byRequest = new Map(mix.map((q) => [q, []]));
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < total && performance.now() - started < TIME_LIMIT_MS) {
      const q = mix[next++ % mix.length];
      const t0 = performance.now();
      await call(q);
      const ms = performance.now() - t0;
      latencies.push(ms);
      byRequest.get(q).push(ms);
    }
  };
  await Promise.all(Array.from({ length: clients }, worker));
  const seconds = (performance.now() - started) / 1000;
  return { ...summarise(label, clients, latencies, seconds), byRequest };
}

/** The median and worst time of each request of the mix (1 client), to see which ones cost. */
function printPerRequest(result) {
  console.log(`\n| request (${result.label}) | median ms | max ms |\n|---|---:|---:|`);
  for (const [q, times] of result.byRequest) {
    const sorted = [...times].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
    console.log(`| ${q === '' ? '(default browse)' : q} | ${median.toFixed(1)} | ${(sorted.at(-1) ?? 0).toFixed(1)} |`);
  }
}

function summarise(label, clients, latencies, seconds) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  return { label, clients, n: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), rps: sorted.length / seconds };
}

function print(rows) {
  console.log('\n| run | requests | p50 ms | p95 ms | p99 ms | req/s |\n|---|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.label} | ${r.n} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.rps.toFixed(1)} |`,
    );
  }
}

async function waitForHealth() {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('The API did not become healthy within 60 s');
}

/** The same mix through the use-case in a tsx child (TypeScript), timed there. */
function runInProcess() {
  const child = spawn(tsx, [join(ROOT, 'apps/api/src/modules/search/bench-in-process.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      BENCH_MIX: JSON.stringify(mix),
      BENCH_REQUESTS: String(REQUESTS),
      BENCH_CLIENTS: String(CLIENTS),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  return new Promise((resolve, reject) => {
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').pop()))
        : reject(new Error(`in-process bench exited ${code}`)),
    );
  });
}
