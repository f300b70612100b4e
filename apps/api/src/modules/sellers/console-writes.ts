import { AsyncLocalStorage } from 'node:async_hooks';
import type { Executor } from '@lotline/db';
import { companies } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors';
import { errorResponse } from '../../lib/openapi';

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

/**
 * Registered on the root app, before the routes: marks each console write for the handler it runs (preHandler: the
 * body is read), and adds COMPANY_SUSPENDED to the 403 answer every console write documents.
 */
export function registerConsoleWriteMark(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    if (request.url.startsWith(SELLER_CONSOLE) && !READS.has(request.method)) consoleWrite.run(true, done);
    else done();
  });
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!route.url.startsWith(SELLER_CONSOLE) || methods.every((m) => READS.has(m))) return;
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (response) response[403] = withSuspended(response[403], `${methods.join(',')} ${route.url}`);
  });
}

/** The codes a documented error answer lists (an errorResponse schema), if it is one. */
function documentedCodes(schema: unknown): { description: string; codes: string[] } | null {
  const shape = (schema as { shape?: { errors?: { element?: { shape?: { code?: { options?: unknown } } } } } })?.shape;
  const options = shape?.errors?.element?.shape?.code?.options;
  if (!Array.isArray(options)) return null;
  const description = ((schema as { description?: string }).description ?? 'Forbidden').replace(/ \([^)]*\)$/, '');
  return { description, codes: options.map(String) };
}

/**
 * The route's 403 answer with COMPANY_SUSPENDED added. A console write that documents no 403 (or one not made by
 * errorResponse) fails at start: its real 403 codes (FORBIDDEN at least) would otherwise be missing from the schema
 * and its refusals answered as 500s.
 */
function withSuspended(existing: unknown, route: string) {
  const documented = documentedCodes(existing);
  if (!documented) throw new Error(`${route}: a seller-console write documents its 403 answer with errorResponse`);
  if (documented.codes.includes(COMPANY_SUSPENDED)) return existing;
  const [first = COMPANY_SUSPENDED, ...rest] = documented.codes;
  return errorResponse(`${documented.description}, or the company is suspended`, [first, ...rest, COMPANY_SUSPENDED]);
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
