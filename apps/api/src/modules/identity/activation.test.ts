import { users } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { get, latestMailTo, post, signUpUser, tokenMailedTo } from './test-helpers';

describe('activation by e-mail link', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const activated = async (id: string) =>
    (await t.db.select({ v: users.emailVerified }).from(users).where(eq(users.id, id)))[0]?.v;

  it('activates the account from the mailed link, and following it again is harmless', async () => {
    const { id, email, cookie } = await signUpUser(t);
    const token = await tokenMailedTo(t, email, '/account/activate');
    const before = await get(t, `/marketplace-api/users/${id}/activation`, cookie);
    expect(before.json()).toEqual({ status: 'success', data: { completed: false } });

    // Without a session too: the link may be opened in another browser.
    const res = await post(t, '/marketplace-api/auth/activate', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ outcome: 'activated', email });
    expect(await activated(id)).toBe(true);
    const after = await get(t, `/marketplace-api/users/${id}/activation`, cookie);
    expect(after.json().data).toEqual({ completed: true });

    expect((await post(t, '/marketplace-api/auth/activate', { token })).statusCode).toBe(200);
  });

  it('refuses a tampered link and changes nothing', async () => {
    const { id, email } = await signUpUser(t);
    const token = await tokenMailedTo(t, email, '/account/activate');
    const [head, body, signature] = token.split('.');
    const tampered = `${head}.${body}.${signature?.slice(0, -2)}xx`;
    const res = await post(t, '/marketplace-api/auth/activate', { token: tampered });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ code: 'LINK_INVALID', field: 'token' });
    expect(res.json().errors[0].message).toMatch(/not valid/);
    expect((await post(t, '/marketplace-api/auth/activate', { token: 'garbage' })).json().errors[0].code).toBe(
      'LINK_INVALID',
    );
    expect(await activated(id)).toBe(false);
  });

  it('refuses a link older than 24 hours with its own message', async () => {
    const { id, email } = await signUpUser(t);
    const token = await tokenMailedTo(t, email, '/account/activate');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 24 * 60 * 60 * 1000 + 60_000);
    const res = await post(t, '/marketplace-api/auth/activate', { token });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ code: 'LINK_EXPIRED', field: 'token' });
    expect(res.json().errors[0].message).toMatch(/expired/);
    expect(await activated(id)).toBe(false);
  });

  it('sends a new activation link on request, at most 3 an hour, and not once activated', async () => {
    const { id, email, cookie } = await signUpUser(t);
    const first = await latestMailTo(t, email);
    const res = await post(t, '/marketplace-api/auth/activation-email', undefined, { cookie });
    expect(res.statusCode).toBe(200);
    const second = await latestMailTo(t, email);
    expect(second?.id).not.toBe(first?.id);
    expect(second?.subject).toBe('Activate your Lotline account');

    await post(t, '/marketplace-api/auth/activation-email', undefined, { cookie });
    await post(t, '/marketplace-api/auth/activation-email', undefined, { cookie });
    expect((await post(t, '/marketplace-api/auth/activation-email', undefined, { cookie })).statusCode).toBe(429);

    await post(t, '/marketplace-api/auth/activate', { token: await tokenMailedTo(t, email, '/account/activate') });
    expect(await activated(id)).toBe(true);
    const other = await signUpUser(t);
    await post(t, '/marketplace-api/auth/activate', {
      token: await tokenMailedTo(t, other.email, '/account/activate'),
    });
    const again = await post(t, '/marketplace-api/auth/activation-email', undefined, { cookie: other.cookie });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].code).toBe('ALREADY_ACTIVATED');
  });

  it('asks a visitor to sign in before sending an activation link', async () => {
    const res = await post(t, '/marketplace-api/auth/activation-email');
    expect(res.statusCode).toBe(401);
    expect(res.json().errors[0].code).toBe('UNAUTHENTICATED');
  });

  it('GET users/{userId}/activation: 401 for a visitor, 403 for another user, any user for an admin', async () => {
    const owner = await signUpUser(t);
    const other = await signUpUser(t);
    expect((await get(t, `/marketplace-api/users/${owner.id}/activation`)).statusCode).toBe(401);
    const forbidden = await get(t, `/marketplace-api/users/${owner.id}/activation`, other.cookie);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().errors[0].code).toBe('FORBIDDEN');

    const admin = await signUpUser(t);
    await t.db
      .update(users)
      .set({ roles: ['admin'] })
      .where(eq(users.id, admin.id));
    const read = await get(t, `/marketplace-api/users/${owner.id}/activation`, admin.cookie);
    expect(read.json()).toEqual({ status: 'success', data: { completed: false } });
    expect((await get(t, '/marketplace-api/users/nobody/activation', admin.cookie)).statusCode).toBe(404);
  });
});
