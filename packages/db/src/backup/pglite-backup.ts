import { existsSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '../client';
import { writeAtomically } from './atomic-file';
import { BackupError } from './backup-error';

/**
 * The embedded database's backup and restore. The caller holds the data directory's lock (`lockDataDir`):
 * PGlite is a single-process database, and a copy taken or replaced under a running API would be torn.
 */

/** Where `openDatabase` keeps the embedded database of a data directory. */
export const pgliteDirOf = (dataDir: string) => join(dataDir, 'pglite');

export const hasPgliteDatabase = (dataDir: string) => existsSync(join(pgliteDirOf(dataDir), 'PG_VERSION'));

/** The data directory as PGlite's own dump (`dumpDataDir`, a gzipped tar), after a checkpoint. */
export async function backupPglite(dataDir: string, out: string): Promise<void> {
  if (!hasPgliteDatabase(dataDir)) {
    throw new BackupError(`There is no embedded database in ${pgliteDirOf(dataDir)}: nothing to back up.`);
  }
  const client = await PGlite.create({ dataDir: pgliteDirOf(dataDir), extensions: PGLITE_EXTENSIONS });
  try {
    // Everything committed is in the data files, so a restore has no write-ahead log to replay.
    await client.exec('CHECKPOINT');
    const dump = await client.dumpDataDir('gzip');
    await writeAtomically(out, async (partial) => writeFile(partial, Buffer.from(await dump.arrayBuffer())));
  } finally {
    await client.close();
  }
}

/** A Lotline database has the migrations' record (the API migrates at start, so every one it opened has it). */
async function assertLotlineDatabase(client: PGlite, file: string): Promise<void> {
  const { rows } = await client.query<{ found: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  );
  if (!rows[0]?.found)
    throw new BackupError(`${file} is a PGlite database, but not Lotline's (it was never migrated).`);
}

/**
 * Replaces the data directory's database with the dump in `file`. The dump is unpacked and opened beside the
 * current database first; the current one is moved aside only then, and deleted once the new one is in place.
 */
export async function restorePglite(dataDir: string, file: string): Promise<void> {
  const target = pgliteDirOf(dataDir);
  const staging = `${target}.restoring`;
  const aside = `${target}.before-restore`;
  await rm(staging, { recursive: true, force: true });
  try {
    const loadDataDir = new Blob([await readFile(file)]);
    const client = await PGlite.create({ dataDir: staging, loadDataDir, extensions: PGLITE_EXTENSIONS });
    try {
      await assertLotlineDatabase(client, file);
    } finally {
      await client.close();
    }
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} could not be opened as a database: ${(error as Error).message}`);
  }
  await rm(aside, { recursive: true, force: true });
  if (existsSync(target)) await rename(target, aside);
  await rename(staging, target);
  await rm(aside, { recursive: true, force: true });
}
