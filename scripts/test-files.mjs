// Which Vitest files need what (decisions 0057 and 0058), found by reading them, so that a new file is sorted
// without a list to keep: the `isolated` project (module mocks, stubs, fake clocks), and the PGlite pass (files
// whose outcome can depend on the driver). Read by vitest.config.ts, scripts/test.mjs and the guard tests.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Where Vitest looks for tests (vitest.config.ts). */
export const TEST_ROOTS = ['apps', 'packages', 'scripts'];
const TEST_FILE = /\.test\.tsx?$/;
const SKIP_DIR = /(^|\/)(node_modules|\.next)\//;

/**
 * What needs a module graph of its own (decision 0057): a module mock replaces a module that another file may
 * have loaded already in the same worker; a stubbed global, environment variable or fake clock would leak into
 * the next file; a spy wraps a shared module's export.
 */
export const NEEDS_ISOLATION =
  /\bvi\.(mock|doMock|stubEnv|stubGlobal|useFakeTimers|spyOn)\(|\bprocess\.env\.\w+\s*=[^=]/;

/**
 * A test file that reaches what differs between PGlite and node-postgres itself (decision 0058): it opens a
 * database of its own, uses LISTEN/NOTIFY, the job runner or its database adapter, or has parts for one driver
 * only (it reads TEST_DATABASE_URL).
 */
export const DRIVER_TEST_MARKERS =
  /\b(LISTEN|UNLISTEN|NOTIFY|pg_notify)\b|\bopenDatabase\(|\bnew PGlite\b|\bcreatePostgresTestDatabase\b|\bTEST_DATABASE_URL\b|\bjob-runner\b|\bboss-database\b|\bpg-boss\b|\bregister-jobs\b/;

/**
 * Source (not test) code whose SQL or connection handling differs by driver: the extensions (pg_trgm,
 * earthdistance, full text), LISTEN (NOTIFY is the same statement on both), statement timeouts, pg-boss, raw `pg`.
 * Comments are not read. A test file that imports such a module directly, or lives beside one, is driver-sensitive
 * too.
 */
export const DRIVER_SOURCE_MARKERS =
  /\b(similarity|word_similarity|earth_distance|ll_to_earth|earth_box|to_tsvector|websearch_to_tsquery|plainto_tsquery|to_tsquery|pg_trgm|earthdistance)\b|\bLISTEN\b|statement_timeout|from 'pg'|from 'pg-boss'|@electric-sql\/pglite/;

/** The driver layer itself: every file of packages/db runs on both drivers. */
const DRIVER_PACKAGE = /^packages\/db\//;

/** Every Vitest file, as a path relative to the repository. */
export function testFiles(root = ROOT) {
  const files = [];
  for (const top of TEST_ROOTS) {
    const dir = join(root, top);
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !TEST_FILE.test(entry.name)) continue;
      const path = relative(root, join(entry.parentPath, entry.name));
      if (!SKIP_DIR.test(path)) files.push(path);
    }
  }
  return files.sort();
}

const sourceCache = new Map();
function sourceIsDriverSpecific(path) {
  if (!sourceCache.has(path)) {
    const code = readFileSync(path, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
    sourceCache.set(path, DRIVER_SOURCE_MARKERS.test(code));
  }
  return sourceCache.get(path);
}

function resolveImport(fromDir, specifier) {
  const base = resolve(fromDir, specifier);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find(
    (candidate) => existsSync(candidate) && statSync(candidate).isFile() && !TEST_FILE.test(candidate),
  );
}

/** Why `path` (relative to `root`) needs the PGlite pass, or undefined when nothing in it depends on the driver. */
export function driverReason(path, text, root = ROOT) {
  if (DRIVER_PACKAGE.test(path)) return 'in packages/db, the driver layer';
  const marker = DRIVER_TEST_MARKERS.exec(text);
  if (marker) return `mentions ${marker[0]}`;
  const dir = dirname(join(root, path));
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || TEST_FILE.test(entry.name)) continue;
    if (sourceIsDriverSpecific(join(dir, entry.name))) return `beside ${entry.name}, which uses driver-specific SQL`;
  }
  for (const match of text.matchAll(/\bfrom '(\.{1,2}\/[^']+)'/g)) {
    const target = resolveImport(dir, match[1]);
    if (target && sourceIsDriverSpecific(target))
      return `imports ${relative(root, target)}, which uses driver-specific SQL`;
  }
  return undefined;
}

/** The files of the `isolated` project. */
export function isolatedTestFiles(root = ROOT) {
  return testFiles(root).filter((path) => NEEDS_ISOLATION.test(readFileSync(join(root, path), 'utf8')));
}

/** The files of the PGlite pass that CI runs after the PostgreSQL run of everything (decision 0058). */
export function driverSensitiveTestFiles(root = ROOT) {
  return testFiles(root).filter((path) => driverReason(path, readFileSync(join(root, path), 'utf8'), root));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const which = process.argv[2] ?? 'driver';
  if (which === 'driver') {
    for (const path of testFiles()) {
      const reason = driverReason(path, readFileSync(join(ROOT, path), 'utf8'));
      if (reason) console.log(`${path}\t${reason}`);
    }
  } else {
    for (const path of isolatedTestFiles()) console.log(path);
  }
}
