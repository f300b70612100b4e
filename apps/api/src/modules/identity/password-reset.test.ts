import { mailOutbox, sessions } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { get, newEmail, PASSWORD, post, signUpUser, tokenMailedTo } from './test-helpers';

describe('password reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signIn = (email: string, password: string) => post(t, '/marketplace-api/auth/sign-in', { email, password });

  it('mails a single-use link; the new password works, the old does not, and every session ends', async () => {
    const { id, email, cookie } = await signUpUser(t);
    const res = await post(t, '/marketplace-api/auth/password-reset', { email: email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', data: { sent: true } });
    const token = await tokenMailedTo(t, email, '/reset-password');

    const done = await post(t, '/marketplace-api/auth/password-reset/confirm', {
      token,
      password: 'a brand new secret',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toEqual({ reset: true });
    expect((await signIn(email, PASSWORD)).statusCode).toBe(401);
    expect((await signIn(email, 'a brand new secret')).statusCode).toBe(200);
    expect((await get(t, '/marketplace-api/users/me', cookie)).statusCode).toBe(401);
    // Only the new sign-in's session remains.
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(1);

    const reuse = await post(t, '/marketplace-api/auth/password-reset/confirm', {
      token,
      password: 'yet another secret',
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().errors[0]).toMatchObject({ code: 'LINK_INVALID', field: 'token' });
    expect(reuse.json().errors[0].message).toMatch(/expired or was already used/);
    expect((await signIn(email, 'a brand new secret')).statusCode).toBe(200);
  });

  it('answers the same for an unknown address, and mails nothing', async () => {
    const email = newEmail();
    const res = await post(t, '/marketplace-api/auth/password-reset', { email });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ sent: true });
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).toHaveLength(0);
  });

  it('refuses a weak new password and keeps the link usable', async () => {
    const { email } = await signUpUser(t);
    await post(t, '/marketplace-api/auth/password-reset', { email });
    const token = await tokenMailedTo(t, email, '/reset-password');
    const weak = await post(t, '/marketplace-api/auth/password-reset/confirm', { token, password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors[0]).toMatchObject({ code: 'VALIDATION_FAILED', field: 'password' });
    expect((await signIn(email, PASSWORD)).statusCode).toBe(200);
    const ok = await post(t, '/marketplace-api/auth/password-reset/confirm', { token, password: 'long enough now' });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a made-up token', async () => {
    const res = await post(t, '/marketplace-api/auth/password-reset/confirm', {
      token: 'made-up-token',
      password: 'long enough now',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].code).toBe('LINK_INVALID');
  });

  it('mails at most 2 reset links in 10 minutes to one address, silently: the answer stays the same', async () => {
    const { email } = await signUpUser(t);
    for (let i = 0; i < 4; i++) {
      const res = await post(t, '/marketplace-api/auth/password-reset', { email });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'success', data: { sent: true } });
    }
    const token = await tokenMailedTo(t, email, '/reset-password');
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mails.filter((m) => m.subject === 'Reset your Lotline password')).toHaveLength(2);
    expect(
      (await post(t, '/marketplace-api/auth/password-reset/confirm', { token, password: 'long enough now' }))
        .statusCode,
    ).toBe(200);
  });
});
