import type { Database } from '@lotline/db';
import { auditLog } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isKeyAnswered } from '../lib/http/idempotency';
import { STAFF_ROUTES } from '../modules/audit/test-staff-endpoints';

/**
 * Every staff write is in the audit log (contract §6, decision 0088), checked in every API test that drives one:
 * a staff write route (a row of STAFF_ROUTES with `audits`) that answers 2xx must have left at least one new
 * entry by its caller, each with one of the actions its row names; a row with `quiet` may leave none (a repeat
 * that changes nothing), and a retry whose Idempotency-Key was answered before is not checked. Otherwise the test sees a 500 AUDIT_MISSING naming the route. The entries are read back
 * from the table, so nothing in the app is instrumented for it.
 */
const seen = new WeakMap<FastifyRequest, Set<string>>();

export function registerAuditGuard(app: FastifyInstance, db: Database): void {
  const rowOf = (request: FastifyRequest) => {
    const row = STAFF_ROUTES[`${request.method} ${request.routeOptions.url}`];
    return row?.audits ? row : undefined;
  };
  const idsBy = async (actorId: string) =>
    await db.select({ id: auditLog.id, action: auditLog.action }).from(auditLog).where(eq(auditLog.actorId, actorId));

  // After the access check (registered after registerAccess), so the caller is known and refusals cost nothing.
  app.addHook('preHandler', async (request) => {
    if (!rowOf(request) || !request.sessionUser) return;
    // A retry with an answered Idempotency-Key replays the first answer and records nothing again: not checked.
    const key = request.headers['idempotency-key'];
    if (typeof key === 'string' && (await isKeyAnswered(db, request.sessionUser.id, key))) return;
    seen.set(request, new Set((await idsBy(request.sessionUser.id)).map((entry) => entry.id)));
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const row = rowOf(request);
    const before = seen.get(request);
    if (!row || !before || !request.sessionUser || reply.statusCode >= 300) return payload;
    const added = (await idsBy(request.sessionUser.id)).filter((entry) => !before.has(entry.id));
    const stray = added.filter((entry) => !row.audits?.includes(entry.action)).map((entry) => entry.action);
    const route = `${request.method} ${request.routeOptions.url}`;
    const problem =
      stray.length > 0
        ? `${route} recorded ${stray.join(', ')}, not among its row's audits in test-staff-endpoints.ts`
        : added.length === 0 && !row.quiet
          ? `${route} answered ${reply.statusCode} without an audit entry (or mark its row quiet, saying why)`
          : null;
    if (!problem) return payload;
    reply.code(500).type('application/json');
    return JSON.stringify({ status: 'error', errors: [{ code: 'AUDIT_MISSING', message: problem }] });
  });
}
