import { cmsSections } from '@lotline/db/schema';
import { expect } from 'vitest';
import { type TestApp, url } from '../../test/app';
import { uniqueId } from '../../test/factories';

/** Test helpers shared by the search extras' tests (facets, fallbacks, fillers, events). */

const HOUR = 3_600_000;
/** A time `hours` from now (negative: in the past); tests run against the real clock. */
export const hoursFromNow = (hours: number) => new Date(Date.now() + hours * HOUR);

/** Letters only, so that search tokenises it as one plain word. */
const letters = (n: number): string =>
  (n < 26 ? '' : letters(Math.floor(n / 26) - 1)) + String.fromCharCode(97 + (n % 26));
const runWord = letters(Math.floor(Math.random() * 26 ** 5));
let words = 0;
/** A word no other test's rows contain, for keyword-isolated assertions. */
export const uniqueWord = () => `zq${runWord}x${letters(words++)}`;

/** GET that must succeed; returns the envelope's data parsed by `schema`. */
export async function getData<T>(
  t: TestApp,
  path: string,
  params: Record<string, unknown>,
  schema: { parse(v: unknown): { data: T } },
): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url: url(path, params) });
  expect(res.statusCode, res.body).toBe(200);
  return schema.parse(res.json()).data;
}

/** GET that must fail validation. */
export async function expect400(t: TestApp, path: string, params: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'GET', url: url(path, params) });
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().errors[0].code).toBe('VALIDATION_FAILED');
}

/** One cms section row; the type and label default to a popular row. */
export async function makeSection(t: TestApp, overrides: Partial<typeof cmsSections.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(cmsSections)
    .values({ id: uniqueId('sec'), type: 'popular', label: 'Popular assets', ...overrides })
    .returning();
  if (!row) throw new Error('section not inserted');
  return row;
}

/** A category subtree (root > child, plus an unrelated sibling root) to isolate a test's lots. */
export async function makeCategoryTree(t: TestApp) {
  const root = await t.make.category({ name: 'Machining' });
  const child = await t.make.category({ name: 'Lathes' }, root);
  const other = await t.make.category({ name: 'Trucks' });
  return { root, child, other };
}
