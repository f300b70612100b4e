// How the API and its CLIs are run (decision 0097): in production the esbuild bundle in apps/api/dist under plain
// Node (built first when a source is newer than it), elsewhere the TypeScript sources through tsx, so that a change
// needs no build. `node scripts/api-command.mjs create-staff --email …` runs a CLI that way (npm run create-staff).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstalled, ROOT } from './bootstrap.mjs';
import { API_DIST, API_ENTRIES, buildApiIfNeeded } from './build-api.mjs';

/**
 * The command and arguments that run `entry` (a key of API_ENTRIES) for `nodeEnv`; in production it builds the
 * bundle first if it is missing or older than its sources (exiting 1 if that build fails).
 */
export async function apiCommand(entry, nodeEnv) {
  if (!(entry in API_ENTRIES))
    throw new Error(`No API entry "${entry}" (one of ${Object.keys(API_ENTRIES).join(', ')})`);
  if (nodeEnv !== 'production') return [join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, API_ENTRIES[entry])]];
  await buildApiIfNeeded();
  return [process.execPath, ['--enable-source-maps', join(ROOT, API_DIST, `${entry}.js`)]];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  ensureInstalled();
  const [entry, ...args] = process.argv.slice(2);
  const [command, commandArgs] = await apiCommand(entry, process.env.NODE_ENV);
  const result = spawnSync(command, [...commandArgs, ...args], { cwd: ROOT, stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
