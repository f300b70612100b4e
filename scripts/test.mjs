// `npm test`: every check (decision 0058). First the budgets that do not depend on the machine's load
// (scripts/test-budget.mjs); then, side by side, the static checks (biome, tsc of every workspace but the web app)
// and the web app's type check followed by its build; then the browser tests of the site beside (the real close, a
// flag switch, the seller journey: mostly waiting for real time) start, and run through Vitest (with
// TEST_DATABASE_URL, as in CI, every file once on PostgreSQL and the driver-sensitive files again on PGlite; without
// it everything on PGlite) and the main site's browser tests (desktop and phone). It prints each step's minutes
// against its budget and the slowest tests of each layer.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { ensureInstalled, ROOT } from './bootstrap.mjs';
import { webBuildIsCurrent } from './build-web.mjs';
import { e2eSite, serverLogNotice } from './e2e-server-log.mjs';
import { checkBudgets, readBudget } from './test-budget.mjs';

ensureInstalled();

const budget = readBudget();
const reports = mkdtempSync(join(tmpdir(), 'lotline-test-'));
const failures = [];
/** Each step's wall-clock minutes, printed against its budget: never asserted (tests never time the machine). */
const timings = [];
const runStart = Date.now();
const bin = (name) => join(ROOT, 'node_modules/.bin', name);
const minutes = (ms) => ms / 60_000;

/**
 * Runs a command. `quiet`: its output is kept and printed only if it fails, so that steps side by side stay
 * readable; otherwise it goes straight through, each line after `prefix`.
 */
function run(name, command, args, { env = {}, quiet = false, prefix = '' } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let kept = '';
    let partial = { stdout: '', stderr: '' };
    const forward = (stream, chunk) => {
      if (quiet) {
        kept += chunk;
        return;
      }
      const text = partial[stream] + chunk;
      const lines = text.split('\n');
      partial[stream] = lines.pop() ?? '';
      for (const line of lines) (stream === 'stdout' ? process.stdout : process.stderr).write(`${prefix}${line}\n`);
    };
    child.stdout.setEncoding('utf8').on('data', (chunk) => forward('stdout', chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => forward('stderr', chunk));
    child.on('close', (code) => {
      for (const stream of ['stdout', 'stderr']) if (partial[stream]) forward(stream, '\n');
      partial = { stdout: '', stderr: '' };
      const ms = Date.now() - started;
      const ok = code === 0;
      if (!ok) failures.push(name);
      if (quiet) {
        console.log(`${ok ? '✓' : '✗'} ${name} (${(ms / 1000).toFixed(0)} s)`);
        if (!ok) process.stdout.write(`${kept}\n`);
      }
      resolve({ ok, ms });
    });
  });
}

/** Runs `steps` one after the other (each whatever the one before did); resolves to the lane's wall time. */
async function lane(steps) {
  const started = Date.now();
  for (const step of steps) await step();
  return Date.now() - started;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined; // the step failed before it wrote a report: it is counted among the failures already
  }
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const slowest = { vitest: [], browser: [] };
/** Every failed test by name with its error's first line, printed last: a long run's log is often read from its end. */
const failedTests = [];
const firstLine = (text) =>
  stripVTControlCharacters(String(text ?? ''))
    .trim()
    .split('\n')[0]
    .slice(0, 200);

function countVitest(file, label) {
  const report = readJson(file);
  if (!report) return;
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  for (const result of report.testResults ?? []) {
    for (const test of result.assertionResults ?? []) {
      const name = `${label} ${result.name.replace(`${ROOT}/`, '')} › ${test.fullName ?? test.title}`;
      slowest.vitest.push({ ms: test.duration ?? 0, name });
      if (test.status === 'failed') failedTests.push({ name, why: firstLine(test.failureMessages?.[0]) });
    }
  }
}

function countPlaywright(file, site) {
  const report = readJson(file);
  if (!report) return;
  totals.passed += report.stats.expected + report.stats.flaky;
  totals.failed += report.stats.unexpected;
  totals.skipped += report.stats.skipped;
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const ms = test.results.reduce((sum, result) => sum + result.duration, 0);
        const name = `[${site}/${test.projectName}] ${path} › ${spec.title}`;
        slowest.browser.push({ ms, name });
        if (test.status === 'unexpected') {
          const error = test.results.find((result) => result.error)?.error;
          failedTests.push({ name, why: firstLine(error?.message) });
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, suite.file ?? path);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file ?? '');
}

// 1. Budgets: counted from the sources and `playwright test --list`, before anything runs.
console.log('▶ Budgets (scripts/test-budget.json)');
const budgetStart = Date.now();
try {
  const { counts, problems } = checkBudgets(budget);
  const runs = Object.entries(counts).map(([project, n]) => `${project} ${n}/${budget.browserRuns[project] ?? '?'}`);
  console.log(`browser runs: ${runs.join(', ')}`);
  for (const problem of problems) console.log(`✗ ${problem}`);
  if (problems.length) failures.push('Budgets');
} catch (error) {
  console.log(`✗ ${error.message}`);
  failures.push('Budgets');
}
const budgetMs = Date.now() - budgetStart;

// 2. Static checks beside the web app's type check and build. The web app's types are checked once, by tsc (which
// also reads its test files, as next build's own check does not), so next build skips its check.
console.log('\n▶ Static checks (biome, tsc), beside the web app (tsc, then next build)');
const workspaces = ['@lotline/api', '@lotline/contracts', '@lotline/db', '@lotline/domain', 'e2e'];
const buildNeeded = !webBuildIsCurrent();
const [staticMs, buildMs] = await Promise.all([
  lane([
    () => run('Lint and format (biome)', bin('biome'), ['ci', '--colors=off', '.'], { quiet: true }),
    ...workspaces.map(
      (workspace) => () =>
        run(`Types: ${workspace}`, 'npm', ['run', 'typecheck', '-w', workspace, '--silent'], { quiet: true }),
    ),
  ]),
  lane([
    () => run('Types: @lotline/web', 'npm', ['run', 'typecheck', '-w', '@lotline/web', '--silent'], { quiet: true }),
    ...(buildNeeded
      ? [
          () =>
            run('Build the web app (next build)', 'npm', ['run', 'build', '-w', '@lotline/web', '--silent'], {
              quiet: true,
              env: { LOTLINE_WEB_TYPES_CHECKED: '1', NEXT_TELEMETRY_DISABLED: '1' },
            }),
        ]
      : []),
  ]),
]);
timings.push({ step: 'static', ms: budgetMs + staticMs, note: 'budgets, biome, tsc' });
timings.push({
  step: 'build',
  ms: buildMs,
  note: `web types${buildNeeded ? ' + next build' : '; the build is current'}, beside the static checks`,
});
const built = !failures.includes('Build the web app (next build)');

/** One site's browser run, its report and its result. */
function browserRun(site) {
  const report = join(reports, `playwright-${site}.json`);
  return run(
    `Browser tests (${site} site)`,
    bin('playwright'),
    ['test', '-c', 'e2e/playwright.config.ts', `--reporter=${join(ROOT, 'e2e/support/file-reporter.ts')},json`],
    { env: { E2E_SITE: site, PLAYWRIGHT_JSON_OUTPUT_NAME: report } },
  ).then((result) => ({ site, report, ...result }));
}

// 3. The site beside starts now: its specs mostly wait for real time (a close, the journey's schedule), so they
// run through Vitest and the main browser run rather than after them.
const besideStart = Date.now();
let beside;
if (built) {
  console.log('\n▶ Browser tests on the site beside (the real close, a flag switch, the seller journey), from now on');
  beside = browserRun('beside').then((result) => ({ ...result, ms: Date.now() - besideStart }));
}

// 4. Vitest.
// A line per file; a failing test's logs in full, a passing one's not; the slowest tests are listed at the end.
const vitestArgs = (out) => [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${out}`,
  '--silent=passed-only',
  '--slowTestThreshold=600000',
];
const vitestStart = Date.now();
if (process.env.TEST_DATABASE_URL) {
  console.log('\n▶ Unit and integration tests on PostgreSQL, every file (vitest)');
  const pgReport = join(reports, 'vitest-postgres.json');
  await run('Vitest on PostgreSQL', bin('vitest'), vitestArgs(pgReport));
  countVitest(pgReport, '[postgres]');
  console.log('\n▶ The driver-sensitive files again on PGlite (vitest, scripts/test-files.mjs)');
  const pgliteReport = join(reports, 'vitest-pglite.json');
  await run('Vitest on PGlite (driver-sensitive files)', bin('vitest'), vitestArgs(pgliteReport), {
    env: { TEST_DATABASE_URL: '', VITEST_FILES: 'driver' },
  });
  countVitest(pgliteReport, '[pglite]');
} else {
  console.log('\n▶ Unit and integration tests on PGlite (vitest)');
  console.log('(TEST_DATABASE_URL is not set: every file runs on PGlite; CI runs them on PostgreSQL.)');
  const pgliteReport = join(reports, 'vitest-pglite.json');
  await run('Vitest on PGlite', bin('vitest'), vitestArgs(pgliteReport), { env: { TEST_DATABASE_URL: '' } });
  countVitest(pgliteReport, '[pglite]');
}
timings.push({ step: 'vitest', ms: Date.now() - vitestStart });

// 5. The main site's browser tests, then the rest of the site beside's.
const browserStart = Date.now();
if (built) {
  console.log('\n▶ Browser tests on the main site (playwright, Chromium, desktop and phone)');
  const results = await Promise.all([browserRun('main'), beside]);
  for (const { site, report, ok } of results) {
    countPlaywright(report, site);
    // The site's request logs are kept out of the output above; say where they are when they may explain a failure.
    if (!ok && !process.env.E2E_BASE_URL) console.log(serverLogNotice(e2eSite({ E2E_SITE: site }).log));
  }
  const besideResult = results[1];
  timings.push({ step: 'beside', ms: besideResult.ms, note: 'the site beside, from the start of Vitest' });
} else {
  console.log('\n(The web app did not build: the browser tests are skipped.)');
}
timings.push({
  step: 'browser',
  ms: Date.now() - browserStart,
  note: 'the main site, and the wait for the site beside',
});
// 6. The cluster of docs/deploy.md (decision 0099): a replica, HAProxy, 2 API and 2 web processes from the builds,
// a killed API process and a database restart under bids and live subscribers.
const scaleStart = Date.now();
if (built) {
  console.log('\n▶ The cluster: PostgreSQL and a replica, HAProxy, 2 API and 2 web processes (scale:test)');
  await run('scale:test', process.execPath, [join(ROOT, 'scripts/scale-test.mjs')]);
  timings.push({ step: 'scale', ms: Date.now() - scaleStart });
} else {
  console.log('\n(The web app did not build: scale:test is skipped.)');
}
timings.push({ step: 'total', ms: Date.now() - runStart });

rmSync(reports, { recursive: true, force: true });

for (const layer of ['vitest', 'browser']) {
  const top = slowest[layer].sort((a, b) => b.ms - a.ms).slice(0, 10);
  if (!top.length) continue;
  console.log(`\nThe 10 slowest ${layer === 'vitest' ? 'Vitest' : 'browser'} tests:`);
  for (const { ms, name } of top) console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${name}`);
}

console.log('\nstep     minutes  budget');
for (const { step, ms, note } of timings) {
  const limit = budget.minutes[step];
  const over = limit !== undefined && minutes(ms) > limit ? '  over budget' : '';
  console.log(
    `${step.padEnd(8)} ${minutes(ms).toFixed(1).padStart(7)}  ${String(limit ?? '–').padStart(6)}${over}${note ? `  (${note})` : ''}`,
  );
}
if (failedTests.length) {
  console.log(`\nThe failed tests (${failedTests.length}):`);
  for (const { name, why } of failedTests) console.log(`  ${name}${why ? `\n      ${why}` : ''}`);
}
console.log(failures.length ? `\nFailed steps: ${failures.join(', ')}` : '\nAll steps passed.');
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
