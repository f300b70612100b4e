import { auditLogQuery, auditLogResponse } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../lib/http/access';
import { ok, userReadErrors } from '../../lib/http/route-schemas';
import { errorResponse } from '../../lib/openapi';
import { listAuditLog } from './list-audit-log';

/** The audit log of staff writes (contract §6, decision 0073): staff read it; nobody changes it. */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/marketplace-api/staff/audit-log',
    {
      config: access({ session: 'required', role: 'staff', forbidden: 'Only Lotline staff can read the audit log.' }),
      schema: {
        tags: ['staff'],
        summary: 'Staff: the audit log of staff writes, newest first',
        description:
          'Staff only (roles `staff`, `admin`). Every staff write leaves one entry, in the same transaction: who (`actor`), when (`at`, the database clock), what (`action`, `targetType`, `targetId`) and the record before and after. Filter by `actorId`, `targetType` and `targetId`. The log is append-only.',
        querystring: auditLogQuery,
        response: {
          200: ok(auditLogResponse, 'Newest first'),
          ...userReadErrors,
          403: errorResponse('Not staff', ['FORBIDDEN']),
        },
      },
    },
    async (request) => ({ status: 'success' as const, data: await listAuditLog(db, request.query) }),
  );
};
