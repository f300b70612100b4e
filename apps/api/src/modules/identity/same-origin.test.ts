import { users } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formOrigins, isSameOriginAllowed } from '../../lib/same-origin';
import { createTestApp, type TestApp } from '../../test/app';
import { newEmail, PASSWORD, signUpUser } from './test-helpers';

describe('same-origin check on state-changing requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signUpFrom = (headers: Record<string, string>, email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/marketplace-api/auth/sign-up',
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify({ email, password: PASSWORD, name: 'Pat' }),
    });

  it.each([
    [{ origin: 'https://evil.example' }],
    [{ origin: 'null' }],
    [{ origin: 'http://localhost:3000.evil.example' }],
    [{ 'sec-fetch-site': 'cross-site' }],
    [{ 'sec-fetch-site': 'same-site' }],
  ])('refuses a cross-origin sign-up %j with 403 and creates nothing', async (headers) => {
    const email = newEmail();
    const res = await signUpFrom(headers, email);
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0]).toMatchObject({ code: 'FORBIDDEN' });
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('refuses a cross-origin sign-out: the session stays', async () => {
    const { cookie } = await signUpUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/marketplace-api/auth/sign-out',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    const me = await t.app.inject({ method: 'GET', url: '/marketplace-api/users/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
  });

  it.each([[{ origin: 'http://localhost:3000' }], [{ 'sec-fetch-site': 'same-origin' }], [{}]])(
    'accepts the site itself and non-browser clients %j',
    async (headers) => {
      expect((await signUpFrom(headers, newEmail())).statusCode).toBe(202);
    },
  );

  it('never refuses safe methods', () => {
    expect(isSameOriginAllowed('GET', { origin: 'https://evil.example' }, 'http://localhost:3000')).toBe(true);
    expect(isSameOriginAllowed('DELETE', { origin: 'https://evil.example' }, 'http://localhost:3000')).toBe(false);
    expect(isSameOriginAllowed('PUT', { 'sec-fetch-site': 'cross-site' }, 'http://localhost:3000')).toBe(false);
  });
});

describe('the loopback names of the site in development (decision 0025)', () => {
  const signUpFrom = (t: TestApp, origin: string, email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/marketplace-api/auth/sign-up',
      headers: { 'content-type': 'application/json', origin },
      payload: JSON.stringify({ email, password: PASSWORD, name: 'Pat' }),
    });

  it('takes forms from http://127.0.0.1:PORT and http://localhost:PORT alike in development', async () => {
    const t = await createTestApp({ config: { nodeEnv: 'development', publicOrigin: 'http://localhost:3200' } });
    try {
      for (const origin of ['http://127.0.0.1:3200', 'http://localhost:3200', 'http://[::1]:3200']) {
        const email = newEmail();
        const res = await signUpFrom(t, origin, email);
        expect(res.statusCode, origin).toBe(202);
        expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
      }
      // Another port of the same machine is another site.
      expect((await signUpFrom(t, 'http://127.0.0.1:3999', newEmail())).statusCode).toBe(403);
    } finally {
      await t.close();
    }
  });

  it('keeps production to the one PUBLIC_ORIGIN', async () => {
    const t = await createTestApp({ config: { nodeEnv: 'production', publicOrigin: 'http://localhost:3200' } });
    try {
      const email = newEmail();
      const res = await signUpFrom(t, 'http://127.0.0.1:3200', email);
      expect(res.statusCode).toBe(403);
      expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
      expect((await signUpFrom(t, 'http://localhost:3200', newEmail())).statusCode).toBe(202);
    } finally {
      await t.close();
    }
  });

  it('widens only a loopback origin, and only outside production', () => {
    expect(formOrigins({ publicOrigin: 'http://127.0.0.1:3100', nodeEnv: 'development' })).toEqual([
      'http://127.0.0.1:3100',
      'http://localhost:3100',
      'http://[::1]:3100',
    ]);
    expect(formOrigins({ publicOrigin: 'http://localhost:3000', nodeEnv: 'production' })).toEqual([
      'http://localhost:3000',
    ]);
    expect(formOrigins({ publicOrigin: 'https://lotline.example', nodeEnv: 'development' })).toEqual([
      'https://lotline.example',
    ]);
    const dev = formOrigins({ publicOrigin: 'http://localhost:3000', nodeEnv: 'development' });
    expect(isSameOriginAllowed('POST', { origin: 'http://127.0.0.1:3000' }, dev)).toBe(true);
    expect(isSameOriginAllowed('POST', { origin: 'http://127.0.0.1:3000.evil.example' }, dev)).toBe(false);
    expect(isSameOriginAllowed('POST', { origin: 'https://127.0.0.1:3000' }, dev)).toBe(false);
  });
});
