import { auditLog } from '@lotline/db/schema';
import { and, asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
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

export const mergeCategory = (t: TestApp, id: string, body: unknown, cookie?: string) =>
  send(t, 'POST', `${CATEGORIES}/${encodeURIComponent(id)}/merge`, body, cookie);

/**
 * Every search projection row is exactly what its lot, category and brand say now (the view the triggers
 * build rows from), and every lot has one: the bulk writers' set-based rewrite left nothing stale.
 */
export async function expectProjectionFresh(db: TestApp['db']) {
  const stale = await db.execute(sql`select lot_id from (
      (select * from lot_search except select * from lot_search_source)
      union all (select * from lot_search_source except select * from lot_search)) d`);
  expect((stale as unknown as { rows: unknown[] }).rows).toEqual([]);
}
