import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/app';
import { COMPANY_SUSPENDED, registerConsoleWriteMark } from './console-writes';

/** Every seller-console write documents the suspended company's 403 (decision 0076); reads do not. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Operation = { responses: Record<string, { content?: { 'application/json'?: { schema: unknown } } }> };

describe('the OpenAPI document of the seller console', () => {
  it('lists COMPANY_SUSPENDED among the 403 codes of every write, and of no read', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const writes: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      if (!path.startsWith('/marketplace-api/seller/')) continue;
      for (const [method, operation] of Object.entries(operations)) {
        const forbidden = JSON.stringify(operation.responses['403']?.content?.['application/json']?.schema ?? null);
        const where = `${method.toUpperCase()} ${path}`;
        if (method === 'get' || method === 'head') {
          expect(forbidden, where).not.toContain(COMPANY_SUSPENDED);
        } else {
          writes.push(where);
          expect(forbidden, where).toContain(COMPANY_SUSPENDED);
        }
      }
    }
    // The console has dozens of writes: an empty walk would prove nothing.
    expect(writes.length).toBeGreaterThan(20);
  });
});

describe('a seller-console write that documents no 403', () => {
  it('fails at start, naming the route, instead of answering its refusals as 500s', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerConsoleWriteMark(app);
    const start = async () => {
      app.post(
        '/marketplace-api/seller/things',
        { schema: { response: { 200: z.object({ ok: z.boolean() }) } } },
        () => ({
          ok: true,
        }),
      );
      await app.ready();
    };
    await expect(start()).rejects.toThrow(
      'POST /marketplace-api/seller/things: a seller-console write documents its 403',
    );
    await app.close();
  });
});
