import { AsyncLocalStorage } from 'node:async_hooks';
import type { Executor } from '@lotline/db';
import { companies } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors';

/**
 * A suspended company's console is read-only (decision 0076). Every write of the seller console is a
 * non-GET request under `/marketplace-api/seller/`, and every one goes through company-access.ts before it
 * writes; this hook marks such a request so that those guards, which see only the company, also refuse a
 * suspended company's writes (403 COMPANY_SUSPENDED) while its reads (orders, results) keep working.
 */
export const COMPANY_SUSPENDED = 'COMPANY_SUSPENDED';

const SELLER_CONSOLE = '/marketplace-api/seller/';
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const consoleWrite = new AsyncLocalStorage<true>();

/** Registered on the root app: marks each console write for the handler it runs (preHandler: the body is read). */
export function registerConsoleWriteMark(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    if (request.url.startsWith(SELLER_CONSOLE) && !READS.has(request.method)) consoleWrite.run(true, done);
    else done();
  });
}

/** In a console write, refuses a suspended company (403 COMPANY_SUSPENDED); a read passes. */
export async function assertConsoleWriteAllowed(db: Executor, companyId: string): Promise<void> {
  if (!consoleWrite.getStore()) return;
  const [company] = await db.select({ status: companies.status }).from(companies).where(eq(companies.id, companyId));
  if (company?.status === 'suspended') {
    throw new AppError(
      COMPANY_SUSPENDED,
      'This company is suspended by the marketplace: its console is read-only until staff reactivate it.',
      { status: 403 },
    );
  }
}
