import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { readEnvelope } from './envelope';
import { ApiError, ApiHttpError } from './errors';

const data = z.object({ ok: z.boolean() });
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.restoreAllMocks());

describe('readEnvelope', () => {
  it('returns the data of a success envelope', async () => {
    await expect(readEnvelope(json({ status: 'success', data: { ok: true } }), data, 'GET /x')).resolves.toEqual({
      ok: true,
    });
  });
  it('throws the first error code of an error envelope', async () => {
    const body = {
      status: 'error',
      errors: [
        { code: 'BID_TOO_LOW', message: 'Bid must be at least $10', field: 'amount' },
        { code: 'OTHER', message: 'second' },
      ],
    };
    const error = await readEnvelope(json(body, 400), data, 'POST /bid').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'BID_TOO_LOW', status: 400, field: 'amount' });
  });
  it('throws an error envelope even when the status is 2xx', async () => {
    const body = { status: 'error', errors: [{ code: 'CONFLICT', message: 'x' }] };
    await expect(readEnvelope(json(body, 200), data, 'GET /x')).rejects.toMatchObject({ code: 'CONFLICT' });
  });
  it('logs and rejects other HTTP errors', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = await readEnvelope(new Response('Bad gateway', { status: 502 }), data, 'GET /x').catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiHttpError);
    expect(error).toMatchObject({ status: 502 });
    expect(log).toHaveBeenCalledOnce();
  });
  it('logs and rejects a success body that breaks the schema', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(readEnvelope(json({ status: 'success', data: { ok: 'yes' } }), data, 'GET /x')).rejects.toBeInstanceOf(
      ApiHttpError,
    );
    expect(log).toHaveBeenCalledOnce();
  });
});
