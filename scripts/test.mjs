// `npm test`: every check, in order of cost. Lint and format, typecheck,
// Vitest (units + API integration on PGlite, and again on PostgreSQL when
// TEST_DATABASE_URL is set), then Playwright against the built site.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureInstalled, ROOT } from './bootstrap.mjs';
import { buildWebIfNeeded } from './build-web.mjs';
import { serverLogNotice } from './e2e-server-log.mjs';

ensureInstalled();

const reports = mkdtempSync(join(tmpdir(), 'lotline-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function step(name, command, args, env = {}) {
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) failures.push(name);
  return result.status === 0;
}

function countVitest(file) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
  } catch {
    // No report: the step failed before running tests and is counted as a failure.
  }
}

function countPlaywright(file) {
  try {
    const { stats } = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
  } catch {
    // as above
  }
}

const bin = (name) => join(ROOT, 'node_modules/.bin', name);

step('Lint and format (biome)', bin('biome'), ['ci', '.']);
step('Typecheck (tsc --noEmit, every workspace)', 'npm', ['run', 'typecheck', '--silent']);

const vitestArgs = (out) => ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`];
const pgliteReport = join(reports, 'vitest-pglite.json');
step('Unit and API integration tests on PGlite (vitest)', bin('vitest'), vitestArgs(pgliteReport), {
  TEST_DATABASE_URL: '',
});
countVitest(pgliteReport);

if (process.env.TEST_DATABASE_URL) {
  const pgReport = join(reports, 'vitest-postgres.json');
  step('Database and API integration tests on PostgreSQL (vitest)', bin('vitest'), [
    ...vitestArgs(pgReport),
    'packages/db',
    'apps/api',
  ]);
  countVitest(pgReport);
} else {
  console.log('\n(TEST_DATABASE_URL is not set: the PostgreSQL run of the integration tests is skipped.)');
}

buildWebIfNeeded();
const e2eReport = join(reports, 'playwright.json');
const browserTestsPassed = step(
  'Browser tests (playwright, Chromium)',
  bin('playwright'),
  ['test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
  {
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
  },
);
countPlaywright(e2eReport);
// The site's request logs are kept out of the output above; say where they are when they may explain a failure.
if (!browserTestsPassed && !process.env.E2E_BASE_URL) console.log(`\n${serverLogNotice()}`);

rmSync(reports, { recursive: true, force: true });
console.log(failures.length ? `\nFailed steps: ${failures.join(', ')}` : '\nAll steps passed.');
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
