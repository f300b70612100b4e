import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BackupError } from './backup-error';
import { detectBackupKind } from './backup-kind';
import { backupPglite, pgliteDirOf, restorePglite } from './pglite-backup';
import {
  changeBrands,
  openPgliteAt,
  removeTempDirs,
  SAMPLE_BRANDS,
  sampleBrandNames,
  seedBrands,
  tempDir,
} from './test-helpers';

afterAll(removeTempDirs);

const NAMES = SAMPLE_BRANDS.map((brand) => brand.name);

describe('the embedded database backup', () => {
  it('restores the rows as they were at the backup, and leaves nothing beside the data directory', async () => {
    const dataDir = tempDir();
    const first = await openPgliteAt(dataDir);
    await seedBrands(first.db);
    await first.close();

    const file = join(tempDir(), 'lotline.tgz');
    await backupPglite(dataDir, file);
    expect(statSync(file).size).toBeGreaterThan(0);
    expect(await detectBackupKind(file)).toBe('pglite');

    const changed = await openPgliteAt(dataDir);
    await changeBrands(changed.db);
    expect(await sampleBrandNames(changed.db)).toEqual(['Renamed', 'Backup Charlie']);
    await changed.close();

    await restorePglite(dataDir, file);
    const restored = await openPgliteAt(dataDir);
    expect(await sampleBrandNames(restored.db)).toEqual(NAMES);
    await restored.close();
    expect(readdirSync(dataDir).sort()).toEqual(['pglite']);
  });

  it('refuses a data directory without a database, and an existing output file', async () => {
    const dataDir = tempDir();
    await expect(backupPglite(dataDir, join(dataDir, 'out.tgz'))).rejects.toThrow(
      `There is no embedded database in ${pgliteDirOf(dataDir)}: nothing to back up.`,
    );
    const taken = join(tempDir(), 'taken.tgz');
    writeFileSync(taken, 'keep me');
    await expect(backupPglite(dataDir, taken)).rejects.toThrow(BackupError);
  });

  it('keeps the current database when the file cannot be restored', async () => {
    const dataDir = tempDir();
    const db = await openPgliteAt(dataDir);
    await seedBrands(db.db);
    await db.close();
    const broken = join(tempDir(), 'broken.tgz');
    writeFileSync(broken, Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x01, 0x02]));

    await expect(restorePglite(dataDir, broken)).rejects.toThrow(`${broken} could not be opened as a database`);
    expect(existsSync(`${pgliteDirOf(dataDir)}.restoring`)).toBe(false);
    const after = await openPgliteAt(dataDir);
    expect(await sampleBrandNames(after.db)).toEqual(NAMES);
    await after.close();
  });
});
