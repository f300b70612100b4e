// Builds the web app only when its sources changed since the last build.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstalled, ROOT } from './bootstrap.mjs';

// The web app transpiles the contracts and domain packages (next.config.ts); their tests, and the web app's, are
// not part of the build.
const SOURCES = ['apps/web', 'packages/contracts/src', 'packages/domain/src'];
const SKIP = new Set(['node_modules', '.next', 'test-results']);
const TEST_FILE = /\.test\.tsx?$/;

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || TEST_FILE.test(entry.name)) continue;
    const path = join(dir, entry.name);
    const mtime = entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs;
    if (mtime > newest) newest = mtime;
  }
  return newest;
}

/** Whether the web build in `root` is newer than every source it is built from (test files are not among them). */
export function webBuildIsCurrent(root = ROOT) {
  const buildId = join(root, 'apps/web/.next/BUILD_ID');
  if (!existsSync(buildId)) return false;
  const built = statSync(buildId).mtimeMs;
  return SOURCES.every((dir) => !existsSync(join(root, dir)) || newestMtime(join(root, dir)) <= built);
}

export function buildWebIfNeeded() {
  if (webBuildIsCurrent()) return;
  console.log('Building the web app (next build)…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@lotline/web'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) {
    console.error('The web build failed; see the output above.');
    process.exit(result.status ?? 1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  ensureInstalled();
  buildWebIfNeeded();
}
