import { users } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, url } from '../../test/app';
import { uniqueId } from '../../test/factories';
import { signUpUser } from '../identity/test-helpers';
import { patchUser, STAFF_USERS, signUpWithRoles, staffRequest, userRecord } from './test-helpers';

describe('staff user search and roles', () => {
  let t: TestApp;
  let staff: { id: string; cookie: string };
  let admin: { id: string; cookie: string };
  beforeAll(async () => {
    t = await createTestApp();
    staff = await signUpWithRoles(t, ['staff']);
    admin = await signUpWithRoles(t, ['admin']);
  });
  afterAll(() => t.close());

  const ids = (res: { json: () => { data: { users: { id: string }[] } } }) => res.json().data.users.map((u) => u.id);
  const search = (params: Record<string, string>) => staffRequest(t, 'GET', url(STAFF_USERS, params), staff.cookie);

  it('finds users by part of the e-mail or the name in any case, a % literally, and pages by e-mail', async () => {
    const tag = uniqueId('find').toLowerCase();
    const a = await signUpUser(t, { email: `${tag}-a@example.com`, name: 'Una Lowe' });
    const b = await signUpUser(t, { email: `${tag}-b@example.com`, name: 'Ivo 100% Marsh' });
    const c = await signUpUser(t, { email: `other-${uniqueId('c')}@example.com`.toLowerCase(), name: `Zed ${tag}` });
    await t.db.update(users).set({ verified: true }).where(eq(users.id, b.id));

    const byEmail = await search({ q: tag.toUpperCase() });
    expect(byEmail.statusCode).toBe(200);
    // `find_…` sorts before `other-…`: ordered by e-mail.
    expect(ids(byEmail)).toEqual([a.id, b.id, c.id]);
    expect(byEmail.json().data.users[1]).toEqual({
      id: b.id,
      email: b.email,
      name: 'Ivo 100% Marsh',
      roles: [],
      verified: true,
      disabled: false,
    });
    const byName = await search({ q: 'una lo' });
    expect(ids(byName)).toEqual([a.id]);
    expect(ids(await search({ q: '0%' }))).toEqual([b.id]);
    expect((await search({ q: `${tag}%b` })).json().data.users).toEqual([]);

    const page2 = await search({ q: tag, pageSize: '2', pageNumber: '2' });
    expect(page2.json().data.pagination).toEqual({ pageNumber: 2, pageSize: 2, totalItems: 3, totalPages: 2 });
    expect(ids(page2)).toEqual([c.id]);
  });

  it('refuses an unknown query parameter and a page size over 100', async () => {
    expect((await search({ sort: 'name' })).statusCode).toBe(400);
    expect((await search({ pageSize: '101' })).statusCode).toBe(400);
  });

  it('lets an admin replace the roles, audited as user.roles with before and after', async () => {
    const user = await signUpUser(t);
    const res = await patchUser(t, admin.cookie, user.id, { roles: ['seller', 'staff'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ id: user.id, roles: ['seller', 'staff'], disabled: false });
    expect(await userRecord(t, user.id)).toEqual({
      user: { roles: ['seller', 'staff'], disabled: false },
      audit: [
        { action: 'user.roles', actorId: admin.id, before: { roles: [] }, after: { roles: ['seller', 'staff'] } },
      ],
    });
  });

  it.each([
    ['staff (not admin) changing roles', () => staff, () => ({ roles: ['seller'] }), 'FORBIDDEN'],
    ['an admin changing their own roles', () => admin, () => ({ roles: [] }), 'OWN_RECORD'],
    ['an admin disabling themselves', () => admin, () => ({ disabled: true }), 'OWN_RECORD'],
  ])('refuses %s with 403, nothing changed', async (_, actor, body, code) => {
    const target = code === 'OWN_RECORD' ? actor() : await signUpUser(t);
    const before = await userRecord(t, target.id);
    const res = await patchUser(t, actor().cookie, target.id, body());
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].code).toBe(code);
    expect(await userRecord(t, target.id)).toEqual(before);
  });

  it.each([
    ['an unknown role', { roles: ['owner'] }, 'roles'],
    ['a role twice', { roles: ['staff', 'staff'] }, 'roles'],
    ['an unknown field', { disabled: true, email: 'x@example.com' }, undefined],
    ['an empty body', {}, undefined],
    ['a string for disabled', { disabled: 'yes' }, 'disabled'],
  ])('refuses %s with 400, nothing changed', async (_, body, field) => {
    const user = await signUpUser(t);
    const before = await userRecord(t, user.id);
    const res = await patchUser(t, admin.cookie, user.id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].code).toBe('VALIDATION_FAILED');
    if (field) expect(res.json().errors[0].field).toMatch(new RegExp(`^${field}`));
    expect(await userRecord(t, user.id)).toEqual(before);
  });

  it('answers 404 for an unknown user', async () => {
    expect((await patchUser(t, admin.cookie, 'no-such-user', { disabled: true })).statusCode).toBe(404);
  });

  it('two admins removing each other at once leave one admin: the second is no longer an admin (403)', async () => {
    const one = await signUpWithRoles(t, ['admin']);
    const two = await signUpWithRoles(t, ['admin']);
    const answers = await Promise.all([
      patchUser(t, one.cookie, two.id, { roles: [] }),
      patchUser(t, two.cookie, one.id, { roles: [] }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 403]);
    const left = await Promise.all([one, two].map(async (u) => (await userRecord(t, u.id)).user?.roles));
    expect(left.filter((roles) => roles?.includes('admin'))).toHaveLength(1);
  });
});
