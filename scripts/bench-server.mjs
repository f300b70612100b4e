#!/usr/bin/env node
/**
 * npm run bench:server — server response time of each page type: the built
 * site with fresh demo data (started as bench:web does, bench-site.mjs), then
 * per page type (home, browse lots, filtered search, lot, event, seller,
 * catalog product) 20 warm-up requests and BENCH_SERVER_REQUESTS (default 200)
 * measured ones, sequential (one client: the figure is the server's own time,
 * not queueing), each timed from sending the request to the last byte of the
 * body. Prints p50, p95 and max per page type; a page type whose route does not
 * answer 200 yet prints "not built". Method and figures: docs/benchmarks.md.
 *
 *   npm run bench:server
 *   npm run bench:server -- lot               # only the page types whose name contains "lot"
 *   BENCH_SERVER_PORT=3792 npm run bench:server   # site on 3792, its API on 3793 (default 3092)
 *   BENCH_SERVER_URL=http://127.0.0.1:3700 npm run bench:server   # an already running site instead
 *   BENCH_SERVER_REQUESTS=500 npm run bench:server
 *   BENCH_SERVER_JSON=out.json npm run bench:server               # also write the figures as JSON
 */
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { PAGE_TYPES, resolvePages, startSite } from './bench-site.mjs';

const REQUESTS = Number(process.env.BENCH_SERVER_REQUESTS ?? 200);
const WARM_UP = 20;
if (!Number.isInteger(REQUESTS) || REQUESTS < 1) {
  console.error(`BENCH_SERVER_REQUESTS must be a positive whole number, got "${process.env.BENCH_SERVER_REQUESTS}".`);
  process.exit(1);
}
const filter = process.argv[2];
const types = PAGE_TYPES.filter((t) => !filter || t.name.includes(filter));
if (types.length === 0) {
  console.error(`No page type matches "${filter}"; page types: ${PAGE_TYPES.map((t) => t.name).join(', ')}`);
  process.exit(1);
}

/** The value below which `share` of the sorted samples lie (nearest rank). */
function percentile(sorted, share) {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
}

/** Time to last byte of one GET, in milliseconds; throws unless it answers 200. */
async function timeOne(url) {
  const started = performance.now();
  const res = await fetch(url, { redirect: 'manual', headers: { 'accept-encoding': 'gzip, br' } });
  await res.arrayBuffer();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return ms;
}

const { origin, stop } = await startSite({
  name: 'bench-server',
  port: Number(process.env.BENCH_SERVER_PORT ?? 3092),
  externalUrl: process.env.BENCH_SERVER_URL,
});
const results = [];
try {
  const pages = await resolvePages(origin, types);
  console.log(
    `\n${REQUESTS} sequential requests per page type after ${WARM_UP} warm-up requests; time to last byte.\n`,
  );
  console.log(
    `${'page type'.padEnd(16)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)}  path`,
  );
  for (const page of pages) {
    if (!page.built) {
      console.log(`${page.name.padEnd(16)} not built (${page.path ?? 'no address'}: ${page.why})`);
      results.push({ name: page.name, path: page.path, notBuilt: page.why });
      continue;
    }
    const url = `${origin}${page.path}`;
    for (let i = 0; i < WARM_UP; i++) await timeOne(url);
    const samples = [];
    for (let i = 0; i < REQUESTS; i++) samples.push(await timeOne(url));
    samples.sort((a, b) => a - b);
    const figures = {
      p50: percentile(samples, 0.5),
      p95: percentile(samples, 0.95),
      max: samples[samples.length - 1],
    };
    results.push({ name: page.name, path: page.path, requests: REQUESTS, ...figures });
    const ms = (v) => v.toFixed(1).padStart(8);
    console.log(`${page.name.padEnd(16)} ${ms(figures.p50)} ${ms(figures.p95)} ${ms(figures.max)}  ${page.path}`);
  }
} finally {
  await stop();
}
if (process.env.BENCH_SERVER_JSON) {
  writeFileSync(process.env.BENCH_SERVER_JSON, `${JSON.stringify(results, null, 2)}\n`);
}
