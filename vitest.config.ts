import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
// A plain ES module, shared with scripts/test.mjs and the guard tests (the config is not type-checked).
import { driverSensitiveTestFiles, isolatedTestFiles } from './scripts/test-files.mjs';

const ALL = ['apps/**/*.test.ts', 'apps/**/*.test.tsx', 'packages/**/*.test.ts', 'scripts/**/*.test.ts'];
const EXCLUDE = ['**/node_modules/**', '**/.next/**', 'e2e/**'];

/**
 * `VITEST_FILES=driver` runs only the files whose outcome can depend on the driver (decision 0058): CI runs every
 * file once on PostgreSQL, then these again on PGlite. Without it (a laptop without TEST_DATABASE_URL), all of them.
 */
const driverOnly = process.env.VITEST_FILES === 'driver';
const INCLUDE: string[] = driverOnly ? driverSensitiveTestFiles() : ALL;
const isolated: string[] = isolatedTestFiles().filter((file: string) => !driverOnly || INCLUDE.includes(file));

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
