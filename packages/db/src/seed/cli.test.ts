import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../schema/index';
import { createTestDatabase } from '../testing';
import { isDatabaseEmpty, seedDatabase } from './index';
import { type CliIo, runSeedCli } from './run-cli';

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
let filesDir: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  filesDir = await mkdtemp(join(tmpdir(), 'lotline-seed-cli-'));
});

afterAll(async () => {
  await handle?.cleanup();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

/** Runs the CLI against the test database, capturing what it prints. */
async function run(args: string[], env: NodeJS.ProcessEnv = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    // The test owns the database: the CLI's close() must not end it.
    open: async () => ({ ...handle, close: async () => {} }),
  };
  const code = await runSeedCli(args, { FILES_DIR: filesDir, ...env }, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const lotCount = async () => (await handle.db.select({ id: t.eventLots.id }).from(t.eventLots)).length;

describe('seed CLI', () => {
  it('rejects bad arguments with the usage text', async () => {
    const result = await run(['--lots', 'many']);
    expect(result.code).toBe(2);
    expect(result.err).toContain('--lots must be a whole number');
    expect(result.err).toContain('Usage: npm run seed');
    expect(await isDatabaseEmpty(handle.db)).toBe(true);
  });

  it('refuses to run with NODE_ENV=production: demo accounts have a published password', async () => {
    const result = await run(['--lots', '10'], { NODE_ENV: 'production' });
    expect(result.code).toBe(1);
    expect(result.err).toContain('demo data is for development only');
    expect(await isDatabaseEmpty(handle.db)).toBe(true);
  });

  it('seeds an empty database and reports counts and time', async () => {
    const result = await run(['--lots', '40', '--seed', '3']);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/Seeded 40 lots in \d/);
    expect(result.out).toMatch(/companies\s+30/);
    expect(await lotCount()).toBe(40);
  });

  it('refuses a non-empty database without --reset and changes nothing', async () => {
    const result = await run(['--lots', '10']);
    expect(result.code).toBe(1);
    expect(result.err).toContain('not empty');
    expect(result.err).toContain('--reset');
    expect(await lotCount()).toBe(40);
  });

  it('with --reset empties every table and seeds again', async () => {
    const result = await run(['--lots', '1,000', '--reset']);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/Reset: emptied \d+ tables/);
    expect(result.out).toContain('Seeded 1,000 lots in');
    expect(await lotCount()).toBe(1000);
    // The reset really cleared the old rows: seeding on top would have failed.
    await expect(seedDatabase(handle.db, { lots: 1 })).rejects.toThrow(/reset it before seeding/);
  });
});
