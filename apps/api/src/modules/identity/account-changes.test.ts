import { users } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { cookieOf, get, latestMailTo, newEmail, PASSWORD, post, signUpUser, tokenMailedTo } from './test-helpers';

describe('change of password and e-mail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signIn = (email: string, password: string) => post(t, '/marketplace-api/auth/sign-in', { email, password });
  const emailOf = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

  it('changes the password: this session goes on with a new cookie, other sessions end', async () => {
    const { email, cookie: other } = await signUpUser(t);
    const current = cookieOf(await signIn(email, PASSWORD));
    const res = await post(
      t,
      '/marketplace-api/auth/change-password',
      { currentPassword: PASSWORD, newPassword: 'my new passphrase' },
      { cookie: current },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ changed: true });
    const renewed = cookieOf(res);
    expect(renewed).toMatch(/lotline\.session_token=/);
    expect((await get(t, '/marketplace-api/users/me', renewed)).statusCode).toBe(200);
    expect((await get(t, '/marketplace-api/users/me', other)).statusCode).toBe(401);
    expect((await signIn(email, PASSWORD)).statusCode).toBe(401);
    expect((await signIn(email, 'my new passphrase')).statusCode).toBe(200);
  });

  it('refuses a wrong current password or a weak new one, and the password stays', async () => {
    const { email, cookie } = await signUpUser(t);
    const wrong = await post(
      t,
      '/marketplace-api/auth/change-password',
      { currentPassword: 'not my password', newPassword: 'my new passphrase' },
      { cookie },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0]).toEqual({
      code: 'WRONG_PASSWORD',
      message: 'Your current password is not correct.',
      field: 'currentPassword',
    });
    const weak = await post(
      t,
      '/marketplace-api/auth/change-password',
      { currentPassword: PASSWORD, newPassword: 'short' },
      { cookie },
    );
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors[0]).toMatchObject({ code: 'VALIDATION_FAILED', field: 'newPassword' });
    expect((await signIn(email, PASSWORD)).statusCode).toBe(200);
  });

  it('blocks the password check after 5 wrong current passwords', async () => {
    const { cookie } = await signUpUser(t);
    const attempt = () =>
      post(
        t,
        '/marketplace-api/auth/change-password',
        { currentPassword: 'nope nope', newPassword: 'x'.repeat(12) },
        { cookie },
      );
    for (let i = 0; i < 5; i++) expect((await attempt()).statusCode).toBe(400);
    expect((await attempt()).statusCode).toBe(429);
  });

  it('changes an unactivated address at once and sends the activation link to the new one', async () => {
    const { id, cookie } = await signUpUser(t);
    const next = newEmail();
    const res = await post(
      t,
      '/marketplace-api/auth/change-email',
      { newEmail: next.toUpperCase(), currentPassword: PASSWORD },
      { cookie },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ email: next, pendingEmail: null });
    expect((await emailOf(id))?.email).toBe(next);
    const token = await tokenMailedTo(t, next, '/account/activate');
    const activated = await post(t, '/marketplace-api/auth/activate', { token });
    expect(activated.json().data).toEqual({ outcome: 'activated', email: next });
    expect((await emailOf(id))?.emailVerified).toBe(true);
  });

  it('keeps an activated address until the new one confirms by link', async () => {
    const { id, email, cookie } = await signUpUser(t);
    await post(t, '/marketplace-api/auth/activate', { token: await tokenMailedTo(t, email, '/account/activate') });
    const next = newEmail();
    const res = await post(
      t,
      '/marketplace-api/auth/change-email',
      { newEmail: next, currentPassword: PASSWORD },
      { cookie },
    );
    expect(res.json().data).toEqual({ email, pendingEmail: next });
    expect((await emailOf(id))?.email).toBe(email);
    expect((await latestMailTo(t, next))?.subject).toBe('Confirm your new e-mail address');

    const confirmed = await post(t, '/marketplace-api/auth/activate', {
      token: await tokenMailedTo(t, next, '/account/activate'),
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data).toEqual({ outcome: 'email-changed', email: next });
    expect(await emailOf(id)).toMatchObject({ email: next, emailVerified: true });
    expect((await signIn(next, PASSWORD)).statusCode).toBe(200);
    expect((await signIn(email, PASSWORD)).statusCode).toBe(401);
  });

  it('refuses a taken address, the same address and a wrong password, and changes nothing', async () => {
    const { id, email, cookie } = await signUpUser(t);
    const taken = (await signUpUser(t)).email;
    const cases: [Record<string, string>, number, string, string][] = [
      [{ newEmail: taken, currentPassword: PASSWORD }, 409, 'EMAIL_TAKEN', 'newEmail'],
      [{ newEmail: email, currentPassword: PASSWORD }, 400, 'SAME_EMAIL', 'newEmail'],
      [{ newEmail: newEmail(), currentPassword: 'not my password' }, 400, 'WRONG_PASSWORD', 'currentPassword'],
      [{ newEmail: 'nope', currentPassword: PASSWORD }, 400, 'VALIDATION_FAILED', 'newEmail'],
    ];
    for (const [body, status, code, field] of cases) {
      const res = await post(t, '/marketplace-api/auth/change-email', body, { cookie });
      expect(res.statusCode, code).toBe(status);
      expect(res.json().errors[0]).toMatchObject({ code, field });
    }
    expect((await emailOf(id))?.email).toBe(email);
  });

  it('asks a visitor to sign in', async () => {
    for (const [url, body] of [
      ['/marketplace-api/auth/change-email', { newEmail: newEmail(), currentPassword: PASSWORD }],
      ['/marketplace-api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'long enough pw' }],
    ] as const) {
      const res = await post(t, url, body);
      expect(res.statusCode).toBe(401);
      expect(res.json().errors[0].code).toBe('UNAUTHENTICATED');
    }
  });
});
