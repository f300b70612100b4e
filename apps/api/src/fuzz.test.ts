import { EVENT_LOT_QUERY_FIELDS, errorEnvelope, PRODUCT_CATEGORY_QUERY_FIELDS, QUERY_OPS } from '@lotline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app';
import { type SeededRandom, seededRandom } from './test/random';

/**
 * Generated hostile input for the query-object endpoints: whatever arrives,
 * the answer is a well-formed envelope and never a 5xx. Seeded, so a failure
 * reproduces; the failing URL is in the assertion message.
 */

type Rng = SeededRandom;

const ODD_STRINGS = [
  '',
  ' ',
  '0',
  '-1',
  'null',
  'true',
  '1e309',
  'NaN',
  "'; drop table event_lots; --",
  '%',
  '%25',
  '\\',
  '\u0000',
  '🦊',
  'a'.repeat(300),
  '2026-02-30',
  '2026-11-21T00:00:00Z',
  'active',
  'Active',
  'order-pending',
  '/cat_a/',
  '__proto__',
  'constructor',
];

function randomString(r: Rng): string {
  if (r.next() < 0.5) return r.pick(ODD_STRINGS);
  const chars = 'abcXYZ019_-./:%"\'{}[],\\ é漢🦊\n\t';
  return Array.from({ length: r.int(40) }, () => chars[r.int(chars.length)]).join('');
}

function randomJson(r: Rng, depth = 0): unknown {
  const k = r.int(depth > 2 ? 5 : 7);
  switch (k) {
    case 0:
      return randomString(r);
    case 1:
      return r.pick([0, -1, 1.5, 1e308, -0, 42, Number.MAX_SAFE_INTEGER + 2]);
    case 2:
      return r.pick([true, false]);
    case 3:
      return null;
    case 4:
      return r.pick(ODD_STRINGS);
    case 5:
      return Array.from({ length: r.int(4) }, () => randomJson(r, depth + 1));
    default:
      return Object.fromEntries(Array.from({ length: r.int(4) }, () => [randomString(r), randomJson(r, depth + 1)]));
  }
}

function randomCondition(r: Rng, fields: readonly string[]): unknown {
  const c: Record<string, unknown> = {
    field: r.next() < 0.8 ? r.pick(fields) : randomJson(r),
    op: r.next() < 0.8 ? r.pick(QUERY_OPS) : randomJson(r),
    value: r.next() < 0.5 ? randomJson(r) : r.pick([randomString(r), [randomString(r), randomString(r)], true, null]),
  };
  if (r.next() < 0.1) delete c.value;
  if (r.next() < 0.1) c[randomString(r)] = randomJson(r);
  return c;
}

function randomQueryParam(r: Rng, fields: readonly string[]): string {
  const roll = r.next();
  if (roll < 0.15) return randomString(r);
  const obj: Record<string, unknown> = {
    operator: r.next() < 0.8 ? r.pick(['and', 'or']) : randomJson(r),
    params: r.next() < 0.85 ? Array.from({ length: r.int(5) }, () => randomCondition(r, fields)) : randomJson(r),
  };
  if (r.next() < 0.1) obj[randomString(r)] = 1;
  const json = r.next() < 0.05 ? randomJson(r) : obj;
  const text = JSON.stringify(json) ?? 'undefined';
  // Sometimes cut the JSON short, as a truncated URL would.
  return r.next() < 0.15 ? text.slice(0, r.int(text.length + 1)) : text;
}

// A truncated emoji leaves a lone surrogate, which no URL can carry; a client would send U+FFFD.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const encode = (s: string) => encodeURIComponent(s.replace(LONE_SURROGATE, '\uFFFD'));

function randomUrl(r: Rng, path: string, queryName: string, fields: readonly string[]): string {
  const parts: string[] = [];
  const add = (k: string, v: string) => parts.push(`${encode(k)}=${encode(v)}`);
  if (r.next() < 0.8) add(queryName, randomQueryParam(r, fields));
  if (r.next() < 0.5)
    add(
      'pageSize',
      r.pick(['0', '1', '50', '51', '100', '101', '-1', 'abc', '1.5', '1e3', '', ' 7', '0x10', randomString(r)]),
    );
  if (r.next() < 0.5) add('pageNumber', r.pick(['0', '1', '2', '10000', '10001', '-5', 'NaN', '', randomString(r)]));
  if (r.next() < 0.15)
    add(r.pick(['sort', 'q', queryName === 'esQuery' ? 'query' : 'esQuery', randomString(r)]), randomString(r));
  if (r.next() < 0.1) add(queryName, randomQueryParam(r, fields)); // repeated parameter
  if (r.next() < 0.05) parts.push(r.pick(['%', '%zz', '&&', '=', 'esQuery', '%E0%A4%A']));
  return parts.length ? `${path}?${parts.join('&')}` : path;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const company = await t.make.company();
  const category = await t.make.category();
  await t.make.lot({ companyId: company.id, productCategoryId: category.id });
  await t.app.ready();
});
afterAll(() => t.close());

describe.each([
  ['/marketplace/api/event/event-lots', 'esQuery', EVENT_LOT_QUERY_FIELDS, 1],
  ['/marketplace/api/category/product-categories/regular', 'query', PRODUCT_CATEGORY_QUERY_FIELDS, 2],
] as const)('generated input for %s', (path, queryName, fields, seed) => {
  it('never answers 5xx and always answers an envelope', async () => {
    const r = seededRandom(seed);
    const statuses = new Map<number, number>();
    for (let i = 0; i < 300; i++) {
      const url = randomUrl(r, path, queryName, fields);
      const res = await t.app.inject({ method: 'GET', url });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      expect(res.statusCode, url).toBeLessThan(500);
      const body = res.json();
      if (res.statusCode === 200) expect(body.status, url).toBe('success');
      else expect(errorEnvelope.safeParse(body).success, url).toBe(true);
    }
    // The generator must exercise both outcomes, or it tests nothing.
    expect(statuses.get(400) ?? 0).toBeGreaterThan(50);
    expect(statuses.get(200) ?? 0).toBeGreaterThan(5);
  }, 60_000);
});
