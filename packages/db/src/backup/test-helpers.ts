import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { type Database, type DatabaseHandle, openDatabase } from '../client';
import { brands } from '../schema/index';
import { TEMPLATE_ENV } from '../testing';
import { hasPgliteDatabase } from './pglite-backup';

/** Temporary directories, removed by `removeTempDirs` (call it in afterAll). */
const dirs: string[] = [];
export function tempDir(prefix = 'lotline-backup-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}
export function removeTempDirs(): void {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** The embedded database of `dataDir`; a new one starts from the run's migrated template when there is one. */
export async function openPgliteAt(dataDir: string): Promise<DatabaseHandle> {
  const template = process.env[TEMPLATE_ENV.pglite];
  const fresh = !hasPgliteDatabase(dataDir) && template;
  return openDatabase({ dataDir, loadDataDir: fresh ? new Blob([await readFile(template)]) : undefined });
}

/** A few rows through the schema, to find again after a restore. */
export const SAMPLE_BRANDS = [
  { id: 'brand_backup_a', name: 'Backup Alpha', uniqueName: 'backup alpha' },
  { id: 'brand_backup_b', name: 'Backup Bravo', uniqueName: 'backup bravo' },
  { id: 'brand_backup_c', name: 'Backup Charlie', uniqueName: 'backup charlie' },
];

export const seedBrands = (db: Database) => db.insert(brands).values(SAMPLE_BRANDS);

export const sampleBrandNames = async (db: Database) =>
  (await db.select({ name: brands.name }).from(brands).orderBy(asc(brands.id))).map((row) => row.name);

/** What a mistaken change after the backup does: one row renamed, one deleted. */
export async function changeBrands(db: Database): Promise<void> {
  await db.update(brands).set({ name: 'Renamed' }).where(eq(brands.id, 'brand_backup_a'));
  await db.delete(brands).where(eq(brands.id, 'brand_backup_b'));
}
