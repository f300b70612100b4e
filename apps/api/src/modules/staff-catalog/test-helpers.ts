import { auditLog } from '@lotline/db/schema';
import { and, asc, eq } from 'drizzle-orm';
import type { TestApp } from '../../test/app';
import { send } from '../staff-categories/test-helpers';

/** Helpers for the staff brand and catalog product tests: the writes as a signed-in user, and audit entries. */

export const BRANDS = '/marketplace-api/staff/brands';
export const PRODUCTS = '/marketplace-api/staff/catalog-products';

export const createBrand = (t: TestApp, body: unknown, cookie?: string) => send(t, 'POST', BRANDS, body, cookie);
export const patchBrand = (t: TestApp, id: string, body: unknown, cookie?: string) =>
  send(t, 'PATCH', `${BRANDS}/${encodeURIComponent(id)}`, body, cookie);
export const mergeBrand = (t: TestApp, id: string, intoId: unknown, cookie?: string) =>
  send(t, 'POST', `${BRANDS}/${encodeURIComponent(id)}/merge`, { intoId }, cookie);
export const createProduct = (t: TestApp, body: unknown, cookie?: string) => send(t, 'POST', PRODUCTS, body, cookie);
export const patchProduct = (t: TestApp, id: string, body: unknown, cookie?: string) =>
  send(t, 'PATCH', `${PRODUCTS}/${encodeURIComponent(id)}`, body, cookie);
export const mergeProduct = (t: TestApp, id: string, intoId: unknown, cookie?: string) =>
  send(t, 'POST', `${PRODUCTS}/${encodeURIComponent(id)}/merge`, { intoId }, cookie);

/** Creates a brand as staff and returns it; fails the test on any other answer. */
export async function brandCreated(t: TestApp, body: Record<string, unknown>, cookie: string) {
  const res = await createBrand(t, body, cookie);
  if (res.statusCode !== 201) throw new Error(`brand create refused: ${res.statusCode} ${res.body}`);
  return res.json().data.brand as { _id: string; name: string; uniqueName: string; lotCount: number };
}

export async function productCreated(t: TestApp, body: Record<string, unknown>, cookie: string) {
  const res = await createProduct(t, body, cookie);
  if (res.statusCode !== 201) throw new Error(`product create refused: ${res.statusCode} ${res.body}`);
  return res.json().data.catalogProduct as { _id: string; uniqueName: string; name: string; lotCount: number };
}

export function auditOf(t: TestApp, targetType: string, targetId: string) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, targetId)))
    .orderBy(asc(auditLog.at), asc(auditLog.id));
}
