import { accounts, mailOutbox, users, userVars } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { cookieOf, get, latestMailTo, newEmail, PASSWORD, post, signUpUser } from './test-helpers';

describe('POST /marketplace-api/auth/sign-up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const countUsers = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email))).length;

  it('creates the account, stores company and persona as user vars and mails an activation link; signs nobody in', async () => {
    const email = newEmail();
    const res = await post(t, '/marketplace-api/auth/sign-up', {
      email: `  ${email.toUpperCase()} `,
      password: PASSWORD,
      name: 'Pat Buyer',
      companyName: 'Acme Machining',
      buyerPersona: 'Reseller',
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: 'success', data: { sent: true } });
    expect(res.headers['set-cookie']).toBeUndefined();

    const signedIn = await post(t, '/marketplace-api/auth/sign-in', { email, password: PASSWORD });
    expect(signedIn.statusCode).toBe(200);
    const { user } = signedIn.json().data;
    expect(user).toEqual({ id: expect.any(String), email, name: 'Pat Buyer', roles: [], verified: false });
    const me = await get(t, '/marketplace-api/users/me', cookieOf(signedIn));
    expect(me.json()).toEqual({ status: 'success', data: user });

    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.emailVerified).toBe(false);
    const vars = await t.db
      .select({ key: userVars.key, value: userVars.value })
      .from(userVars)
      .where(eq(userVars.userId, user.id));
    expect(vars).toEqual(
      expect.arrayContaining([
        { key: 'signup_company_name', value: 'Acme Machining' },
        { key: 'buyer_persona', value: 'Reseller' },
      ]),
    );
    const [credential] = await t.db.select().from(accounts).where(eq(accounts.userId, user.id));
    expect(credential?.providerId).toBe('credential');
    expect(credential?.password).toMatch(/^\$argon2id\$/);
    expect(credential?.password).not.toContain(PASSWORD);

    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Activate your Lotline account');
    expect(mails[0]?.text).toMatch(/http:\/\/localhost:3000\/account\/activate\?token=\S+/);
  });

  it('defaults the buyer persona and stores no company name when none is given', async () => {
    const { id } = await signUpUser(t);
    const vars = await t.db
      .select({ key: userVars.key, value: userVars.value })
      .from(userVars)
      .where(eq(userVars.userId, id));
    expect(vars).toEqual([{ key: 'buyer_persona', value: 'Personal/Business End User' }]);
  });

  it('answers a taken address exactly as a new one, changes nothing, and mails its owner instead', async () => {
    const { id, email } = await signUpUser(t);
    const attempt = (address: string) =>
      post(t, '/marketplace-api/auth/sign-up', {
        email: address,
        password: 'another password 1',
        name: 'Someone Else',
      });
    const taken = await attempt(email.toUpperCase());
    const fresh = await attempt(newEmail());
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.body).toBe(fresh.body);
    const headersOf = (res: typeof taken) => {
      const { 'x-request-id': _id, date: _date, ...rest } = res.headers;
      return rest;
    };
    expect(headersOf(taken)).toEqual(headersOf(fresh));
    expect(taken.headers['set-cookie']).toBeUndefined();

    expect(await countUsers(email)).toBe(1);
    expect((await post(t, '/marketplace-api/auth/sign-in', { email, password: PASSWORD })).statusCode).toBe(200);
    expect((await post(t, '/marketplace-api/auth/sign-in', { email, password: 'another password 1' })).statusCode).toBe(
      401,
    );
    const vars = await t.db.select().from(userVars).where(eq(userVars.userId, id));
    expect(vars.map((v) => v.key)).toEqual(['buyer_persona']);

    const mail = await latestMailTo(t, email);
    expect(mail?.subject).toBe('Someone tried to create a Lotline account with your address');
    expect(mail?.text).toContain('It already has one, so nothing was changed.');
    expect(mail?.text).toContain('http://localhost:3000/forgot-password');
    expect(mail?.text).toContain('Sign in: http://localhost:3000/login');
    expect(mail?.text).not.toMatch(/token=/);
  });

  it.each([
    [{ password: 'short' }, 'password', /at least 10 characters/],
    [{ password: 'x'.repeat(129) }, 'password', /at most 128 characters/],
    [{ email: 'not-an-email' }, 'email', /valid e-mail address/],
    [{ name: '   ' }, 'name', /Enter your name/],
    [{ buyerPersona: 'Wholesaler' }, 'buyerPersona', /Choose how you buy/],
  ])('refuses bad input %j with a clear message and creates nothing', async (bad, field, message) => {
    const email = newEmail();
    const res = await post(t, '/marketplace-api/auth/sign-up', { email, password: PASSWORD, name: 'Pat', ...bad });
    expect(res.statusCode).toBe(400);
    const error = res.json().errors.find((e: { field?: string }) => e.field === field);
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(error.message).toMatch(message);
    expect(await countUsers(email)).toBe(0);
  });

  it('refuses unknown fields (roles cannot be chosen at sign-up)', async () => {
    const email = newEmail();
    const res = await post(t, '/marketplace-api/auth/sign-up', {
      email,
      password: PASSWORD,
      name: 'Pat',
      roles: ['admin'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ code: 'VALIDATION_FAILED', field: 'roles' });
    expect(await countUsers(email)).toBe(0);
  });

  it('allows 20 sign-ups an hour from one address, then answers 429 with Retry-After', async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < 20; i++) {
      const res = await post(
        t,
        '/marketplace-api/auth/sign-up',
        { email: newEmail(), password: PASSWORD, name: 'P' },
        { ip },
      );
      expect(res.statusCode).toBe(202);
    }
    const email = newEmail();
    const res = await post(t, '/marketplace-api/auth/sign-up', { email, password: PASSWORD, name: 'P' }, { ip });
    expect(res.statusCode).toBe(429);
    expect(res.json().errors[0].code).toBe('RATE_LIMITED');
    expect(Number(res.headers['retry-after'])).toBe(600);
    expect(await countUsers(email)).toBe(0);
    // Another address is not affected.
    expect((await post(t, '/marketplace-api/auth/sign-up', { email, password: PASSWORD, name: 'P' })).statusCode).toBe(
      202,
    );
  });

  it('marks the session cookie Secure (with the __Secure- prefix) when the site is served over TLS', async () => {
    const tls = await createTestApp({ config: { publicOrigin: 'https://lotline.example' } });
    try {
      const send = (path: string, body: unknown) =>
        tls.app.inject({
          method: 'POST',
          url: path,
          headers: { origin: 'https://lotline.example', 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
      const email = newEmail();
      expect(
        (await send('/marketplace-api/auth/sign-up', { email, password: PASSWORD, name: 'Tee Ellis' })).statusCode,
      ).toBe(202);
      const res = await send('/marketplace-api/auth/sign-in', { email, password: PASSWORD });
      expect(res.statusCode).toBe(200);
      const setCookie = String(res.headers['set-cookie']);
      expect(setCookie).toMatch(/^__Secure-lotline\.session_token=/);
      expect(setCookie).toMatch(/; Secure/i);
      expect(setCookie).toMatch(/HttpOnly/i);
      const me = await tls.app.inject({
        method: 'GET',
        url: '/marketplace-api/users/me',
        headers: { cookie: cookieOf(res) },
      });
      expect(me.statusCode).toBe(200);
    } finally {
      await tls.close();
    }
  });
});
