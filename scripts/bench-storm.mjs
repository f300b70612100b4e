#!/usr/bin/env node
/**
 * npm run bench:storm — one lot page under a crowd while it is being bid on:
 * the built site with fresh demo data (bench-site.mjs, as bench:server), or a
 * running one. Four phases of BENCH_STORM_SECONDS (default 15) each, closed
 * loops of anonymous clients fetching and reading whole bodies
 * (bench/closed-loop.mjs): /robots.txt at 50 clients (the baseline: the same
 * server, no rendering, no API), the lot page at 50, /robots.txt at 200, the
 * lot page at 200. Through all four, two demo bidders take turns bidding the
 * lot's minimum every second (bench/storm-bidders.mjs), and after each bid's
 * 201 a separate client fetches the lot page until its price block shows the
 * new price. Prints per phase requests a second, p50/p95/p99, errors
 * (non-200 or network), the lot page's rate as a share of robots.txt's, the
 * cores each process used; then the commit-to-visible delay per phase. On a
 * site it started, also the API requests one lot page costs (the API's
 * /metrics, with a METRICS_TOKEN of its own). Figures: docs/benchmarks.md.
 *
 *   npm run bench:storm
 *   BENCH_STORM_SECONDS=30 npm run bench:storm
 *   BENCH_STORM_PORT=3796 npm run bench:storm                      # site on 3796, its API on 3797 (default 3096)
 *   BENCH_STORM_URL=http://127.0.0.1:8080 npm run bench:storm      # a running site (e.g. a balancer) instead
 *   BENCH_STORM_JSON=out.json npm run bench:storm                  # also write the figures as JSON
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { routeDelta, scrapeRoutes } from './bench/api-metrics.mjs';
import { closedLoop, percentile, timedGet } from './bench/closed-loop.mjs';
import { cpuReading, cpuShares, listenOverflows, processTree } from './bench/process-cpu.mjs';
import { bidStream, DEMO_BIDDERS, pickLot, signIn, timeToVisible } from './bench/storm-bidders.mjs';
import { startSite } from './bench-site.mjs';

const SECONDS = Number(process.env.BENCH_STORM_SECONDS ?? 15);
if (!Number.isInteger(SECONDS) || SECONDS < 1 || SECONDS > 600) {
  console.error(`BENCH_STORM_SECONDS must be a whole number from 1 to 600, got "${process.env.BENCH_STORM_SECONDS}".`);
  process.exit(1);
}
const PORT = Number(process.env.BENCH_STORM_PORT ?? 3096);
const CLIENT_COUNTS = [50, 200];
const BID_INTERVAL_MS = 1_000;
const WARM_UP = 20;
const PROFILE_PAGES = 10;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const ms = (v) => (v === null || Number.isNaN(v) ? '—' : v.toFixed(1)).padStart(9);

const metricsToken = process.env.BENCH_STORM_URL ? undefined : randomBytes(24).toString('hex');
const site = await startSite({
  name: 'bench-storm',
  port: PORT,
  externalUrl: process.env.BENCH_STORM_URL,
  env: metricsToken ? { METRICS_TOKEN: metricsToken } : {},
});
const apiOrigin = `http://127.0.0.1:${PORT + 1}`;
let report;
try {
  report = await storm(site.origin);
} finally {
  await site.stop();
}
if (process.env.BENCH_STORM_JSON) writeFileSync(process.env.BENCH_STORM_JSON, `${JSON.stringify(report, null, 2)}\n`);

async function storm(origin) {
  const loadAtStart = load();
  console.log(`\nLoad average at the start: ${loadAtStart} (1, 5, 15 min)`);
  const bidders = await Promise.all(DEMO_BIDDERS.map((email) => signIn(origin, email)));
  const lot = await pickLot(origin, bidders, Date.now() + (4 * SECONDS + 180) * 1000);
  const targets = { robots: `${origin}/robots.txt`, lot: `${origin}${lot.path}` };
  console.log(`Lot page: ${lot.path}`);
  for (const url of Object.values(targets)) for (let i = 0; i < WARM_UP; i++) await timedGet(url);
  const profile = metricsToken ? await apiProfile(targets.lot) : null;
  if (profile) printProfile(profile);

  const tree = processTree(site.pid);
  const probes = [];
  let phase = null;
  let stopBids = false;
  const bids = bidStream({
    origin,
    lotId: lot.lotId,
    bidders,
    intervalMs: BID_INTERVAL_MS,
    shouldStop: () => stopBids,
    onBid: ({ amount, committedAt }) => {
      const during = phase;
      probes.push(
        timeToVisible({ url: targets.lot, lotId: lot.lotId, amount, committedAt }).then((r) => ({
          phase: during,
          ...r,
        })),
      );
    },
  });
  const phases = [];
  for (const clients of CLIENT_COUNTS) {
    for (const target of ['robots', 'lot']) {
      phase = `${target === 'lot' ? 'lot page' : 'robots.txt'} × ${clients}`;
      phases.push({
        phase,
        target,
        ...(await measured(() => closedLoop({ url: targets[target], clients, seconds: SECONDS }), tree)),
      });
    }
  }
  stopBids = true;
  const bidding = await bids;
  const visible = await Promise.all(probes);
  const loadAtEnd = load();
  printPhases(phases);
  printVisible(visible, bidding);
  console.log(`\nLoad average at the end: ${loadAtEnd}`);
  return { lot: lot.path, seconds: SECONDS, loadAtStart, loadAtEnd, profile, phases, bidding, visible };
}

/** A phase's figures, with the cores each process used and (on a site started here) the API's requests. */
async function measured(run, tree) {
  const overflowsBefore = listenOverflows();
  const before = { cpu: cpuReading(tree), api: metricsToken ? await scrapeRoutes(apiOrigin, metricsToken) : null };
  const result = await run();
  const cores = cpuShares(tree, before.cpu, cpuReading(tree), result.elapsedS);
  const overflows = overflowsBefore === null ? null : listenOverflows() - overflowsBefore;
  Object.assign(result, { overflows });
  if (!before.api) return { ...result, cores };
  const routes = routeDelta(before.api, await scrapeRoutes(apiOrigin, metricsToken));
  const count = routes.reduce((sum, r) => sum + r.count, 0);
  const sumS = routes.reduce((sum, r) => sum + r.sumS, 0);
  return { ...result, cores, api: { perSecond: count / result.elapsedS, meanMs: count ? (sumS / count) * 1000 : 0 } };
}

/** The API requests one lot page costs, by route, from PROFILE_PAGES sequential page loads on a quiet site. */
async function apiProfile(url) {
  const before = await scrapeRoutes(apiOrigin, metricsToken);
  const pageMs = [];
  for (let i = 0; i < PROFILE_PAGES; i++) pageMs.push((await timedGet(url)).ms);
  const routes = routeDelta(before, await scrapeRoutes(apiOrigin, metricsToken)).map((r) => ({
    route: r.route,
    perPage: r.count / PROFILE_PAGES,
    meanMs: (r.sumS / r.count) * 1000,
  }));
  return {
    pageMs: percentile(
      pageMs.sort((a, b) => a - b),
      0.5,
    ),
    routes,
  };
}

function printProfile({ pageMs, routes }) {
  const perPage = routes.reduce((sum, r) => sum + r.perPage, 0);
  console.log(`\nOne lot page, no other load: p50 ${pageMs.toFixed(1)} ms, ${perPage} API requests:`);
  for (const r of routes)
    console.log(`  ${String(r.perPage).padStart(4)} × ${r.route} (mean ${r.meanMs.toFixed(1)} ms)`);
}

function printPhases(phases) {
  console.log(`\nClosed loops of ${SECONDS} s, anonymous GETs read to the last byte; a bid every second throughout.\n`);
  const head = ['req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors'].map((h) => h.padStart(10)).join('');
  console.log(`${'phase'.padEnd(18)}${head}${'lot/robots'.padStart(12)}`);
  for (const p of phases) {
    const baseline = phases.find((b) => b.target === 'robots' && b.clients === p.clients);
    const ratio = p.target === 'lot' ? (p.perSecond / baseline.perSecond).toFixed(3) : '';
    const cells = [p.perSecond.toFixed(1).padStart(10), ms(p.p50), ms(p.p95), ms(p.p99)].map((c) => c.padStart(10));
    console.log(`${p.phase.padEnd(18)}${cells.join('')}${String(p.errors).padStart(10)}${ratio.padStart(12)}`);
  }
  console.log('\nCores used per phase (and the API as it saw itself):');
  for (const p of phases) {
    const cores = p.cores.map((c) => `${c.name} ${c.cores.toFixed(2)}`).join(', ');
    const api = p.api ? `; API ${p.api.perSecond.toFixed(1)} req/s, mean ${p.api.meanMs.toFixed(1)} ms` : '';
    const errors = p.errors ? `; errors ${JSON.stringify(p.errorsByStatus)}` : '';
    const dropped = p.overflows ? `; ${p.overflows} connections dropped by a full accept queue (machine-wide)` : '';
    console.log(`  ${p.phase.padEnd(18)}${cores}${api}${errors}${dropped}`);
  }
}

function printVisible(visible, bidding) {
  console.log(
    `\nBid commit (its 201) to the price on a lot page fetched after it: ${bidding.taken} bids taken, refused ${JSON.stringify(bidding.refused)}\n`,
  );
  console.log(
    `${'during'.padEnd(18)}${['bids', 'p50 ms', 'p95 ms', 'max ms', 'not seen'].map((h) => h.padStart(10)).join('')}`,
  );
  const groups = [...new Set(visible.map((v) => v.phase)), 'all'];
  for (const group of groups) {
    const rows = visible.filter((v) => group === 'all' || v.phase === group);
    const seen = rows.filter((v) => v.delayMs !== null).map((v) => v.delayMs);
    seen.sort((a, b) => a - b);
    const cells = [ms(percentile(seen, 0.5)), ms(percentile(seen, 0.95)), ms(seen.at(-1) ?? null)];
    console.log(
      `${group.padEnd(18)}${String(rows.length).padStart(10)}${cells.map((c) => c.padStart(10)).join('')}${String(rows.length - seen.length).padStart(10)}`,
    );
  }
}
