/**
 * What the site benchmarks share (bench-web.mjs, bench-server.mjs): starting
 * the built site on fresh demo data and stopping it, and the pages measured,
 * whose addresses come from the running site (ids differ with every seed).
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ensureInstalled, ROOT } from './bootstrap.mjs';
import { buildWebIfNeeded } from './build-web.mjs';

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

/**
 * Starts the built site with fresh demo data (`node scripts/start.mjs`, which
 * builds the web app first when its sources changed) on `port`, data in
 * `data/{name}` emptied first so the demo lots' times are relative to now,
 * with `env` added to its environment; or, when `externalUrl` is set, uses
 * that running site. Returns its origin, a stop function and, for a site it
 * started, the pid of `start.mjs` (its API and web server are its children).
 */
export async function startSite({ name, port, externalUrl, env = {} }) {
  if (externalUrl) return { origin: externalUrl.replace(/\/+$/, ''), stop: async () => {}, pid: undefined };
  ensureInstalled();
  buildWebIfNeeded();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = join(ROOT, 'data', name);
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`Starting the site on ${origin} (data in data/${name})…`);
  const child = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_ORIGIN: origin },
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
  return { origin, stop, pid: child.pid };
}

/** The first link in a page's HTML whose path matches `pattern` (the site's own canonical hrefs). */
async function firstLink(origin, path, pattern) {
  const res = await fetch(`${origin}${path}`);
  if (!res.ok) return undefined;
  const html = await res.text();
  for (const [, href] of html.matchAll(/href="([^"]+)"/g)) {
    const decoded = href.replace(/&amp;/g, '&');
    if (pattern.test(decoded)) return decoded;
  }
  return undefined;
}

/** The first URL of a sitemap file, as a path (the sitemaps use the same hrefs as the pages). */
async function firstSitemapPath(origin, file) {
  const res = await fetch(`${origin}/sitemaps/${file}`);
  if (!res.ok) return undefined;
  const loc = /<loc>([^<]+)<\/loc>/.exec(await res.text())?.[1];
  if (!loc) return undefined;
  const url = new URL(loc.replace(/&amp;/g, '&'));
  return `${url.pathname}${url.search}`;
}

/**
 * The page types measured. `path` is fixed; `resolve(origin)` finds a real
 * document on the running site: an active lot and an event from the browse
 * pages' own links (so, canonical and live), a seller and a catalog product
 * from the sitemaps.
 */
export const PAGE_TYPES = [
  { name: 'home', path: '/' },
  { name: 'lots', path: '/marketplace/lots' },
  { name: 'lots-filtered', path: '/marketplace/lots?keyword=lathe&status=active&sale-format=auction' },
  {
    name: 'lot',
    resolve: (origin) => firstLink(origin, '/marketplace/lots?status=active', /^\/marketplace\/bid\/[^/]+\/[^/?#]+$/),
  },
  {
    name: 'event',
    resolve: (origin) => firstLink(origin, '/marketplace/events', /^\/marketplace\/event\/[^/]+\/[^/?#]+$/),
  },
  { name: 'seller', resolve: (origin) => firstSitemapPath(origin, 'sellers-1.xml') },
  { name: 'catalog-product', resolve: (origin) => firstSitemapPath(origin, 'catalog-products-1.xml') },
];

/**
 * The path of each page type on the running site and whether it is built:
 * a page is "not built" when no document could be found for it or its
 * address does not answer 200 itself (a 404 from a missing route, or the
 * redirect the home page is until it exists).
 */
export async function resolvePages(origin, types) {
  const pages = [];
  for (const type of types) {
    const path = type.path ?? (await type.resolve(origin));
    if (!path) {
      pages.push({ name: type.name, path: undefined, built: false, why: 'no document found' });
      continue;
    }
    const res = await fetch(`${origin}${path}`, { redirect: 'manual' });
    await res.arrayBuffer();
    pages.push({ name: type.name, path, built: res.status === 200, why: `HTTP ${res.status}` });
  }
  return pages;
}
