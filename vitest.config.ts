import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

const INCLUDE = ['apps/**/*.test.ts', 'apps/**/*.test.tsx', 'packages/**/*.test.ts', 'scripts/**/*.test.ts'];
const EXCLUDE = ['**/node_modules/**', '**/.next/**', 'e2e/**'];

/**
 * What needs a module graph of its own (decision 0057): a module mock replaces a module that another file may
 * have loaded already in the same worker; a stubbed global, environment variable or fake clock would leak into
 * the next file; a spy wraps a shared module's export.
 */
const NEEDS_ISOLATION = /\bvi\.(mock|doMock|stubEnv|stubGlobal|useFakeTimers|spyOn)\(|\bprocess\.env\.\w+\s*=[^=]/;

/** The test files that need isolation, found by reading them (so a new one is isolated without a list to keep). */
function isolatedTestFiles(): string[] {
  const files: string[] = [];
  for (const top of ['apps', 'packages', 'scripts']) {
    for (const entry of readdirSync(top, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.test\.tsx?$/.test(entry.name)) continue;
      const path = join(entry.parentPath, entry.name);
      if (/(^|\/)(node_modules|\.next)\//.test(path)) continue;
      if (NEEDS_ISOLATION.test(readFileSync(path, 'utf8'))) files.push(path);
    }
  }
  return files;
}

const isolated = isolatedTestFiles();

export default defineConfig({
  test: {
    environment: 'node',
    // Migrates one template database per run; each test file's createTestDatabase() copies it (decision 0034).
    globalSetup: ['packages/db/src/test-template.ts'],
    env: {
      // The AWS SDK's notice that its 2027 releases need Node 22 would print in every run.
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    },
    // A test file's own database is a copy of the template (a second or two), but some tests seed thousands of
    // lots, which takes a while on a busy 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default in a run is one worker fewer than the cores: on the 2-core CI machine that is one file at a
    // time with a core idle (PGlite runs in the test process). A file per core.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: INCLUDE,
          exclude: [...EXCLUDE, ...isolated],
          // A worker keeps the modules it has loaded from one test file to the next (decision 0057): loading the API
          // afresh for each file was 740 of a PGlite run's 1,380 s. Every file still has its own database and app.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: isolated.length ? isolated : ['!'], exclude: EXCLUDE } },
    ],
  },
});
