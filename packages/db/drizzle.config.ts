import { defineConfig } from 'drizzle-kit';

// Used only to generate SQL migrations from the schema during development
// (`npm run db:generate`). Migrations are applied from code at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './packages/db/src/schema/index.ts',
  out: './packages/db/migrations',
});
