import { errorEnvelope } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from './app';
import { AppError } from './lib/errors';
import { createTestApp, type TestApp } from './test/app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // Routes that exist only to exercise the error map.
  t.app.get('/__test/boom', async () => {
    throw new Error('connect ECONNREFUSED 10.0.0.7:5432 at /srv/app/secret.ts select * from users');
  });
  t.app.get('/__test/conflict', async () => {
    throw new AppError('CONFLICT', 'Already taken', { field: 'email' });
  });
  t.app.post('/__test/echo', { schema: { body: z.object({ name: z.string().max(5) }).strict() } }, async (req) => ({
    status: 'success' as const,
    data: req.body,
  }));
  await t.app.ready();
});
afterAll(() => t.close());

describe('error map', () => {
  it('answers an unknown route with a 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no/such/route' });
    expect(res.statusCode).toBe(404);
    expect(errorEnvelope.parse(res.json()).errors[0]?.code).toBe('NOT_FOUND');
  });

  it('answers an unknown error with a generic 500 that leaks nothing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/__test/boom' });
    expect(res.statusCode).toBe(500);
    const body = errorEnvelope.parse(res.json());
    expect(body.errors[0]?.code).toBe('INTERNAL');
    expect(res.body).not.toMatch(/ECONNREFUSED|secret|select|stack|\/srv/i);
    expect(res.body).toContain(res.headers['x-request-id'] as string);
  });

  it('maps an AppError to its status, code and field', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/__test/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      status: 'error',
      errors: [{ code: 'CONFLICT', message: 'Already taken', field: 'email' }],
    });
  });

  it('answers a malformed JSON body with 400 VALIDATION_FAILED', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/__test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(errorEnvelope.parse(res.json()).errors[0]?.code).toBe('VALIDATION_FAILED');
  });

  it('answers an invalid body with one item per problem and the field path', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/__test/echo', payload: { name: 'too long', extra: 1 } });
    expect(res.statusCode).toBe(400);
    const fields = errorEnvelope.parse(res.json()).errors.map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'extra']));
  });

  it('answers an unsupported media type with 400 VALIDATION_FAILED', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/__test/echo',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'x',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].code).toBe('VALIDATION_FAILED');
  });

  it('answers a body over the limit with 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/__test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().errors[0].code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers a malformed URL encoding with a 400 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/files/%E0%A4%A' });
    expect([400, 404]).toContain(res.statusCode);
    expect(errorEnvelope.safeParse(res.json()).success).toBe(true);
  });
});

describe('request ids', () => {
  it('echoes a sane x-request-id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'abc-123.x' } });
    expect(res.headers['x-request-id']).toBe('abc-123.x');
  });

  it('replaces an unsafe x-request-id with a generated one', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'evil\nline injected' },
    });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('generates one when absent, also on errors', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/nope' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('system routes', () => {
  it('reports health with a database check', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', data: { ok: true, db: 'up' } });
  });

  it('rejects unknown query parameters on /healthz too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz?verbose=1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ code: 'VALIDATION_FAILED', field: 'verbose' });
  });

  it('answers 503 SERVICE_UNAVAILABLE when the database does not answer', async () => {
    const deadDb = {
      execute: async () => {
        throw new Error('connection terminated: password authentication failed for user "lotline"');
      },
    } as unknown as Database;
    const app = buildApp({ db: deadDb, config: t.config });
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    await app.close();
    expect(res.statusCode).toBe(503);
    expect(errorEnvelope.parse(res.json()).errors[0]?.code).toBe('SERVICE_UNAVAILABLE');
    expect(res.body).not.toContain('password');
  });

  it('serves an OpenAPI 3.1 document listing the routes, tags and error codes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const lots = doc.paths['/marketplace/api/event/event-lots']?.get;
    const categories = doc.paths['/marketplace/api/category/product-categories/regular']?.get;
    expect(lots.tags).toEqual(['events']);
    expect(categories.tags).toEqual(['catalog']);
    expect(lots.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['esQuery', 'pageNumber', 'pageSize']);
    const bad = lots.responses['400'].content['application/json'].schema;
    expect(JSON.stringify(bad)).toContain('VALIDATION_FAILED');
    expect(lots.responses['500']).toBeDefined();
    const exemptions = doc.paths['/ars/api/v2/identity/tax-exemptions/user'];
    expect(exemptions.get.tags).toEqual(['tax-exemptions']);
    expect(exemptions.get.parameters.map((p: { name: string }) => p.name).sort()).toEqual([
      'documentId',
      'documentType',
      'sort',
    ]);
    expect(exemptions.post.responses['201']).toBeDefined();
    expect(doc.paths['/ars/api/v2/identity/tax-exemptions/{exemptionId}/approve']?.post).toBeDefined();
    expect(doc.paths['/ars/api/v2/identity/tax-exemptions/{exemptionId}/revoke']?.post).toBeDefined();
    expect(doc.paths['/ars/api/v2/identity/tax-exemptions/review']?.get).toBeDefined();
    expect(doc.paths['/marketplace/api/companies/{id}/events']?.get).toBeDefined();
    expect(doc.paths['/marketplace/api/catalog/products/{uniqueName}/lots']?.get).toBeDefined();
    expect(doc.paths['/marketplace/api/sitemap']?.get.tags).toEqual(['sitemap']);
    expect(doc.paths['/marketplace/api/sitemap/{kind}/{page}']?.get.responses['404']).toBeDefined();
    const files = doc.paths['/files/{*}']?.get ?? Object.entries(doc.paths).find(([p]) => p.startsWith('/files/'))?.[1];
    expect(JSON.stringify(files)).toContain('"w"');
    expect(doc.paths['/docs']).toBeUndefined();
    expect(doc.paths['/openapi.json']).toBeUndefined();
    // Every operation's tag is declared with a description, so the docs page groups it.
    const declared = new Set(doc.tags.map((tag: { name: string }) => tag.name));
    const used = Object.values(doc.paths).flatMap((ops) =>
      Object.values(ops as Record<string, { tags?: string[] }>).flatMap((op) => op.tags ?? []),
    );
    expect(used.filter((tag) => !declared.has(tag))).toEqual([]);
  });

  it('serves readable docs at /docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs' });
    const page =
      res.statusCode === 302 ? await t.app.inject({ method: 'GET', url: res.headers.location as string }) : res;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toMatch(/swagger/i);
  });
});
