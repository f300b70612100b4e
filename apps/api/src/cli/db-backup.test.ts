import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type DatabaseHandle, openDatabase, queryRows } from '@lotline/db';
import {
  changeBrands,
  openPgliteAt,
  removeTempDirs,
  sampleBrandNames,
  seedBrands,
  tempDir,
} from '@lotline/db/backup-testing';
import { adminQuery, createPostgresTestDatabase, databaseUrl } from '@lotline/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { BackupIo } from './backup-cli-io';
import { runDbBackupCli } from './db-backup';
import { runDbRestoreCli } from './db-restore';

afterAll(removeTempDirs);

const baseUrl = process.env.TEST_DATABASE_URL || undefined;
const NOW = new Date('2026-12-03T15:12:00.123Z');

function io() {
  const out: string[] = [];
  const err: string[] = [];
  const captured: BackupIo = { out: (line) => out.push(line), err: (line) => err.push(line), now: () => NOW };
  return { out, err, io: captured, text: () => [...out, ...err].join('\n') };
}

async function backup(argv: string[], env: NodeJS.ProcessEnv) {
  const c = io();
  return { code: await runDbBackupCli(argv, env, c.io), ...c };
}
async function restore(argv: string[], env: NodeJS.ProcessEnv) {
  const c = io();
  return { code: await runDbRestoreCli(argv, env, c.io), ...c };
}

/** A data directory with a few rows in its embedded database and one stored file. */
async function seededDataDir() {
  const dataDir = tempDir();
  const handle = await openPgliteAt(dataDir);
  await seedBrands(handle.db);
  await handle.close();
  mkdirSync(join(dataDir, 'files', 'uploads'), { recursive: true });
  writeFileSync(join(dataDir, 'files', 'uploads', 'photo.jpg'), 'the photo');
  return { dataDir, env: { DATA_DIR: dataDir } };
}

// The PGlite pass runs these (decision 0058): beside PostgreSQL there is no PGlite template, and every embedded
// database here would be made and migrated from nothing.
describe.skipIf(Boolean(baseUrl))('npm run db:backup and db:restore on the embedded database', () => {
  it('round-trips the rows and the stored files, with the default name and sizes printed', async () => {
    const { dataDir, env } = await seededDataDir();
    const made = await backup([], env);
    expect(made.code, made.text()).toBe(0);
    const dump = join(dataDir, 'backups', 'lotline-pglite-20261203T151200Z.tgz');
    const archive = join(dataDir, 'backups', 'lotline-pglite-20261203T151200Z.files.tar.gz');
    expect(made.out[0]).toMatch(new RegExp(`^Wrote ${dump} \\(\\d+\\.\\d MB\\): a backup of the embedded database`));
    expect(made.out[1]).toMatch(new RegExp(`^Wrote ${archive} \\(\\d+ bytes\\): the stored files of `));

    const changed = await openPgliteAt(dataDir);
    await changeBrands(changed.db);
    await changed.close();
    rmSync(join(dataDir, 'files', 'uploads', 'photo.jpg'));
    writeFileSync(join(dataDir, 'files', 'stray.txt'), 'made after the backup');

    const refused = await restore([dump], env);
    expect(refused.code).toBe(1);
    expect(refused.err[0]).toContain('Nothing was restored: the embedded database in');
    expect(refused.err[0]).toContain('and the stored files in');
    expect(refused.err[0]).toContain('Pass --force to replace it.');

    const restored = await restore([dump, '--force'], env);
    expect(restored.code, restored.text()).toBe(0);
    const after = await openPgliteAt(dataDir);
    expect(await sampleBrandNames(after.db)).toEqual(['Backup Alpha', 'Backup Bravo', 'Backup Charlie']);
    await after.close();
    expect(readFileSync(join(dataDir, 'files', 'uploads', 'photo.jpg'), 'utf8')).toBe('the photo');
    expect(existsSync(join(dataDir, 'files', 'stray.txt'))).toBe(false);
    expect(readdirSync(dataDir).sort()).toEqual(['backups', 'files', 'pglite']);
  });

  it('restores into an empty data directory without --force, and refuses a taken output file', async () => {
    const { env } = await seededDataDir();
    const dump = join(tempDir(), 'mine.tgz');
    expect((await backup(['--out', dump, '--no-files'], env)).code).toBe(0);
    expect(existsSync(join(dirname(dump), 'mine.files.tar.gz'))).toBe(false);
    const again = await backup(['--out', dump], env);
    expect(again.code).toBe(1);
    expect(again.err[0]).toBe(`${dump} already exists; choose another file name.`);

    const fresh = tempDir();
    const restored = await restore([dump], { DATA_DIR: fresh });
    expect(restored.code, restored.text()).toBe(0);
    expect(restored.out[0]).toBe(
      `There is no ${join(dirname(dump), 'mine.files.tar.gz')}: the stored files are left as they are.`,
    );
    const handle = await openPgliteAt(fresh);
    expect(await sampleBrandNames(handle.db)).toEqual(['Backup Alpha', 'Backup Bravo', 'Backup Charlie']);
    await handle.close();
  });

  it('refuses a file of the wrong kind with a clear message, changing nothing', async () => {
    const dataDir = tempDir();
    const env = { DATA_DIR: dataDir };
    const files = tempDir();
    const notBackup = join(files, 'notes.txt');
    writeFileSync(notBackup, 'hello');
    const pgDump = join(files, 'prod.dump');
    writeFileSync(pgDump, 'PGDMP\x01\x0e');

    const wrong = await restore([notBackup, '--force'], env);
    expect(wrong.code).toBe(1);
    expect(wrong.err[0]).toBe(
      `${notBackup} is not a Lotline backup: npm run db:restore takes a PostgreSQL custom-format dump (pg_dump -Fc) or an embedded database dump, as npm run db:backup writes them.`,
    );
    const postgres = await restore([pgDump, '--force'], env);
    expect(postgres.code).toBe(1);
    expect(postgres.err[0]).toBe(
      `${pgDump} is a PostgreSQL backup: set DATABASE_URL to the database to restore it into.`,
    );
    const missing = await restore([join(files, 'gone.tgz')], env);
    expect(missing.code).toBe(1);
    expect(missing.err[0]).toBe(`There is no file ${join(files, 'gone.tgz')}.`);

    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('refuses while another process holds the data directory, and bad arguments', async () => {
    const dataDir = tempDir();
    const env = { DATA_DIR: dataDir };
    mkdirSync(join(dataDir, 'pglite'));
    writeFileSync(join(dataDir, 'pglite', 'PG_VERSION'), '17');
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(join(dataDir, 'lotline.lock'), String(other.pid));
      const locked = await backup([], env);
      expect(locked.code).toBe(1);
      expect(locked.err[0]).toContain(`already in use by another Lotline process (pid ${other.pid})`);
      expect(existsSync(join(dataDir, 'backups'))).toBe(false);
      const dump = join(tempDir(), 'embedded.tgz');
      writeFileSync(dump, gzipSync(Buffer.concat([ustarHeader('/PG_VERSION'), Buffer.alloc(1536)])));
      const lockedRestore = await restore([dump, '--force'], env);
      expect(lockedRestore.code).toBe(1);
      expect(lockedRestore.err[0]).toContain(`already in use by another Lotline process (pid ${other.pid})`);
      expect(readFileSync(join(dataDir, 'pglite', 'PG_VERSION'), 'utf8')).toBe('17');
    } finally {
      other.kill();
    }
    expect((await backup(['--bogus'], env)).code).toBe(2);
    expect((await backup(['--out', ''], env)).code).toBe(2);
    expect((await restore([], env)).code).toBe(2);
    expect((await restore(['a.tgz', 'b.tgz'], env)).code).toBe(2);
    const badUrl = await backup([], { DATABASE_URL: 'mysql://nope' });
    expect(badUrl.code).toBe(2);
    expect(badUrl.err[0]).toContain('DATABASE_URL: Must be a postgres:// or postgresql:// URL');
    const empty = await backup([], { DATA_DIR: tempDir() });
    expect(empty.code).toBe(1);
    expect(empty.err[0]).toContain('nothing to back up');
  });
});

describe.skipIf(!baseUrl)('npm run db:backup and db:restore on PostgreSQL', () => {
  it('restores into an empty database, refuses a non-empty one without --force and an embedded backup', async () => {
    const source = await createPostgresTestDatabase(baseUrl as string, { poolSize: 1 });
    const emptyName = `lotline_restore_${randomBytes(6).toString('hex')}`;
    await adminQuery(baseUrl as string, `create database ${emptyName}`);
    try {
      const [handle] = source.handles;
      await seedBrands((handle as DatabaseHandle).db);
      const sourceUrl = databaseUrl(baseUrl as string, await currentDatabase(handle as DatabaseHandle));
      const dump = join(tempDir(), 'lotline.dump');
      const made = await backup(['--out', dump], { DATABASE_URL: sourceUrl, DATA_DIR: tempDir() });
      expect(made.code, made.text()).toBe(0);
      expect(made.out[0]).toMatch(/^Wrote .*lotline\.dump \(\d+\.\d [KM]B\): a backup of the PostgreSQL database /);

      const refused = await restore([dump], { DATABASE_URL: sourceUrl, DATA_DIR: tempDir() });
      expect(refused.code).toBe(1);
      expect(refused.err[0]).toMatch(
        /^Nothing was restored: the PostgreSQL database lotline_test_\w+ on 127\.0\.0\.1:5432 would be replaced\. Pass --force to replace it\.$/,
      );

      const emptyUrl = databaseUrl(baseUrl as string, emptyName);
      const restored = await restore([dump], { DATABASE_URL: emptyUrl, DATA_DIR: tempDir() });
      expect(restored.code, restored.text()).toBe(0);
      const target = await openDatabase({ databaseUrl: emptyUrl, poolSize: 1 });
      expect(await sampleBrandNames(target.db)).toEqual(['Backup Alpha', 'Backup Bravo', 'Backup Charlie']);
      await target.close();

      const pglite = join(tempDir(), 'embedded.tgz');
      writeFileSync(pglite, gzipSync(Buffer.concat([ustarHeader('/PG_VERSION'), Buffer.alloc(1536)])));
      const mismatch = await restore([pglite, '--force'], { DATABASE_URL: emptyUrl });
      expect(mismatch.code).toBe(1);
      expect(mismatch.err[0]).toBe(
        `${pglite} is a backup of the embedded database, but DATABASE_URL is set: unset it to restore into DATA_DIR.`,
      );
    } finally {
      await source.cleanup();
      await adminQuery(baseUrl as string, `drop database if exists ${emptyName} with (force)`);
    }
  });
});

async function currentDatabase(handle: DatabaseHandle): Promise<string> {
  const [row] = await queryRows<{ name: string }>(handle.db, sql`select current_database() as name`);
  return (row as { name: string }).name;
}

/** The header block of a tar entry `name` (its content empty). */
function ustarHeader(name: string): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0, 'utf8');
  header.write('00000000000\0', 124, 'latin1');
  header.write('ustar\0', 257, 'latin1');
  return header;
}
