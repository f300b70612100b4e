import { randomUUID } from 'node:crypto';
import { users, userVars } from '@lotline/db/schema';
import { createTestDatabase } from '@lotline/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { requestHash, withIdempotency } from './idempotency';

/** The generic path (work that returns its answer, as registrations and purchases will), on a real database. */

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
let userId: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  userId = `user_${randomUUID()}`;
  await handle.db.insert(users).values({ id: userId, email: `${userId}@example.com`, name: 'Idem Potent' });
});
afterAll(async () => {
  await handle.cleanup();
});

/** Work with a visible effect: one user var per run, named by the body. */
const write = (name: string) => async (tx: Parameters<Parameters<typeof withIdempotency>[2]>[0]) => {
  await tx.insert(userVars).values({ userId, key: `${name}-${randomUUID()}`, value: 1 });
  return { status: 201, body: { status: 'success', data: { name } } };
};
const effects = async () => (await handle.db.select().from(userVars).where(eq(userVars.userId, userId))).length;

describe('withIdempotency', () => {
  it('runs once per key and answers a retry with the stored answer; another body is IDEMPOTENCY_KEY_REUSED', async () => {
    const before = await effects();
    const request = { userId, key: 'k1', scope: 'POST /things', body: { a: 1, b: 2 } };
    const first = await withIdempotency(handle.db, request, write('one'));
    const retry = await withIdempotency(handle.db, { ...request, body: { b: 2, a: 1 } }, write('two'));
    expect(retry).toEqual(first);
    expect(await effects()).toBe(before + 1);
    await expect(withIdempotency(handle.db, { ...request, body: { a: 2 } }, write('three'))).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      status: 409,
    });
    expect(await effects()).toBe(before + 1);
  });

  it('runs every time without a key', async () => {
    const before = await effects();
    const request = { userId, key: undefined, scope: 'POST /things', body: {} };
    await withIdempotency(handle.db, request, write('a'));
    await withIdempotency(handle.db, request, write('b'));
    expect(await effects()).toBe(before + 2);
  });

  it('answers a refusal as its envelope, undoes what the work wrote, and remembers it', async () => {
    const before = await effects();
    const refuse = async (tx: Parameters<ReturnType<typeof write>>[0]) => {
      await write('undone')(tx);
      throw new AppError('OUT_OF_STOCK', 'Sold out.', { status: 409 });
    };
    const request = { userId, key: 'k2', scope: 'POST /things', body: {} };
    const refused = await withIdempotency(handle.db, request, refuse);
    expect(refused).toEqual({
      status: 409,
      body: { status: 'error', errors: [{ code: 'OUT_OF_STOCK', message: 'Sold out.' }] },
    });
    expect(await withIdempotency(handle.db, request, write('later'))).toEqual(refused);
    expect(await effects()).toBe(before);
  });

  it('lets other errors through, storing nothing', async () => {
    const request = { userId, key: 'k3', scope: 'POST /things', body: {} };
    const fail = async () => {
      throw new Error('database down');
    };
    await expect(withIdempotency(handle.db, request, fail)).rejects.toThrow('database down');
    expect((await withIdempotency(handle.db, request, write('after'))).status).toBe(201);
  });

  it('hashes the scope and the canonical body', () => {
    expect(requestHash('s', { a: 1, b: [1, { c: 2, d: 3 }] })).toBe(requestHash('s', { b: [1, { d: 3, c: 2 }], a: 1 }));
    expect(requestHash('s', { a: 1 })).not.toBe(requestHash('t', { a: 1 }));
    expect(requestHash('s', { a: 1 })).not.toBe(requestHash('s', { a: '1' }));
  });
});
