import { sessions } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { get, PASSWORD, post, signUpUser, tokenMailedTo } from '../identity/test-helpers';
import { patchUser, STAFF_USERS, signUpWithRoles, staffRequest, userRecord } from './test-helpers';

describe('staff disable and re-enable a user, and send a password reset', () => {
  let t: TestApp;
  let staff: { id: string; cookie: string };
  let admin: { id: string; cookie: string };
  beforeAll(async () => {
    t = await createTestApp();
    staff = await signUpWithRoles(t, ['staff']);
    admin = await signUpWithRoles(t, ['admin']);
  });
  afterAll(() => t.close());

  const signIn = (email: string, password = PASSWORD) => post(t, '/marketplace-api/auth/sign-in', { email, password });

  it('disabling ends the sessions at once and sign-in answers 403 ACCOUNT_DISABLED; enabling lets it in again', async () => {
    const user = await signUpUser(t);
    expect((await get(t, '/marketplace-api/users/me', user.cookie)).statusCode).toBe(200);

    const disabled = await patchUser(t, staff.cookie, user.id, { disabled: true });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().data.user).toMatchObject({ id: user.id, disabled: true });
    const shown = await staffRequest(t, 'GET', `${STAFF_USERS}/${user.id}`, staff.cookie);
    expect(shown.json().data.user).toEqual(disabled.json().data.user);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    const me = await get(t, '/marketplace-api/users/me', user.cookie);
    expect(me.statusCode).toBe(401);

    const refused = await signIn(user.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].code).toBe('ACCOUNT_DISABLED');
    expect(refused.headers['set-cookie']).toBeUndefined();
    // A wrong password still says only that: the disabled state is told to the owner of the password alone.
    expect((await signIn(user.email, 'wrong password!')).json().errors[0].code).toBe('INVALID_CREDENTIALS');
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);

    const enabled = await patchUser(t, staff.cookie, user.id, { disabled: false });
    expect(enabled.json().data.user.disabled).toBe(false);
    expect((await signIn(user.email)).statusCode).toBe(200);
    expect((await userRecord(t, user.id)).audit).toEqual([
      { action: 'user.disable', actorId: staff.id, before: { disabled: false }, after: { disabled: true } },
      { action: 'user.enable', actorId: staff.id, before: { disabled: true }, after: { disabled: false } },
    ]);
  });

  it('an unchanged value writes nothing to the audit log', async () => {
    const user = await signUpUser(t);
    expect((await patchUser(t, admin.cookie, user.id, { disabled: false, roles: [] })).statusCode).toBe(200);
    expect((await userRecord(t, user.id)).audit).toEqual([]);
  });

  it('disabling a staff account is for an admin: staff get 403, an admin may', async () => {
    const colleague = await signUpWithRoles(t, ['staff']);
    const refused = await patchUser(t, staff.cookie, colleague.id, { disabled: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].code).toBe('FORBIDDEN');
    expect((await userRecord(t, colleague.id)).user?.disabled).toBe(false);
    expect((await patchUser(t, admin.cookie, colleague.id, { disabled: true })).statusCode).toBe(200);
  });

  it('sends the normal password reset mail (202), audited', async () => {
    const user = await signUpUser(t);
    const res = await staffRequest(t, 'POST', `${STAFF_USERS}/${user.id}/password-reset`, staff.cookie);
    expect(res.statusCode).toBe(202);
    const token = await tokenMailedTo(t, user.email, '/reset-password');
    const reset = await post(t, '/marketplace-api/auth/password-reset/confirm', {
      token,
      password: 'a brand new secret',
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(user.email, 'a brand new secret')).statusCode).toBe(200);
    expect((await userRecord(t, user.id)).audit).toEqual([
      { action: 'user.password-reset', actorId: staff.id, before: null, after: { email: user.email } },
    ]);
  });

  it.each([
    ['GET', () => STAFF_USERS, undefined],
    ['GET', (id: string) => `${STAFF_USERS}/${id}`, undefined],
    ['PATCH', (id: string) => `${STAFF_USERS}/${id}`, { disabled: true, roles: ['admin'] }],
    ['POST', (id: string) => `${STAFF_USERS}/${id}/password-reset`, undefined],
  ] as const)('%s answers a visitor 401 and a buyer or seller 403, nothing changed', async (method, path, body) => {
    const target = await signUpUser(t);
    const before = await userRecord(t, target.id);
    const visitor = await staffRequest(t, method, path(target.id), undefined, body);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().errors[0].code).toBe('UNAUTHENTICATED');
    for (const roles of [[], ['seller']] as const) {
      const other = await signUpWithRoles(t, [...roles]);
      const res = await staffRequest(t, method, path(target.id), other.cookie, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().errors[0].code).toBe('FORBIDDEN');
    }
    expect(await userRecord(t, target.id)).toEqual(before);
  });
});
