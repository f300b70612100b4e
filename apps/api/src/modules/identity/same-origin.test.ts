import { users } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSameOriginAllowed } from '../../lib/same-origin';
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
