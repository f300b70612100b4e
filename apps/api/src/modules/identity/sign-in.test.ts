import { sessions } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { cookieOf, get, PASSWORD, post, signUpUser } from './test-helpers';

describe('sign-in, users/me and sign-out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('signs in with the right password (any case of e-mail) and answers users/me', async () => {
    const { id, email } = await signUpUser(t, { name: 'Robin Ray' });
    const res = await post(t, '/marketplace-api/auth/sign-in', { email: email.toUpperCase(), password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toEqual({ id, email, name: 'Robin Ray', roles: [], verified: false });
    const cookie = cookieOf(res);
    expect(cookie).toMatch(/^lotline\.session_token=/);
    expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly.*SameSite=Lax|SameSite=Lax.*HttpOnly/i);
    const me = await get(t, '/marketplace-api/users/me', cookie);
    expect(me.json().data.id).toBe(id);
  });

  it.each([
    ['a wrong password', (email: string) => ({ email, password: 'wrong password!' })],
    ['an unknown e-mail', () => ({ email: 'nobody-here@example.com', password: PASSWORD })],
  ])('refuses %s with one message that reveals nothing, and sets no cookie', async (_, body) => {
    const { email } = await signUpUser(t);
    const res = await post(t, '/marketplace-api/auth/sign-in', body(email));
    expect(res.statusCode).toBe(401);
    expect(res.json().errors[0]).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: 'The e-mail address or password is not correct.',
    });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses an empty password as invalid input', async () => {
    const res = await post(t, '/marketplace-api/auth/sign-in', { email: 'a@example.com', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ code: 'VALIDATION_FAILED', field: 'password' });
  });

  it('answers 401 to a visitor and to a forged or ended session', async () => {
    expect((await get(t, '/marketplace-api/users/me')).statusCode).toBe(401);
    const forged = await get(t, '/marketplace-api/users/me', 'lotline.session_token=abc.def');
    expect(forged.statusCode).toBe(401);
    expect(forged.json().errors[0].code).toBe('UNAUTHENTICATED');
  });

  it('signs out: the session row is deleted, the cookie cleared, and the old cookie no longer works', async () => {
    const { id, cookie } = await signUpUser(t);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(1);
    const res = await post(t, '/marketplace-api/auth/sign-out', undefined, { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', data: { signedOut: true } });
    expect(String(res.headers['set-cookie'])).toMatch(/lotline\.session_token=;.*Max-Age=0/i);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(0);
    expect((await get(t, '/marketplace-api/users/me', cookie)).statusCode).toBe(401);
  });

  it('signing out without a session is harmless', async () => {
    const res = await post(t, '/marketplace-api/auth/sign-out');
    expect(res.statusCode).toBe(200);
  });

  it('after 5 failed sign-ins for an e-mail from one address it blocks that e-mail there (429), even with the right password', async () => {
    const { email } = await signUpUser(t);
    const ip = '203.0.113.41';
    for (let i = 0; i < 5; i++) {
      const res = await post(t, '/marketplace-api/auth/sign-in', { email, password: `wrong password ${i}` }, { ip });
      expect(res.statusCode).toBe(401);
    }
    const sixth = await post(t, '/marketplace-api/auth/sign-in', { email, password: 'wrong password 6' }, { ip });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().errors[0]).toMatchObject({ code: 'RATE_LIMITED' });
    expect(sixth.json().errors[0].message).toMatch(/Try again in 60 seconds/);
    expect(sixth.headers['retry-after']).toBe('60');
    const right = await post(t, '/marketplace-api/auth/sign-in', { email, password: PASSWORD }, { ip });
    expect(right.statusCode).toBe(429);
    expect(right.headers['set-cookie']).toBeUndefined();
    // Another e-mail from that address, and that e-mail from another address, are not blocked.
    const other = await signUpUser(t);
    expect(
      (await post(t, '/marketplace-api/auth/sign-in', { email: other.email, password: PASSWORD }, { ip })).statusCode,
    ).toBe(200);
    expect((await post(t, '/marketplace-api/auth/sign-in', { email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('a successful sign-in forgets the earlier failures from its address', async () => {
    const { email } = await signUpUser(t);
    const ip = '203.0.113.42';
    const attempt = (password: string) => post(t, '/marketplace-api/auth/sign-in', { email, password }, { ip });
    for (let i = 0; i < 4; i++) await attempt('wrong password!');
    expect((await attempt(PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await attempt('wrong password!')).statusCode).toBe(401);
    expect((await attempt('wrong password!')).statusCode).toBe(429);
  });

  it('limits sign-in attempts per client address', async () => {
    const ip = '203.0.113.9';
    for (let i = 0; i < 30; i++) {
      const res = await post(t, '/marketplace-api/auth/sign-in', { email: `x${i}@example.com`, password: 'p' }, { ip });
      expect(res.statusCode).toBe(401);
    }
    const res = await post(t, '/marketplace-api/auth/sign-in', { email: 'y@example.com', password: 'p' }, { ip });
    expect(res.statusCode).toBe(429);
  });
});
