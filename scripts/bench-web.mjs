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
 *   BENCH_WEB_JSON=out.json npm run bench:web               # also write the figures as JSON
 *
 * The site is started with `node scripts/start.mjs` (which builds the web app
 * first when its sources changed) on a data directory of its own, emptied
 * first so that the demo lots' times are relative to now, and stopped at the end.
 */
import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureInstalled, ROOT } from './bootstrap.mjs';
import { buildWebIfNeeded } from './build-web.mjs';

/** The pages measured. Issue 6 adds a lot page and an event page here. */
export const PAGES = [
  { name: 'lots', path: '/marketplace/lots' },
  { name: 'lots-filtered', path: '/marketplace/lots?keyword=lathe&status=active&sale-format=auction' },
];

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const filter = process.argv[2];
const pages = filter ? PAGES.filter((p) => p.name.includes(filter)) : PAGES;
if (pages.length === 0) {
  console.error(`No page matches "${filter}"; pages: ${PAGES.map((p) => p.name).join(', ')}`);
  process.exit(1);
}

async function waitFor(url, child) {
  const deadline = Date.now() + 10 * 60_000;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`The site stopped (exit code ${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  throw new Error(`${url} did not answer in time`);
}

/** Starts the built site with fresh demo data; returns its origin and a stop function. */
async function startSite() {
  if (process.env.BENCH_WEB_URL) return { origin: process.env.BENCH_WEB_URL.replace(/\/+$/, ''), stop: async () => {} };
  ensureInstalled();
  buildWebIfNeeded();
  const port = Number(process.env.BENCH_WEB_PORT ?? 3090);
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = join(ROOT, 'data/bench-web');
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`Starting the site on ${origin} (data in data/bench-web)…`);
  const child = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_ORIGIN: origin },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    for (let i = 0; i < 150 && child.exitCode === null; i++) await sleep(100);
  };
  try {
    await waitFor(`${origin}/marketplace/lots`, child);
  } catch (err) {
    await stop();
    throw err;
  }
  return { origin, stop };
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

const { origin, stop } = await startSite();
let chrome;
const results = [];
try {
  chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'error' });
  for (const page of pages) {
    const url = `${origin}${page.path}`;
    await fetch(url); // warm the server's caches so the first page is not charged for them
    const run = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    });
    if (!run?.lhr || run.lhr.runtimeError)
      throw new Error(`Lighthouse failed on ${url}: ${run?.lhr?.runtimeError?.message}`);
    const f = figures(run.lhr);
    results.push({ ...page, ...f });
    const s = f.scores;
    console.log(
      `\n${page.name}  ${page.path}\n` +
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
