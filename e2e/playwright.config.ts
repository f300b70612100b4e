import { fileURLToPath } from 'node:url';
import { defineConfig, type Project } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { e2eSite } from '../scripts/e2e-server-log.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
/**
 * Which site this run starts and which specs it runs (decision 0058): `main` (desktop and phone, two workers) or
 * `beside` (E2E_SITE=beside: the long, serial specs, one worker, on a port and data directory of their own).
 * `npm test` runs both at once.
 */
const site = e2eSite();
/** E2E_PORT lets several checkouts run their suites side by side (the API takes the next port). */
const port = Number(process.env.E2E_PORT ?? site.port);
/** Point the suite at an already running site; otherwise `npm start` is run on the site's port with its own data. */
const externalBaseURL = process.env.E2E_BASE_URL;
/** The tag of tests that use no page (decision 0034). */
const REQUESTS_ONLY = /@requests\b/;
/**
 * Specs that switch feature flags (`flags-*.spec.ts`): a flag is global, so they run on the site beside, where
 * nothing else runs at the same time, in the `flags` project (desktop viewport), each restoring what it switched.
 */
const FLAG_SPECS = /flags-.*\.spec\.ts$/;
/**
 * Issue 16's seller journey publishes 200 lots that close within minutes: shown first in "ending soon" orders
 * and scans, they would confuse specs running beside it, and it waits minutes of real time: the site beside.
 */
const JOURNEY_SPEC = /seller-journey\.spec\.ts$/;
/** The real auction close waits minutes of real time: the site beside. */
const CLOSE_SPEC = /bidding-close\.spec\.ts$/;
/** What the site beside runs, and the main site never does. */
export const BESIDE_SPECS = [CLOSE_SPEC, FLAG_SPECS, JOURNEY_SPEC];
/**
 * The specs that also run at the phone breakpoint (decision 0057): the screens whose layout changes there (the
 * shell and its menu, home, browse with its filter drawer, tabs and cards, the lot and event pages with the bid
 * panel, buying and paying, the account, verification and message pages) and the axe scans. A spec of a rule
 * the device cannot change (search terms, location, SEO tags, headers, origins, time zones, tenders, the seller
 * console, which is exercised on desktop) runs on desktop only: run twice, the whole suite took 45 of CI's 90
 * minutes on a 2-core machine.
 */
const PHONE_SPECS = new RegExp(
  `/(${[
    'a11y',
    'accounts',
    'bid-panel',
    'bidding',
    'browse-a11y',
    'browse-drawer',
    'browse-filters',
    'browse-tabs',
    'buy-now',
    'cards-lot-card',
    'cards-sections',
    'contact-seller',
    'event-page',
    'home-page',
    'lot-page',
    'lots-page',
    'payments',
    'site-shell',
    'tax-exemption',
    'verification-journey',
  ].join('|')})\\.spec\\.ts$`,
);

const DESKTOP = { width: 1280, height: 800 };

function mainProjects(): Project[] {
  return [
    { name: 'desktop', use: { viewport: DESKTOP }, testIgnore: BESIDE_SPECS },
    {
      name: 'phone',
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      // A test tagged @requests sends HTTP requests only and renders no page: the device cannot change its
      // answer, so it runs once, on desktop (decision 0034). A page test runs on both when its spec is one of
      // PHONE_SPECS (decision 0057).
      grepInvert: REQUESTS_ONLY,
      testMatch: PHONE_SPECS,
      testIgnore: BESIDE_SPECS,
    },
  ];
}

/** One worker, so a flag switched by one spec is never seen by another; the close first, then flags, the journey. */
function besideProjects(): Project[] {
  return [
    { name: 'close', use: { viewport: DESKTOP }, testMatch: CLOSE_SPEC },
    { name: 'flags', use: { viewport: DESKTOP }, testMatch: FLAG_SPECS, fullyParallel: false },
    { name: 'journey', use: { viewport: DESKTOP }, testMatch: JOURNEY_SPEC },
  ];
}

export default defineConfig({
  testDir: './tests',
  workers: site.name === 'beside' ? 1 : 2,
  retries: 0,
  // The CI machine has 2 cores for the site, its database and two browsers (load average about 11): a step that
  // takes a second on a quiet machine can take ten there. A test fails on a wrong answer, not on a slow one.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // A failed run says where the site's own logs are (they go to a file, below).
  reporter: externalBaseURL ? 'list' : [['list'], ['./support/server-log-reporter.ts', { log: site.log }]],
  use: {
    baseURL: externalBaseURL ?? `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    // Debian's Chromium: no browser download on these machines.
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
    screenshot: 'only-on-failure',
    // A failure's trace keeps the DOM snapshots and network; a screencast of every passing test cost time and disk.
    trace: { mode: 'retain-on-failure', screenshots: false },
  },
  projects: site.name === 'beside' ? besideProjects() : mainProjects(),
  webServer: externalBaseURL
    ? undefined
    : {
        // Builds the web app if needed, then starts API (PORT+1) and web (PORT) on a database seeded afresh, so
        // that the demo lots' times are relative to now on every run. Their output (a line per request) goes to
        // the site's log, not into the test output; the reporter above points there when a run fails.
        command: `rm -rf '${site.dataDir}' && mkdir -p '${site.dataDir}' && node scripts/start.mjs > '${site.log}' 2>&1`,
        cwd: repoRoot,
        env: {
          PORT: String(port),
          DATA_DIR: site.dataDir,
          SEED_LOTS: '600',
          // The origin the browser uses: the API refuses state-changing requests from any other.
          PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
          // Both projects sign the demo people in dozens of times from one address; the limits' shape is tested
          // in the API's tests, so the suite runs with ten times the allowance.
          RATE_LIMIT_SCALE: '10',
          // Every test browser comes from one address: the live stream's per-address limit (50) is for people.
          LIVE_MAX_CONNECTIONS_PER_CLIENT: '2000',
          // The API logs warnings and errors only: a line per request would fill the log and cost the busy
          // machine time; a failure's own lines (errors, 5xx) are still in E2E_SERVER_LOG.
          LOG_LEVEL: 'warn',
        },
        url: `http://127.0.0.1:${port}/marketplace/lots`,
        timeout: 300_000,
        reuseExistingServer: !process.env.CI,
        stdout: 'ignore',
        stderr: 'pipe',
      },
});
