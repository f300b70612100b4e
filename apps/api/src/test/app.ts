import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '@lotline/db/testing';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from '../app';
import { type Config, testConfig } from '../config';
import type { PaymentProvider } from '../modules/payments/provider';
import { registerAuditGuard } from './audit-guard';
import { factories } from './factories';
import { setTestWireAccounts } from './wire-accounts';

/**
 * One app over one fresh database (PGlite in memory, or PostgreSQL when
 * TEST_DATABASE_URL is set) and a temporary files directory, for a test file.
 * The marketplace's receiving banks are set (decision 0070) unless
 * `wireAccounts: false`. A staff write that succeeds must leave its audit entry (`audit-guard.ts`).
 */
export async function createTestApp(
  options: {
    config?: Partial<Config>;
    logger?: FastifyBaseLogger;
    paymentProvider?: PaymentProvider;
    wireAccounts?: boolean;
  } = {},
) {
  const database = await createTestDatabase();
  if (options.wireAccounts !== false) await setTestWireAccounts(database.db);
  const filesDir = await mkdtemp(path.join(tmpdir(), 'lotline-files-'));
  const config = testConfig({ filesDir, ...options.config });
  const app = buildApp({
    db: database.db,
    config,
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.paymentProvider ? { paymentProvider: options.paymentProvider } : {}),
  });
  // A staff write that succeeds without its audit entry answers 500 in every test that drives it (decision 0088).
  registerAuditGuard(app, database.db);
  return {
    app,
    db: database.db,
    config,
    make: factories(database.db),
    async close() {
      await app.close();
      await database.cleanup();
      await rm(filesDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** Builds a URL with query parameters; objects are JSON-encoded as the contract's query objects are. */
export function url(pathname: string, params: Record<string, unknown> = {}): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined) continue;
    search.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  }
  const qs = search.toString();
  return qs ? `${pathname}?${qs}` : pathname;
}
