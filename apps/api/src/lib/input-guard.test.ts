import { textProblem } from '@lotline/contracts';
import { users } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newEmail, ORIGIN, PASSWORD, post, signUpUser } from '../modules/identity/test-helpers';
import { createTestApp, type TestApp } from '../test/app';
import { checkBody, checkUrl } from './input-guard';

/** The input rule of decision 0028: bad text is a 400 VALIDATION_FAILED before any route runs. */

const expectRefused = (res: { statusCode: number; json: () => unknown }, what: string) => {
  expect(res.statusCode, what).toBe(400);
  expect(res.json(), what).toMatchObject({ status: 'error', errors: [{ code: 'VALIDATION_FAILED' }] });
};

describe('textProblem', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['a bell', '\u0007'],
    ['escape', '\u001b[31m'],
    ['DEL', '\u007f'],
    ['a lone high surrogate', 'x\ud800'],
    ['a lone low surrogate', '\udc00y'],
  ])('refuses %s', (_, text) => {
    expect(textProblem(text)).toBeDefined();
  });

  it.each([
    ['tab, newline, carriage return', 'a\tb\nc\r\n'],
    ['accents, CJK and emoji', 'Éric 漢字 🦊'],
    ['an empty string', ''],
  ])('accepts %s', (_, text) => {
    expect(textProblem(text)).toBeUndefined();
  });
});

describe('checkUrl and checkBody', () => {
  it.each(['/a/%00', '/a/%ED%A0%80', '/a/b?x=%E0%A4%A', '/a?x=%00', '/a?%00=1', '/a?x=ok&y=%C3', '/a?x=%'])(
    'refuses %s',
    (u) => {
      expect(() => checkUrl(u)).toThrow();
    },
  );

  it('accepts ordinary URLs', () => {
    expect(() => checkUrl('/marketplace/api/search/lots?keyword=caf%C3%A9+%F0%9F%A6%8A&a=1&b&c=%2F')).not.toThrow();
  });

  it('walks keys and strings at any depth', () => {
    expect(() => checkBody({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toThrow(/a\.1\.c/);
    expect(() => checkBody({ 'k\ud800': 1 })).toThrow();
    expect(() => checkBody({ a: [1, true, null, 'fine\n'] })).not.toThrow();
  });
});

describe('the API refuses bad text with 400 VALIDATION_FAILED', () => {
  let t: TestApp;
  let cookie = '';
  let userId = '';
  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie, id: userId } = await signUpUser(t));
  });
  afterAll(() => t.close());

  const searchPaths = [
    '/marketplace/api/search/lots',
    '/marketplace/api/search/lot-facets',
    '/marketplace/api/search/lots/fallback',
  ];
  const params = ['product-category=%00', 'manufacturer=%00', 'event-id=%00', 'keyword=ID:%00', 'keyword=%ED%A0%80'];
  const urls = [
    ...searchPaths.flatMap((p) => params.map((q) => `${p}?${q}`)),
    '/marketplace/api/search/lots?keyword=%E0%A4%A',
    '/payments-sandbox/setup/%00',
    '/payments-sandbox/setup/%ED%A0%80',
  ];

  it.each(urls)('GET %s', async (u) => {
    const res = await t.app.inject({ method: 'GET', url: u });
    expectRefused(res, u);
  });

  it.each(urls)('GET %s signed in', async (u) => {
    const res = await t.app.inject({ method: 'GET', url: u, headers: { cookie } });
    expectRefused(res, u);
  });

  it('refuses a sign-up whose company name holds a NUL, and creates no account', async () => {
    const email = newEmail();
    const res = await post(t, '/marketplace-api/auth/sign-up', {
      email,
      password: PASSWORD,
      name: 'Pat',
      companyName: 'Acme\u0000',
    });
    expectRefused(res, 'sign-up');
    expect(res.json().errors[0].field).toBe('companyName');
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('refuses a lone surrogate escaped in JSON ("\\ud800") and invalid UTF-8 bytes in a body', async () => {
    const email = newEmail();
    const escaped = `{"email":"${email}","password":"${PASSWORD}","name":"Pat \\ud800"}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/marketplace-api/auth/sign-up',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      payload: escaped,
    });
    expectRefused(res, 'escaped surrogate');
    const bytes = Buffer.concat([
      Buffer.from(`{"email":"${email}","password":"${PASSWORD}","name":"Pat `),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('"}'),
    ]);
    const res2 = await t.app.inject({
      method: 'POST',
      url: '/marketplace-api/auth/sign-up',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      payload: bytes,
    });
    expectRefused(res2, 'invalid UTF-8');
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('refuses bad text in signed-in fields', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/marketplace-api/users/${userId}/vars/signup_company_name`,
      headers: { origin: ORIGIN, cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ value: 'Acme\u0000' }),
    });
    expectRefused(res, 'user vars');
  });

  it('still answers ordinary requests', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/marketplace/api/search/lots?keyword=caf%C3%A9' });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.statusCode).not.toBe(400);
  });
});
