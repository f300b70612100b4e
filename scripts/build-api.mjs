// Builds the API, and the CLIs operators run beside it (create-staff, create-seller), into apps/api/dist with
// esbuild (decision 0097): one ES module per entry, shared code in chunks, source maps beside them. The workspace
// packages (@lotline/db, domain, contracts) export TypeScript source, so they are bundled; every other package
// stays in node_modules and is imported from there at run time. Files the code reads by path
// (`new URL('./x', import.meta.url)`: the migrations, the gazetteer, the import worker) stay where they are in the
// tree: the URL is rewritten to point from dist/ back at them, and a missing one fails the build.
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstalled, ROOT } from './bootstrap.mjs';

/** What the bundle is made from: a source newer than the build makes it stale (test files are not among them). */
export const API_SOURCES = [
  'apps/api/src',
  'packages/db/src',
  'packages/domain/src',
  'packages/contracts/src',
  'scripts/build-api.mjs',
];
export const API_DIST = 'apps/api/dist';
/** Entry points → dist/<name>.js. */
export const API_ENTRIES = {
  main: 'apps/api/src/main.ts',
  'create-staff': 'apps/api/src/cli/create-staff-main.ts',
  'create-seller': 'apps/api/src/cli/create-seller-main.ts',
  'db-backup': 'apps/api/src/cli/db-backup-main.ts',
  'db-restore': 'apps/api/src/cli/db-restore-main.ts',
};
/** Written last by a successful build: its time is the build's. */
const STAMP = 'BUILD_STAMP';
const SKIP = new Set(['node_modules', 'dist']);
const TEST_FILE = /\.test\.tsx?$/;

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || TEST_FILE.test(entry.name)) continue;
    const mtime = newestMtime(join(path, entry.name));
    if (mtime > newest) newest = mtime;
  }
  return newest;
}

/** Whether the API build in `root` is newer than every source it is built from. */
export function apiBuildIsCurrent(root = ROOT) {
  const stamp = join(root, API_DIST, STAMP);
  if (!existsSync(stamp)) return false;
  const built = statSync(stamp).mtimeMs;
  return API_SOURCES.every((path) => !existsSync(join(root, path)) || newestMtime(join(root, path)) <= built);
}

/** `new URL('./relative', import.meta.url)`, the one way the code names a file it reads at run time. */
const RUNTIME_FILE = /new URL\((['"])(\.\.?\/[^'"]+)\1, import\.meta\.url\)/g;

/**
 * Rewrites each RUNTIME_FILE in `source` (the text of `file`) to point from `outdir` at the same file in the tree.
 * Throws when that file does not exist, so that a renamed asset fails the build rather than the first request.
 */
export function pointRuntimeFiles(source, file, outdir) {
  return source.replace(RUNTIME_FILE, (_match, quote, path) => {
    const target = resolve(dirname(file), path);
    if (!existsSync(target)) throw new Error(`${file} reads ${path}, which does not exist (${target})`);
    let fromDist = relative(outdir, target).split(sep).join('/');
    if (!fromDist.startsWith('.')) fromDist = `./${fromDist}`;
    return `new URL(${quote}${fromDist}${quote}, import.meta.url)`;
  });
}

/** Bundles the workspace packages, leaves every other bare import to node_modules, points RUNTIME_FILEs back. */
function apiPlugin(outdir) {
  return {
    name: 'lotline-api',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) =>
        args.path.startsWith('@lotline/') ? undefined : { path: args.path, external: true },
      );
      build.onLoad({ filter: /\.ts$/ }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return undefined;
        return { contents: pointRuntimeFiles(source, args.path, outdir), loader: 'ts' };
      });
    },
  };
}

/**
 * Builds dist/ afresh, beside it first and then swapped in, so that a process running the old build never sees a
 * half-written one. Resolves to the build's milliseconds; throws on failure (esbuild prints its messages).
 */
export async function buildApi(root = ROOT) {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    throw new Error('esbuild is not installed: run `npm ci` (with the dev dependencies) and build again.');
  }
  const started = performance.now();
  const outdir = join(root, API_DIST);
  const staging = `${outdir}.building-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  try {
    await esbuild.build({
      absWorkingDir: root,
      entryPoints: Object.fromEntries(Object.entries(API_ENTRIES).map(([name, path]) => [name, join(root, path)])),
      outdir: staging,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20.19',
      sourcemap: true,
      chunkNames: 'chunk-[hash]',
      logLevel: 'warning',
      plugins: [apiPlugin(outdir)],
    });
    writeFileSync(join(staging, STAMP), `${new Date().toISOString()}\n`);
    rmSync(outdir, { recursive: true, force: true });
    renameSync(staging, outdir);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return performance.now() - started;
}

/**
 * Builds the API unless its build is current (`force`: always); exits 1 with the reason on a failed build. It
 * reports on standard error: a CLI's standard output (create-staff's generated password) stays its own.
 */
export async function buildApiIfNeeded({ force = false } = {}) {
  if (!force && apiBuildIsCurrent()) return;
  console.error('Building the API (esbuild)…');
  try {
    const ms = await buildApi();
    console.error(`Built the API into ${API_DIST} in ${(ms / 1000).toFixed(1)} s.`);
  } catch (error) {
    if (!error.errors) console.error(error.message); // esbuild's own errors are printed already
    console.error('The API build failed.');
    process.exit(1);
  }
}

// `node scripts/build-api.mjs` (npm run build) always builds; `--if-needed` only when a source changed.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  ensureInstalled();
  await buildApiIfNeeded({ force: !process.argv.includes('--if-needed') });
}
