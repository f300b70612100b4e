#!/usr/bin/env node
/**
 * npm run bench:sitemap — how long the sitemaps' data takes on a large
 * database: the API (started on a loopback port, SEED_IF_EMPTY=false) answers
 * the sitemap index (`GET /marketplace/api/sitemap`) and whole pages of 50,000
 * lots (`GET /marketplace/api/sitemap/lots/{k}`: the first, a middle and the
 * last page, so a late page is shown to cost what an early one does); each is
 * requested BENCH_SITEMAP_RUNS times (default 5) after one warm-up, and the
 * median and worst time to last byte are printed with the page's size. The web
 * turns such a page into XML (lib/seo/sitemap-xml.ts) in a few tens of ms.
 *
 * The database is the PostgreSQL one in DATABASE_URL, or else the embedded one
 * in DATA_DIR; seed it first (see docs/benchmarks.md), e.g.
 *   DATABASE_URL=postgres://…/lotline_bench npm run bench:seed          # 1,000,000 lots
 *   DATA_DIR=data/bench-sitemap npm run seed -- --reset --lots 100000   # embedded, 100,000 lots
 *   DATA_DIR=data/bench-sitemap npm run bench:sitemap
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { ensureInstalled, ROOT } from './bootstrap.mjs';

if (!process.env.DATABASE_URL && !process.env.DATA_DIR) {
  console.error('bench:sitemap reads a seeded database: set DATABASE_URL or DATA_DIR (see docs/benchmarks.md).');
  process.exit(2);
}
ensureInstalled();
const PORT = Number(process.env.BENCH_PORT ?? 3918);
const RUNS = Number(process.env.BENCH_SITEMAP_RUNS ?? 5);
if (!Number.isInteger(RUNS) || RUNS < 1) {
  console.error(`BENCH_SITEMAP_RUNS must be a positive whole number, got "${process.env.BENCH_SITEMAP_RUNS}".`);
  process.exit(1);
}
const base = `http://127.0.0.1:${PORT}`;

const api = spawn(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'apps/api/src/main.ts')], {
  cwd: ROOT,
  env: { ...process.env, API_PORT: String(PORT), API_HOST: '127.0.0.1', SEED_IF_EMPTY: 'false', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
try {
  await waitForHealth();
  const index = (await get('/marketplace/api/sitemap')).json.data;
  const lotPages = index.pages.lots;
  if (lotPages === 0) throw new Error('The database has no lots: seed it first.');
  console.log(`Sitemap pages: ${JSON.stringify(index.pages)} (page size ${index.pageSize})\n`);
  const targets = [
    ['index', '/marketplace/api/sitemap'],
    ...[...new Set([1, Math.ceil(lotPages / 2), lotPages])].map((k) => [
      `lots page ${k}`,
      `/marketplace/api/sitemap/lots/${k}`,
    ]),
  ];
  console.log(
    `${'request'.padEnd(16)} ${'median ms'.padStart(10)} ${'worst ms'.padStart(10)} ${'URLs'.padStart(7)} ${'JSON MB'.padStart(8)}`,
  );
  for (const [name, path] of targets) {
    await get(path);
    const times = [];
    let last;
    for (let i = 0; i < RUNS; i++) {
      last = await get(path);
      times.push(last.ms);
    }
    times.sort((a, b) => a - b);
    const urls = last.json.data.entries?.length ?? '';
    console.log(
      `${name.padEnd(16)} ${times[Math.floor((times.length - 1) / 2)].toFixed(1).padStart(10)} ` +
        `${times[times.length - 1].toFixed(1).padStart(10)} ${String(urls).padStart(7)} ` +
        `${(last.bytes / 1024 / 1024).toFixed(2).padStart(8)}`,
    );
  }
} finally {
  api.kill('SIGTERM');
}

async function get(path) {
  const started = performance.now();
  const res = await fetch(`${base}${path}`);
  const body = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${body.toString().slice(0, 200)}`);
  return { ms, bytes: body.length, json: JSON.parse(body.toString()) };
}

async function waitForHealth() {
  const deadline = Date.now() + 5 * 60_000;
  while (Date.now() < deadline) {
    if (api.exitCode !== null) throw new Error(`The API stopped (exit code ${api.exitCode})`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(300);
  }
  throw new Error('The API did not start in time');
}
