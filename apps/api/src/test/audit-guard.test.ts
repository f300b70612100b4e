import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../modules/audit/record-audit';
import { signUpStaff } from '../modules/tax-exemptions/test-helpers';
import { createTestApp, type TestApp } from './app';
import { registerAuditGuard } from './audit-guard';

/**
 * The guard every API test runs under (decision 0088) fails for real: a staff write route that answers 2xx
 * without an entry, or with an action its row does not name, is a 500 AUDIT_MISSING; a refusal is left alone.
 * A stand-in for `POST /marketplace-api/staff/categories` (row: `category.create`, not quiet) does what it is told.
 */
let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  const staff = await signUpStaff(t);
  app = Fastify();
  app.decorateRequest('sessionUser', null);
  app.addHook('onRequest', async (request) => {
    request.sessionUser = { id: staff.id } as never;
  });
  registerAuditGuard(app, t.db);
  app.post('/marketplace-api/staff/categories', async (request, reply) => {
    const { record, status } = request.body as { record: string | null; status: number };
    if (record) {
      const entry = { actorId: staff.id, targetType: 'category', targetId: 'cat_1', before: null, after: null };
      await recordAudit(t.db, { ...entry, action: record });
    }
    return reply.code(status).send({ status: status < 300 ? 'success' : 'error' });
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

const send = (record: string | null, status = 201) =>
  app.inject({ method: 'POST', url: '/marketplace-api/staff/categories', payload: { record, status } });

describe('the audit guard', () => {
  it('passes a staff write that recorded one of its actions', async () => {
    expect((await send('category.create')).statusCode).toBe(201);
  });

  it('fails a staff write that succeeded without an entry, or with an action its row does not name', async () => {
    const missing = await send(null);
    expect([missing.statusCode, missing.json().errors[0].code]).toEqual([500, 'AUDIT_MISSING']);
    expect(missing.json().errors[0].message).toContain('POST /marketplace-api/staff/categories answered 201');
    const stray = await send('category.delete');
    expect([stray.statusCode, stray.json().errors[0].message]).toEqual([
      500,
      expect.stringContaining('recorded category.delete'),
    ]);
  });

  it('leaves a refusal alone', async () => {
    expect((await send(null, 409)).statusCode).toBe(409);
  });
});
