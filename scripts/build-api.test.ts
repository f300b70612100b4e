import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiBuildIsCurrent, pointRuntimeFiles } from './build-api.mjs';

/** The API's production build (decision 0097): rebuilt when a source changed, its run-time files found from dist/. */
describe('the API build', () => {
  const root = mkdtempSync(join(tmpdir(), 'lotline-build-api-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const at = (path: string, seconds: number) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), '');
    utimesSync(join(root, path), seconds, seconds);
  };

  it('is stale without a build or when an API or package source is newer, not when only a test changed', () => {
    at('apps/api/src/main.ts', 1_000);
    at('packages/db/src/client.ts', 1_000);
    expect(apiBuildIsCurrent(root)).toBe(false);
    at('apps/api/dist/BUILD_STAMP', 2_000);
    expect(apiBuildIsCurrent(root)).toBe(true);
    at('apps/api/src/main.test.ts', 3_000);
    expect(apiBuildIsCurrent(root)).toBe(true);
    at('packages/db/src/client.ts', 3_000);
    expect(apiBuildIsCurrent(root)).toBe(false);
  });

  it('points a file the code reads by URL from dist/ back at the tree, and fails the build when it is missing', () => {
    at('packages/db/migrations/0000_init.sql', 1_000);
    at('apps/api/src/modules/places/gazetteer.tsv.gz', 1_000);
    const outdir = join(root, 'apps/api/dist');
    const db = join(root, 'packages/db/src/client.ts');
    expect(pointRuntimeFiles("fileURLToPath(new URL('../migrations', import.meta.url))", db, outdir)).toBe(
      "fileURLToPath(new URL('../../../packages/db/migrations', import.meta.url))",
    );
    const places = join(root, 'apps/api/src/modules/places/gazetteer.ts');
    expect(pointRuntimeFiles('new URL("./gazetteer.tsv.gz", import.meta.url)', places, outdir)).toBe(
      'new URL("../src/modules/places/gazetteer.tsv.gz", import.meta.url)',
    );
    expect(() => pointRuntimeFiles("new URL('./gone.tsv', import.meta.url)", places, outdir)).toThrow(
      /reads \.\/gone\.tsv, which does not exist/,
    );
  });
});
