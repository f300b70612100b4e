import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { driverReason, driverSensitiveTestFiles, isolatedTestFiles } from './test-files.mjs';

/** Decision 0058: the PGlite pass takes every file whose outcome can depend on the driver, found by reading them. */
describe('the driver-sensitive Vitest files', () => {
  const root = mkdtempSync(join(tmpdir(), 'lotline-test-files-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };

  it('are the files that reach a driver difference themselves, beside or through a module that does', () => {
    write('apps/api/src/modules/plain/plain.ts', 'export const plain = sql`select 1`; // similarity( in a comment\n');
    write('apps/api/src/modules/plain/plain.test.ts', "import { plain } from './plain';\n");
    write('apps/api/src/modules/plain/listens.test.ts', "await client.query('LISTEN lot_changes');\n");
    write('apps/api/src/modules/plain/skips.test.ts', 'describe.skipIf(!process.env.TEST_DATABASE_URL)\n');
    write('apps/api/src/modules/plain/opens.test.ts', 'const db = await openDatabase({ memory: true });\n');
    write('apps/api/src/modules/plain/jobs.test.ts', "import { startJobs } from '../../lib/jobs/job-runner';\n");
    write('apps/api/src/modules/fuzzy/fuzzy.ts', "export const q = sql`word_similarity(name, 'x')`;\n");
    write('apps/api/src/modules/fuzzy/fuzzy.test.ts', 'it("finds", () => {});\n');
    write('apps/api/src/modules/other/uses-fuzzy.test.ts', "import { q } from '../fuzzy/fuzzy';\n");
    write('packages/db/src/anything.test.ts', 'it("x", () => {});\n');
    expect(driverSensitiveTestFiles(root)).toEqual([
      'apps/api/src/modules/fuzzy/fuzzy.test.ts',
      'apps/api/src/modules/other/uses-fuzzy.test.ts',
      'apps/api/src/modules/plain/jobs.test.ts',
      'apps/api/src/modules/plain/listens.test.ts',
      'apps/api/src/modules/plain/opens.test.ts',
      'apps/api/src/modules/plain/skips.test.ts',
      'packages/db/src/anything.test.ts',
    ]);
    expect(driverReason('apps/api/src/modules/plain/plain.test.ts', "import { plain } from './plain';\n", root)).toBe(
      undefined,
    );
  });

  it('include, in this tree, the files that test what differs between the drivers', () => {
    const files = driverSensitiveTestFiles();
    for (const file of [
      'packages/db/src/client.test.ts',
      'packages/db/src/seed/seed.test.ts',
      'apps/api/src/lib/jobs/job-runner.test.ts',
      'apps/api/src/lib/jobs/boss-database.test.ts',
      'apps/api/src/main.test.ts',
      'apps/api/src/modules/live/live.test.ts',
      'apps/api/src/modules/live/publish-lot-changes.test.ts',
      'apps/api/src/modules/closing/closing-processes.test.ts',
      'apps/api/src/modules/closing/lot-clock.test.ts',
      'apps/api/src/modules/search/search-lots.test.ts',
      'apps/api/src/modules/search/trigram.test.ts',
      'apps/api/src/modules/search/facets.test.ts',
    ]) {
      expect(files).toContain(file);
    }
    // …and not the many that run the same SQL on both.
    expect(files).not.toContain('apps/api/src/modules/orders/orders.test.ts');
    expect(files.length).toBeLessThan(80);
  });

  it('and the isolated ones are those that mock, spy, stub or write process.env', () => {
    write('apps/web/src/a.test.ts', "vi.mock('./b');\n");
    write('apps/web/src/b.test.ts', "process.env.X = '1';\n");
    write('apps/web/src/c.test.ts', "if (process.env.X === '1') {}\n");
    expect(isolatedTestFiles(root)).toEqual(['apps/web/src/a.test.ts', 'apps/web/src/b.test.ts']);
  });
});
