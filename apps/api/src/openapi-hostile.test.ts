import { errorEnvelope } from '@lotline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, signUpUser } from './modules/identity/test-helpers';
import { createTestApp, type TestApp } from './test/app';
import { type SeededRandom, seededRandom } from './test/random';

/**
 * Every operation of the served OpenAPI document gets hostile values in each
 * path, query and header parameter and body field (derived from its schema),
 * as a visitor and as a signed-in user (decision 0028). Whatever arrives: no
 * 5xx, JSON answers are the contract's envelope, and no body carries a stack
 * trace or SQL. Seeded, so a failure replays; the request is in the message.
 */

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
interface Doc {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

/** Already percent-encoded, as they travel in a URL. */
const URL_VALUES = [
  '%00',
  'ID%3A%00',
  '%ED%A0%80',
  '%E0%A4%A',
  '%',
  '%F0%9F%A6%8A',
  'a'.repeat(600),
  encodeURIComponent("'; drop table users; --"),
  encodeURIComponent('" OR 1=1 --'),
  '__proto__',
  'constructor',
  '..%2F..%2Fetc%2Fpasswd',
  '-1',
  '0',
  '99999999999999999999999',
  '1e309',
  'NaN',
  '',
  '%20',
  encodeURIComponent('{"operator":"and","params":[{"field":"__proto__","op":"eq","value":1}]}'),
  encodeURIComponent('{"$gt":""}'),
  encodeURIComponent('<script>alert(1)</script>'),
  'true',
];

const STRINGS = [
  '\u0000',
  'x\ud800',
  '\udc00',
  'a\u001bb',
  'a'.repeat(10_000),
  "'; drop table users; --",
  '__proto__',
  '',
  ' ',
  '🦊',
  '../../etc/passwd',
  '2026-02-30',
  '<script>alert(1)</script>',
  '%00',
];
const NUMBERS = [-1, 0, 0.5, 1e308, -1e308, 2 ** 63, Number.MAX_SAFE_INTEGER + 2];
const OTHERS: unknown[] = [true, false, null, [], {}, [[[[[]]]]], { __proto__: { polluted: 1 } }];

/** Header values must be sendable (no NUL or non-Latin-1 characters reach a header). */
const HEADER_VALUES = ['', 'a'.repeat(4000), "'; drop table users; --", '\u00ff\u00fe', '__proto__', '-1'];

/** Bad text (the values the input rule is about) a third of the time, else any of the list. */
const urlValue = (r: SeededRandom) => (r.next() < 0.35 ? r.pick(['%00', 'ID%3A%00', '%ED%A0%80']) : r.pick(URL_VALUES));

function hostile(r: SeededRandom): unknown {
  const roll = r.next();
  if (roll < 0.55) return r.pick(STRINGS);
  if (roll < 0.8) return r.pick(NUMBERS);
  return r.pick(OTHERS);
}

function resolve(doc: Doc, schema: Schema | undefined): Schema {
  if (!schema) return {};
  if (schema.$ref) {
    const name = schema.$ref.split('/').at(-1) ?? '';
    return resolve(doc, doc.components?.schemas?.[name]);
  }
  return schema;
}

/** A body shaped like the schema with hostile values in some fields, or something else altogether. */
function hostileBody(doc: Doc, r: SeededRandom, raw: Schema | undefined, depth = 0): unknown {
  const schema = resolve(doc, raw);
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variants && variants.length > 0) return hostileBody(doc, r, r.pick(variants), depth);
  if (depth > 3 || r.next() < 0.25) return hostile(r);
  if (schema.properties) {
    const body: Record<string, unknown> = {};
    for (const [key, prop] of Object.entries(schema.properties)) {
      if (r.next() < 0.15) continue;
      body[key] = r.next() < 0.6 ? hostile(r) : hostileBody(doc, r, prop, depth + 1);
    }
    if (r.next() < 0.2) body[r.pick(['__proto__', 'constructor', 'x\u0000', 'extra'])] = hostile(r);
    return body;
  }
  if (schema.items) return [hostileBody(doc, r, schema.items, depth + 1), hostile(r)];
  if (schema.enum && r.next() < 0.3) return r.pick(schema.enum);
  return hostile(r);
}

function encodeForm(body: unknown): string {
  if (body === null || typeof body !== 'object') return `value=${URL_VALUES[0]}`;
  return Object.entries(body as Record<string, unknown>)
    .map(
      ([k, v]) =>
        `${encodeURIComponent(k.replace(/[\ud800-\udfff]/g, ''))}=${typeof v === 'string' ? '%00' : String(v)}`,
    )
    .join('&');
}

/** A stack frame, a file path of ours, or SQL text: none may leave the process. */
const LEAKS = [
  /\bat .+\.(ts|js|mjs):\d+/,
  /node_modules/,
  /\bselect\b[^"]{0,200}\bfrom\b/i,
  /\binsert into\b/i,
  /syntax error at/i,
];

const SEND_COOKIE_SKIP = new Set(['POST /marketplace-api/auth/sign-out']);
/** A stream that takes no input stays open for any request (live.test.ts tests it): nothing hostile to send it. */
const NO_INPUT_STREAMS = new Set(['GET /internal/page-changes']);

describe('hostile input for every OpenAPI operation', () => {
  let t: TestApp;
  let doc: Doc;
  let cookie = '';
  let userId = '';
  beforeAll(async () => {
    t = await createTestApp();
    const company = await t.make.company();
    const category = await t.make.category();
    await t.make.lot({ companyId: company.id, productCategoryId: category.id });
    ({ cookie, id: userId } = await signUpUser(t));
    doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
  });
  afterAll(() => t.close());

  it.each([
    ['a visitor', false, 11],
    ['a signed-in user', true, 12],
  ] as const)(
    'never answers 5xx, a non-envelope JSON error or a leak, for %s',
    async (_, signedIn, seed) => {
      const r = seededRandom(seed);
      const PER_OPERATION = 10;
      let requests = 0;
      const statuses = new Map<number, number>();
      for (const [template, operations] of Object.entries(doc.paths)) {
        for (const [method, operation] of Object.entries(operations)) {
          const label = `${method.toUpperCase()} ${template}`;
          if ((signedIn && SEND_COOKIE_SKIP.has(label)) || NO_INPUT_STREAMS.has(label)) continue;
          const params = operation.parameters ?? [];
          const content = operation.requestBody?.content ?? {};
          const bodyType = Object.keys(content)[0];
          for (let i = 0; i < PER_OPERATION; i++) {
            let url = template.replace(/\{([^}]+)\}/g, (_m, name: string) =>
              signedIn && name === 'userId' && r.next() < 0.6 ? userId : urlValue(r),
            );
            const query = params
              .filter((p) => p.in === 'query' && r.next() < 0.6)
              .map((p) => `${encodeURIComponent(p.name)}=${urlValue(r)}`);
            if (r.next() < 0.2)
              query.push(`${r.pick(['%00', 'unknown', '__proto__', '%ED%A0%80'])}=${r.pick(URL_VALUES)}`);
            if (query.length > 0) url += `?${query.join('&')}`;
            const headers: Record<string, string> = { origin: ORIGIN };
            if (signedIn) headers.cookie = cookie;
            for (const p of params.filter((p) => p.in === 'header')) headers[p.name] = r.pick(HEADER_VALUES);
            if (r.next() < 0.1) headers['x-request-id'] = r.pick(HEADER_VALUES);
            let payload: string | undefined;
            if (bodyType === 'application/x-www-form-urlencoded') {
              headers['content-type'] = bodyType;
              payload = encodeForm(hostileBody(doc, r, content[bodyType]?.schema));
            } else if (bodyType || (method !== 'get' && r.next() < 0.3)) {
              headers['content-type'] = 'application/json';
              const body = hostileBody(doc, r, bodyType ? content[bodyType]?.schema : undefined);
              payload = r.next() < 0.05 ? '{"a":"\\ud800"' : JSON.stringify(body);
            }
            const res = await t.app.inject({
              method: method.toUpperCase() as 'GET',
              url,
              headers,
              ...(payload === undefined ? {} : { payload }),
            });
            requests++;
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            const what = `${label} → ${method.toUpperCase()} ${url.slice(0, 300)} ${payload?.slice(0, 300) ?? ''}`;
            expect(res.statusCode, what).toBeLessThan(500);
            for (const leak of LEAKS) expect(res.body, what).not.toMatch(leak);
            const type = String(res.headers['content-type'] ?? '');
            if (type.startsWith('application/json')) {
              const body = res.json();
              if (res.statusCode >= 400) expect(errorEnvelope.safeParse(body).success, what).toBe(true);
              else if (template !== '/healthz') expect(body.status, what).toBe('success');
            } else if (res.statusCode >= 400 && res.statusCode !== 404) {
              // Only the sandbox's HTML pages and the files route answer errors that are not JSON.
              expect(template, what).toMatch(/^\/(payments-sandbox|files)\//);
            }
          }
        }
      }
      // It must have reached real answers, not only refusals.
      expect(requests).toBeGreaterThan(300);
      expect(statuses.get(400) ?? 0).toBeGreaterThan(100);
      expect([...statuses.keys()].some((s) => s < 300)).toBe(true);
    },
    120_000,
  );
});
