/**
 * Vitest's global setup (vitest.config.ts, decision 0034): one migrated
 * template database per run, which every test file's `createTestDatabase()`
 * copies instead of creating and migrating its own. On PGlite the template is
 * a dump of a migrated in-memory database in a temporary file; on PostgreSQL
 * (TEST_DATABASE_URL) a database that `create database … template` copies.
 * Both go at teardown.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dumpMigratedPglite, openDatabase } from './client';
import { adminQuery, databaseUrl, TEMPLATE_ENV } from './testing';

/**
 * Vitest runs a project's global setup for each project (the isolated and the shared test files, decision 0057):
 * the first call builds the template, the others use it, and the last teardown removes it.
 */
const shared = globalThis as { lotlineTestTemplate?: { users: number; teardown: Promise<() => Promise<void>> } };

export async function setup(): Promise<() => Promise<void>> {
  shared.lotlineTestTemplate ??= { users: 0, teardown: buildTemplate() };
  const template = shared.lotlineTestTemplate;
  template.users += 1;
  const teardown = await template.teardown;
  return async () => {
    template.users -= 1;
    if (template.users > 0) return;
    shared.lotlineTestTemplate = undefined;
    await teardown();
  };
}

async function buildTemplate(): Promise<() => Promise<void>> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) {
    // Named per run, so that runs side by side (CI and a developer) never share one.
    const name = `lotline_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(baseUrl, `create database ${name}`);
    const handle = await openDatabase({ databaseUrl: databaseUrl(baseUrl, name), poolSize: 1 });
    // PostgreSQL copies a template only while nobody is connected to it.
    await handle.close();
    process.env[TEMPLATE_ENV.postgres] = name;
    return () => adminQuery(baseUrl, `drop database if exists ${name} with (force)`);
  }
  const dir = await mkdtemp(join(tmpdir(), 'lotline-template-'));
  const dump = await dumpMigratedPglite();
  const file = join(dir, 'pglite.tar.gz');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  // Test files run in child processes, which inherit the environment as it is after this setup.
  process.env[TEMPLATE_ENV.pglite] = file;
  return () => rm(dir, { recursive: true, force: true });
}
