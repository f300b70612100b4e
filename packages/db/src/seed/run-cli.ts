/**
 * `npm run seed -- --lots N [--seed S] [--reset]`
 *
 * DATABASE_URL selects PostgreSQL; otherwise the embedded PGlite in
 * DATA_DIR (default ./data) is used. Files go to FILES_DIR (default
 * ${DATA_DIR}/files). A database that already holds data is only touched
 * with --reset, which empties every table first. It refuses to run with
 * NODE_ENV=production: demo data is for development only.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type DatabaseHandle, type OpenDatabaseOptions, openDatabase } from '../client';
import { DEFAULT_LOTS, DEFAULT_SEED, seedDatabase } from './index';
import { isDatabaseEmpty, resetDatabase } from './insert';
import { formatCount, formatDuration } from './text';

export const USAGE = `Usage: npm run seed -- [--lots N] [--seed S] [--reset]

  --lots N    number of event lots to create (default ${DEFAULT_LOTS})
  --seed S    random seed; the same seed gives the same data (default ${DEFAULT_SEED})
  --reset     delete ALL existing data first (required when the database is not empty)

Environment: DATABASE_URL (PostgreSQL) or DATA_DIR (embedded PGlite, default ./data);
FILES_DIR for demo photos, logos and attachments (default \${DATA_DIR}/files).`;

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  open(options: OpenDatabaseOptions): Promise<DatabaseHandle>;
}

const defaultIo: CliIo = {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  open: openDatabase,
};

function parseWhole(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const cleaned = value.replace(/[_,]/g, '');
  if (!/^\d+$/.test(cleaned)) throw new Error(`--${name} must be a whole number, got "${value}"`);
  return Number(cleaned);
}

/** postgres://user:secret@host/db -> postgres://user:***@host/db */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable DATABASE_URL)';
  }
}

/** Returns the process exit code. */
export async function runSeedCli(argv: string[], env: NodeJS.ProcessEnv, io: CliIo = defaultIo): Promise<number> {
  let lots: number;
  let seed: number;
  let reset: boolean;
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        lots: { type: 'string' },
        seed: { type: 'string' },
        reset: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    });
    if (values.help) {
      io.out(USAGE);
      return 0;
    }
    lots = parseWhole('lots', values.lots, DEFAULT_LOTS);
    seed = parseWhole('seed', values.seed, DEFAULT_SEED);
    reset = values.reset;
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }

  if (env.NODE_ENV === 'production') {
    // Every demo account signs in with the password printed in README.md (decision 0025).
    io.err(
      'NODE_ENV=production: demo data is for development only (its accounts have a published password). Nothing was changed.',
    );
    return 1;
  }

  const databaseUrl = env.DATABASE_URL || undefined;
  const dataDir = env.DATA_DIR || './data';
  const filesDir = env.FILES_DIR || join(dataDir, 'files');
  io.out(
    `Target: ${databaseUrl ? `PostgreSQL ${redactUrl(databaseUrl)}` : `PGlite in ${dataDir}`}; files in ${filesDir}`,
  );

  let handle: DatabaseHandle | undefined;
  try {
    // Bulk inserts of a large seed may run longer than the API's statement timeout.
    handle = await io.open({ databaseUrl, dataDir, log: io.out, statementTimeoutMs: 0 });
    if (!(await isDatabaseEmpty(handle.db))) {
      if (!reset) {
        io.err(
          'The database is not empty: it already has sellers or lots. Nothing was changed.\n' +
            'Run again with --reset to delete ALL existing data and seed from scratch, e.g. npm run seed -- --reset',
        );
        return 1;
      }
      const tables = await resetDatabase(handle.db);
      io.out(`Reset: emptied ${tables.length} tables.`);
    }
    io.out(`Seeding ${formatCount(lots)} lots (seed ${seed})…`);
    const summary = await seedDatabase(handle.db, { lots, seed, filesDir, log: io.out });
    const width = Math.max(...Object.keys(summary.counts).map((k) => k.length));
    for (const [table, count] of Object.entries(summary.counts)) {
      io.out(`  ${table.padEnd(width)}  ${formatCount(count).padStart(11)}`);
    }
    io.out(
      `Times are relative to ${summary.now.toISOString()}; the closing-soon and opening-soon events to ${summary.clock.toISOString()}.`,
    );
    io.out(`Seeded ${formatCount(summary.counts.eventLots)} lots in ${formatDuration(summary.elapsedMs)}`);
    return 0;
  } catch (error) {
    io.err(`Seeding failed: ${(error as Error).message}`);
    io.err('Rows written before the failure stay in the database; run again with --reset to start over.');
    return 1;
  } finally {
    await handle?.close();
  }
}
