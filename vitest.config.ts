import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['apps/**/*.test.ts', 'apps/**/*.test.tsx', 'packages/**/*.test.ts', 'scripts/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/.next/**', 'e2e/**'],
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
  },
});
