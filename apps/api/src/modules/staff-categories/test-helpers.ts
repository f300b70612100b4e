import { auditLog } from '@lotline/db/schema';
import { and, asc, eq } from 'drizzle-orm';
import type { TestApp } from '../../test/app';
import { freshIp, ORIGIN } from '../identity/test-helpers';

/** Helpers for the staff category tests: the two writes as a signed-in user, and the audit entries of a category. */

export const CATEGORIES = '/marketplace-api/staff/categories';

export function send(t: TestApp, method: 'POST' | 'PATCH', url: string, body: unknown, cookie?: string) {
  return t.app.inject({
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
}

export const createCategory = (t: TestApp, body: unknown, cookie?: string) => send(t, 'POST', CATEGORIES, body, cookie);
export const patchCategory = (t: TestApp, id: string, body: unknown, cookie?: string) =>
  send(t, 'PATCH', `${CATEGORIES}/${encodeURIComponent(id)}`, body, cookie);

/** Creates a category as `cookie` (staff) and returns it; fails the test on any other answer. */
export async function created(t: TestApp, body: Record<string, unknown>, cookie: string) {
  const res = await createCategory(t, body, cookie);
  if (res.statusCode !== 201) throw new Error(`create refused: ${res.statusCode} ${res.body}`);
  return res.json().data.productCategory as { _id: string; slug: string; parentId: string | null };
}

export function auditOf(t: TestApp, categoryId: string) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'category'), eq(auditLog.targetId, categoryId)))
    .orderBy(asc(auditLog.at), asc(auditLog.id));
}
