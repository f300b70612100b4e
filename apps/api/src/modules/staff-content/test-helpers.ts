import { errorEnvelope } from '@lotline/contracts';
import { auditLog } from '@lotline/db/schema';
import { asc, eq } from 'drizzle-orm';
import type { TestApp } from '../../test/app';
import { freshIp, ORIGIN } from '../identity/test-helpers';

/** Helpers for the staff content tests (decision 0084). */

export const STAFF = '/marketplace-api/staff';

/** A write as the staff pages send it: same origin, JSON, a fresh address (the rate limit is per user). */
export const send = (
  t: TestApp,
  method: 'PUT' | 'PATCH' | 'POST',
  url: string,
  cookie: string | undefined,
  body: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: {
      origin: ORIGIN,
      'x-forwarded-for': freshIp(),
      'content-type': 'application/json',
      ...(cookie ? { cookie } : {}),
    },
    payload: JSON.stringify(body),
  });

export const codeOf = (res: { json(): unknown }) => errorEnvelope.parse(res.json()).errors[0]?.code;
export const messageOf = (res: { json(): unknown }) => errorEnvelope.parse(res.json()).errors[0]?.message;

/** The audit entries of one target, oldest first. */
export function auditOf(t: TestApp, targetId: string) {
  return t.db
    .select({ action: auditLog.action, actorId: auditLog.actorId, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(eq(auditLog.targetId, targetId))
    .orderBy(asc(auditLog.at), asc(auditLog.id));
}
