import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../client';
import { adminQuery, databaseUrl, TEMPLATE_ENV } from '../testing';
import { detectBackupKind } from './backup-kind';
import { backupPostgres, postgresTableCount, restorePostgres } from './postgres-backup';
import { changeBrands, removeTempDirs, SAMPLE_BRANDS, sampleBrandNames, seedBrands, tempDir } from './test-helpers';

const baseUrl = process.env.TEST_DATABASE_URL || undefined;
const scratch: string[] = [];

/** An empty scratch database on the test server, dropped after the file. */
async function scratchDatabase(template?: string): Promise<string> {
  const name = `lotline_backup_${randomBytes(6).toString('hex')}`;
  await adminQuery(baseUrl as string, `create database ${name}${template ? ` template ${template}` : ''}`);
  scratch.push(name);
  return databaseUrl(baseUrl as string, name);
}

afterAll(async () => {
  for (const name of scratch.splice(0))
    await adminQuery(baseUrl as string, `drop database if exists ${name} with (force)`);
  removeTempDirs();
});

async function withDatabase<T>(url: string, use: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>) {
  const handle = await openDatabase({ databaseUrl: url, poolSize: 1 });
  try {
    return await use(handle.db);
  } finally {
    await handle.close();
  }
}

async function indexNames(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ name: string }>(
      `select indexname as name from pg_indexes where schemaname = 'public' order by indexname`,
    );
    return result.rows.map((row) => row.name);
  } finally {
    await client.end();
  }
}

describe.skipIf(!baseUrl)('the PostgreSQL backup', () => {
  it('restores the rows over the changed database, and into an empty one', async () => {
    const source = await scratchDatabase(process.env[TEMPLATE_ENV.postgres]);
    await withDatabase(source, seedBrands);
    const file = join(tempDir(), 'lotline.dump');
    await backupPostgres(source, file);
    expect(await detectBackupKind(file)).toBe('postgres');

    await withDatabase(source, changeBrands);
    await restorePostgres(source, file);
    expect(await withDatabase(source, sampleBrandNames)).toEqual(SAMPLE_BRANDS.map((brand) => brand.name));

    const empty = await scratchDatabase();
    expect(await postgresTableCount(empty)).toBe(0);
    await restorePostgres(empty, file);
    expect(await postgresTableCount(empty)).toBe(await postgresTableCount(source));
    // The lot search's ll_to_earth index too, which an empty search path would fail (restore-search-path.ts).
    expect(await indexNames(empty)).toEqual(await indexNames(source));
    expect(await indexNames(empty)).toContain('lot_search_earth_idx');
    expect(await withDatabase(empty, sampleBrandNames)).toEqual(SAMPLE_BRANDS.map((brand) => brand.name));
  });

  it('leaves the database as it was when the restore fails', async () => {
    const target = await scratchDatabase(process.env[TEMPLATE_ENV.postgres]);
    await withDatabase(target, seedBrands);
    const truncated = join(tempDir(), 'truncated.dump');
    await writeFile(truncated, 'PGDMP but not really');
    await expect(restorePostgres(target, truncated)).rejects.toThrow(/pg_restore failed/);
    expect(await withDatabase(target, sampleBrandNames)).toEqual(SAMPLE_BRANDS.map((brand) => brand.name));
  });
});
