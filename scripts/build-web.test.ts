import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { webBuildIsCurrent } from './build-web.mjs';

/** `npm start` and `npm test` build the web app only when something it is built from changed (decision 0058). */
describe('webBuildIsCurrent', () => {
  const root = mkdtempSync(join(tmpdir(), 'lotline-build-web-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const at = (path: string, seconds: number) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), '');
    utimesSync(join(root, path), seconds, seconds);
  };

  it('is stale without a build, or when a web, contracts or domain source is newer than it', () => {
    at('apps/web/src/page.tsx', 1_000);
    at('packages/contracts/src/index.ts', 1_000);
    at('packages/domain/src/rules.ts', 1_000);
    expect(webBuildIsCurrent(root)).toBe(false);
    at('apps/web/.next/BUILD_ID', 2_000);
    expect(webBuildIsCurrent(root)).toBe(true);
    at('packages/domain/src/rules.ts', 3_000);
    expect(webBuildIsCurrent(root)).toBe(false);
  });

  it('stays current when only a test file changed', () => {
    at('apps/web/.next/BUILD_ID', 4_000);
    at('apps/web/src/page.test.tsx', 5_000);
    at('packages/contracts/src/index.test.ts', 5_000);
    expect(webBuildIsCurrent(root)).toBe(true);
    at('apps/web/src/page.tsx', 5_000);
    expect(webBuildIsCurrent(root)).toBe(false);
  });
});
