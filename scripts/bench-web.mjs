#!/usr/bin/env node
/**
 * npm run bench:web — Lighthouse 12 (mobile: emulated phone, simulated slow
 * 4G and CPU slowdown, its defaults) against the built site with fresh demo
 * data, in Debian's Chromium, on the pages of PAGES; prints the four category
 * scores, LCP/TBT/CLS and the JavaScript shipped (transferred bytes of script
 * resources). Figures and what limits them: docs/benchmarks.md (decision 0014).
 *
 *   npm run bench:web                       # every page
 *   npm run bench:web -- lots               # only the pages whose name contains "lots"
 *   BENCH_WEB_PORT=3790 npm run bench:web   # site on 3790, its API on 3791 (default 3090)
 *   BENCH_WEB_URL=http://127.0.0.1:3700 npm run bench:web   # an already running site instead
 *   BENCH_WEB_RUNS=5 npm run bench:web      # Lighthouse runs per page (default 3); the median run is shown
 *   BENCH_WEB_JSON=out.json npm run bench:web               # also write the figures as JSON
 *
 * The site is started with `node scripts/start.mjs` (which builds the web app
 * first when its sources changed) on a data directory of its own, emptied
 * first so that the demo lots' times are relative to now, and stopped at the end.
 */
import { writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { PAGE_TYPES, resolvePages, startSite } from './bench-site.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs';

/**
 * The pages measured, by name from bench-site.mjs's PAGE_TYPES: the lot and
 * event pages' addresses are looked up on the running site (an active lot and
 * an event from the browse pages' own links), since ids change with every seed.
 */
export const PAGES = ['lots', 'lots-filtered', 'lot', 'event'];

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** Total blocking time swings with whatever else the machine runs, so each page is measured several times. */
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
if (!Number.isInteger(RUNS) || RUNS < 1) {
  console.error(`BENCH_WEB_RUNS must be a positive whole number, got "${process.env.BENCH_WEB_RUNS}".`);
  process.exit(1);
}

const filter = process.argv[2];
const chosen = PAGES.filter((name) => !filter || name.includes(filter));
if (chosen.length === 0) {
  console.error(`No page matches "${filter}"; pages: ${PAGES.join(', ')}`);
  process.exit(1);
}

function figures(lhr) {
  const audit = (id) => lhr.audits[id];
  const scripts = audit('resource-summary')?.details?.items?.find((i) => i.resourceType === 'script');
  return {
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])),
    lcpMs: Math.round(audit('largest-contentful-paint').numericValue),
    tbtMs: Math.round(audit('total-blocking-time').numericValue),
    cls: Number(audit('cumulative-layout-shift').numericValue.toFixed(3)),
    fcpMs: Math.round(audit('first-contentful-paint').numericValue),
    scriptRequests: scripts?.requestCount ?? 0,
    scriptBytes: scripts?.transferSize ?? 0,
    // What costs points: every weighted audit of the four categories scoring under 0.9.
    failing: CATEGORIES.flatMap((c) =>
      (lhr.categories[c]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && audit(ref.id)?.score !== null && audit(ref.id).score < 0.9)
        .map((ref) => `${c}: ${ref.id}${audit(ref.id).displayValue ? ` (${audit(ref.id).displayValue})` : ''}`),
    ),
  };
}

const { origin, stop } = await startSite({
  name: 'bench-web',
  port: Number(process.env.BENCH_WEB_PORT ?? 3090),
  externalUrl: process.env.BENCH_WEB_URL,
});
let chrome;
const results = [];
try {
  const pages = await resolvePages(
    origin,
    PAGE_TYPES.filter((t) => chosen.includes(t.name)),
  );
  chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'error' });
  for (const page of pages) {
    if (!page.built) {
      console.log(`\n${page.name}  not built (${page.path ?? 'no address'}: ${page.why})`);
      results.push({ name: page.name, path: page.path, notBuilt: page.why });
      continue;
    }
    const url = `${origin}${page.path}`;
    await fetch(url); // warm the server's caches so the first page is not charged for them
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
      });
      if (!run?.lhr || run.lhr.runtimeError) {
        throw new Error(`Lighthouse failed on ${url}: ${run?.lhr?.runtimeError?.message}`);
      }
      runs.push(figures(run.lhr));
    }
    // The median run by performance score, as Lighthouse's own guidance on variability suggests.
    const byScore = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
    const f = byScore[Math.floor((byScore.length - 1) / 2)];
    const range = (pick) => `${Math.min(...runs.map(pick))}–${Math.max(...runs.map(pick))}`;
    results.push({ ...page, ...f, runs });
    const s = f.scores;
    console.log(
      `\n${page.name}  ${page.path}  (median of ${RUNS} runs; performance ${range((r) => r.scores.performance)}, ` +
        `TBT ${range((r) => r.tbtMs)} ms)\n` +
        `  performance ${s.performance}  accessibility ${s.accessibility}  best-practices ${s['best-practices']}  seo ${s.seo}\n` +
        `  LCP ${(f.lcpMs / 1000).toFixed(2)} s  TBT ${f.tbtMs} ms  CLS ${f.cls}  (FCP ${(f.fcpMs / 1000).toFixed(2)} s)\n` +
        `  JavaScript shipped: ${(f.scriptBytes / 1024).toFixed(1)} KiB transferred in ${f.scriptRequests} scripts` +
        (f.failing.length ? `\n  audits to look at: ${f.failing.join('; ')}` : ''),
    );
  }
} finally {
  await chrome?.kill();
  await stop();
}
if (process.env.BENCH_WEB_JSON) writeFileSync(process.env.BENCH_WEB_JSON, `${JSON.stringify(results, null, 2)}\n`);
