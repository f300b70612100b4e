import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BackupError } from './backup-error';
import { backupPglite, pgliteDirOf, restorePglite } from './pglite-backup';
import { openPgliteAt, removeTempDirs, SAMPLE_BRANDS, sampleBrandNames, seedBrands, tempDir } from './test-helpers';

afterAll(removeTempDirs);

const NAMES = SAMPLE_BRANDS.map((brand) => brand.name);

// The round trip (back up, change, restore) is npm run db:backup's and db:restore's, in
// apps/api/src/cli/db-backup.test.ts. The PGlite pass runs these (decision 0058): beside PostgreSQL there is no PGlite template, and every embedded
// database here would be made and migrated from nothing.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the embedded database backup', () => {
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
