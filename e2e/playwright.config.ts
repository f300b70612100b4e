import { fileURLToPath } from 'node:url';
import { defineConfig, type Project } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { BESIDE_PROJECTS, BESIDE_SPECS, e2eSite } from '../scripts/e2e-server-log.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
/**
 * Which site this run starts and which specs it runs (decision 0058): `main` (desktop and phone, two workers) or
 * `beside` (E2E_SITE=beside: the long specs that wait for real time or switch a flag, on a port and data directory
 * of their own).
 * `npm test` runs both at once.
 */
const site = e2eSite();
/** E2E_PORT lets several checkouts run their suites side by side (the API takes the next port). */
const port = Number(process.env.E2E_PORT ?? site.port);
/** Point the suite at an already running site; otherwise `npm start` is run on the site's port with its own data. */
const externalBaseURL = process.env.E2E_BASE_URL;
/** The tag of tests that use no page (decision 0034). */
const REQUESTS_ONLY = /@requests\b/;
/** The long, serial specs run on the site beside (scripts/e2e-server-log.mjs says which and why). */
const { close: CLOSE_SPEC, flags: FLAG_SPECS, journey: JOURNEY_SPEC, staff: STAFF_SPECS } = BESIDE_PROJECTS;
/**
 * The tag of the tests that also run at the phone breakpoint (decisions 0057 and 0058, per test, not per spec): a test
 * whose outcome the viewport or touch can change (the shell, the browse filter drawer, carousels and card layout,
 * forms that reflow, the bid panel, journeys clicked through on a phone, and every axe scan) carries `@phone`,
 * with a line saying what the phone changes there. A rule the device cannot change (SEO tags, JSON-LD, countdown
 * and calendar logic, redirects, API refusals, rule permutations) is checked on desktop only: with every test of
 * twenty specs run twice, the whole suite took 45 of CI's 90 minutes on a 2-core machine.
 */
const PHONE_TAG = /@phone\b/;

const DESKTOP = { width: 1280, height: 800 };

function mainProjects(): Project[] {
  return [
    { name: 'desktop', use: { viewport: DESKTOP }, testIgnore: BESIDE_SPECS },
    {
      name: 'phone',
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      // Only the tests tagged @phone. A test tagged @requests sends HTTP requests only and renders no page: the
      // device cannot change its answer, so it runs once, on desktop (decision 0034), even if tagged @phone.
      grep: PHONE_TAG,
      grepInvert: REQUESTS_ONLY,
      testIgnore: BESIDE_SPECS,
    },
  ];
}

/**
 * The flag switch first, alone (a flag is global); then the real close and the journey side by side, one worker
 * each: both mostly wait for real time. The close picks its lot in its first seconds, minutes before the journey
 * publishes lots of its own.
 */
function besideProjects(): Project[] {
  return [
    { name: 'flags', use: { viewport: DESKTOP }, testMatch: FLAG_SPECS, fullyParallel: false },
    { name: 'close', use: { viewport: DESKTOP }, testMatch: CLOSE_SPEC, dependencies: ['flags'] },
    { name: 'journey', use: { viewport: DESKTOP }, testMatch: JOURNEY_SPEC, dependencies: ['flags'] },
    // The staff changes every visitor sees; they take the worker the close leaves (2 workers, 3 projects).
    { name: 'staff', use: { viewport: DESKTOP }, testMatch: STAFF_SPECS, dependencies: ['flags'] },
  ];
}

export default defineConfig({
  testDir: './tests',
  // Each site's run its own: a run empties its output directory as it starts, and the two sites run at once.
  outputDir: `./test-results/${site.name}`,
  workers: 2,
  // Files, not tests, are shared out between the workers: a file's tests run in order, in one worker. Tests by
  // tests (`fullyParallel`) bought nothing on this 2-core machine (the run is bound by its CPU, decision 0058) and
  // turned an order within a file into a race (buy-now's visitor test opened the item its neighbour bought out).
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
