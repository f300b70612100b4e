// `npm run bench:seed`: time the demo-data generator filling PostgreSQL with
// BENCH_LOTS lots (default 1,000,000). It empties the target database first,
// so it insists on an explicit DATABASE_URL rather than touching ./data.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureInstalled, ROOT } from './bootstrap.mjs';

if (!process.env.DATABASE_URL) {
  console.error('bench:seed empties and refills a PostgreSQL database: set DATABASE_URL to a database you can spare.');
  process.exit(2);
}
ensureInstalled();
const lots = process.env.BENCH_LOTS ?? '1000000';
const result = spawnSync(
  join(ROOT, 'node_modules/.bin/tsx'),
  [join(ROOT, 'packages/db/src/seed/cli.ts'), '--reset', '--lots', lots],
  { cwd: ROOT, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
