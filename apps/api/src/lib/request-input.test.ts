import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshIp, ORIGIN, signUpUser } from '../modules/identity/test-helpers';
import { createTestApp, type TestApp } from '../test/app';

/** A JSON Content-Type on a request without a body (as many HTTP clients send every request). */
describe('the JSON body parser', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, payload: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: {
        origin: ORIGIN,
        'x-forwarded-for': freshIp(),
        'content-type': 'application/json; charset=utf-8',
        ...(cookie ? { cookie } : {}),
      },
      payload,
    });

  it('takes an empty body as none: a route without a body answers as usual', async () => {
    const { id, cookie } = await signUpUser(t);
    const res = await post(`/marketplace-api/users/${id}/bidder-terms`, '', cookie);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.eventId).toBeNull();
  });

  it('a route that needs a body still refuses an empty one with 400', async () => {
    const res = await post('/marketplace-api/auth/sign-in', '');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 'error',
      errors: [{ code: 'VALIDATION_FAILED', message: 'The request needs a JSON body' }],
    });
  });

  it('still refuses bad JSON and prototype poisoning with 400', async () => {
    const bad = await post('/marketplace-api/auth/sign-in', '{"email":');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'The request body is not valid JSON',
    });
    const poisoned = await post('/marketplace-api/auth/sign-in', '{"__proto__":{"admin":true},"email":"a@b.co"}');
    expect(poisoned.statusCode).toBe(400);
    const blank = await post('/marketplace-api/auth/sign-in', '   ');
    expect(blank.statusCode).toBe(400);
  });

  it('parses a JSON body as before', async () => {
    const res = await post(
      '/marketplace-api/auth/sign-in',
      JSON.stringify({ email: 'nobody@example.com', password: 'x' }),
    );
    expect(res.statusCode).toBe(401);
  });
});

describe('a query parameter sent twice', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([
    '/marketplace/api/event/event-lots?pageSize=2&pageSize=3',
    '/marketplace/api/event/event-lots?pageNumber=1&pageNumber=2',
  ])('%s is a 400 that says so', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    const field = url.includes('pageSize') ? 'pageSize' : 'pageNumber';
    expect(res.json().errors[0]).toEqual({
      code: 'VALIDATION_FAILED',
      message: `The parameter "${field}" is given more than once; send it once`,
      field,
    });
  });
});
