import { userVars } from '@lotline/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { get, ORIGIN, signUpUser } from '../identity/test-helpers';
import { send, signUpAdmin } from './test-helpers';

describe('user vars: GET and PUT /marketplace-api/users/{userId}/vars', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const stored = async (userId: string, key: string) =>
    (
      await t.db
        .select({ value: userVars.value })
        .from(userVars)
        .where(and(eq(userVars.userId, userId), eq(userVars.key, key)))
    )[0]?.value;

  it('lists the vars stored at sign-up in the envelope the contract shows', async () => {
    const { id, cookie } = await signUpUser(t, { companyName: 'Acme Machining', buyerPersona: 'Reseller' });
    const res = await get(t, `/marketplace-api/users/${id}/vars`, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      data: {
        data: [
          { key: 'buyer_persona', value: 'Reseller' },
          { key: 'signup_company_name', value: 'Acme Machining' },
        ],
      },
    });
  });

  it('lists the default buyer persona when none is stored', async () => {
    const { id, cookie } = await signUpUser(t);
    await t.db.delete(userVars).where(eq(userVars.userId, id));
    const res = await get(t, `/marketplace-api/users/${id}/vars`, cookie);
    expect(res.json().data.data).toEqual([{ key: 'buyer_persona', value: 'Personal/Business End User' }]);
  });

  it.each([
    ['timezone', 'America/Chicago'],
    ['auction-sms-notification', true],
    ['pin-carousel', false],
    ['notification_settings', { outbid: true, newsletter: false }],
    ['buyer_persona', 'Reseller'],
    ['signup_company_name', '  Northwind Traders  '],
  ])('sets %s and lists it afterwards', async (key, value) => {
    const { id, cookie } = await signUpUser(t);
    const res = await send(t, 'PUT', `/marketplace-api/users/${id}/vars/${key}`, { value }, { cookie });
    expect(res.statusCode).toBe(200);
    const expected = typeof value === 'string' ? value.trim() : value;
    expect(res.json()).toEqual({ status: 'success', data: { key, value: expected } });
    expect(await stored(id, key)).toEqual(expected);
    const list = await get(t, `/marketplace-api/users/${id}/vars`, cookie);
    expect(list.json().data.data).toContainEqual({ key, value: expected });
  });

  it('replaces a stored value', async () => {
    const { id, cookie } = await signUpUser(t, { buyerPersona: 'Reseller' });
    await send(
      t,
      'PUT',
      `/marketplace-api/users/${id}/vars/buyer_persona`,
      { value: 'Personal/Business End User' },
      { cookie },
    );
    expect(await stored(id, 'buyer_persona')).toBe('Personal/Business End User');
  });

  it('refuses a key outside spec §3 with 400 and stores nothing', async () => {
    const { id, cookie } = await signUpUser(t);
    const res = await send(
      t,
      'PUT',
      `/marketplace-api/users/${id}/vars/favourite_colour`,
      { value: 'red' },
      { cookie },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ code: 'VALIDATION_FAILED', field: 'key' });
    expect(res.json().errors[0].message).toMatch(/Unknown user var/);
    expect(await stored(id, 'favourite_colour')).toBeUndefined();
  });

  it.each([
    ['buyer_persona', 'Wholesaler', /Choose one of/],
    ['timezone', 'Mars/Olympus_Mons', /time zone name/],
    ['auction-sms-notification', 'yes', /true or false/],
    ['notification_settings', ['outbid'], /object of setting names/],
    ['signup_company_name', 'x'.repeat(201), /at most 200 characters/],
    ['pin-carousel', undefined, /Send the new value/],
    ['pin-carousel', null, /true or false/],
  ])('refuses a bad value for %s with a clear message and keeps the old one', async (key, value, message) => {
    const { id, cookie } = await signUpUser(t);
    const before = await stored(id, key);
    const res = await send(t, 'PUT', `/marketplace-api/users/${id}/vars/${key}`, { value }, { cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ code: 'VALIDATION_FAILED', field: 'value' });
    expect(res.json().errors[0].message).toMatch(message);
    expect(await stored(id, key)).toEqual(before);
  });

  it('refuses unknown body fields', async () => {
    const { id, cookie } = await signUpUser(t);
    const res = await send(t, 'PUT', `/marketplace-api/users/${id}/vars/timezone`, { value: 'UTC', x: 1 }, { cookie });
    expect(res.statusCode).toBe(400);
    expect(await stored(id, 'timezone')).toBeUndefined();
  });

  it('lets only an admin set skip-tax-exemption', async () => {
    const { id, cookie } = await signUpUser(t, { buyerPersona: 'Reseller' });
    const own = await send(
      t,
      'PUT',
      `/marketplace-api/users/${id}/vars/skip-tax-exemption`,
      { value: true },
      { cookie },
    );
    expect(own.statusCode).toBe(403);
    expect(own.json().errors[0]).toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(/staff/) });
    expect(await stored(id, 'skip-tax-exemption')).toBeUndefined();

    const admin = await signUpAdmin(t);
    const res = await send(
      t,
      'PUT',
      `/marketplace-api/users/${id}/vars/skip-tax-exemption`,
      { value: true },
      { cookie: admin.cookie },
    );
    expect(res.statusCode).toBe(200);
    expect(await stored(id, 'skip-tax-exemption')).toBe(true);
  });

  it('answers 401 to a visitor and 403 for another user, on GET and PUT, and changes nothing', async () => {
    const owner = await signUpUser(t);
    const other = await signUpUser(t);
    expect((await get(t, `/marketplace-api/users/${owner.id}/vars`)).statusCode).toBe(401);
    const foreign = await get(t, `/marketplace-api/users/${owner.id}/vars`, other.cookie);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().errors[0].code).toBe('FORBIDDEN');

    const visitorPut = await send(t, 'PUT', `/marketplace-api/users/${owner.id}/vars/timezone`, { value: 'UTC' });
    expect(visitorPut.statusCode).toBe(401);
    const otherPut = await send(
      t,
      'PUT',
      `/marketplace-api/users/${owner.id}/vars/timezone`,
      { value: 'UTC' },
      { cookie: other.cookie },
    );
    expect(otherPut.statusCode).toBe(403);
    expect(await stored(owner.id, 'timezone')).toBeUndefined();
  });

  it('lets an admin read any user', async () => {
    const owner = await signUpUser(t);
    const admin = await signUpAdmin(t);
    const res = await get(t, `/marketplace-api/users/${owner.id}/vars`, admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.data).toEqual([{ key: 'buyer_persona', value: 'Personal/Business End User' }]);
  });

  it("refuses an admin's change of another user's own vars, by any method, and changes nothing; the owner still can", async () => {
    const owner = await signUpUser(t);
    const admin = await signUpAdmin(t);
    const url = `/marketplace-api/users/${owner.id}/vars/timezone`;
    expect((await send(t, 'PUT', url, { value: 'America/Chicago' }, { cookie: owner.cookie })).statusCode).toBe(200);

    const put = await send(t, 'PUT', url, { value: 'Europe/Paris' }, { cookie: admin.cookie });
    expect(put.statusCode).toBe(403);
    expect(put.json().errors[0]).toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(/own timezone/) });
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await send(t, method, url, method === 'POST' ? { value: 'Europe/Paris' } : undefined, {
        cookie: admin.cookie,
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    const patch = await t.app.inject({
      method: 'PATCH',
      url,
      headers: { origin: ORIGIN, cookie: admin.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ value: 'Europe/Paris' }),
    });
    expect(patch.statusCode).toBeGreaterThanOrEqual(400);
    expect(patch.statusCode).toBeLessThan(500);
    expect(await stored(owner.id, 'timezone')).toBe('America/Chicago');

    // Reading stays open to the admin, and the owner can still change it.
    const read = await get(t, `/marketplace-api/users/${owner.id}/vars`, admin.cookie);
    expect(read.json().data.data).toContainEqual({ key: 'timezone', value: 'America/Chicago' });
    expect((await send(t, 'PUT', url, { value: 'America/Denver' }, { cookie: owner.cookie })).statusCode).toBe(200);
    expect(await stored(owner.id, 'timezone')).toBe('America/Denver');
  });

  it('refuses a cross-origin PUT and stores nothing', async () => {
    const { id, cookie } = await signUpUser(t);
    const res = await send(
      t,
      'PUT',
      `/marketplace-api/users/${id}/vars/timezone`,
      { value: 'UTC' },
      { cookie, origin: 'https://evil.example' },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].code).toBe('FORBIDDEN');
    expect(await stored(id, 'timezone')).toBeUndefined();
  });

  it('allows 120 changes per 15 minutes per user, then answers 429 with Retry-After and stores nothing', async () => {
    const { id, cookie } = await signUpUser(t);
    const put = (value: boolean) =>
      send(t, 'PUT', `/marketplace-api/users/${id}/vars/pin-carousel`, { value }, { cookie });
    for (let i = 0; i < 120; i++) expect((await put(i % 2 === 0)).statusCode).toBe(200);
    expect(await stored(id, 'pin-carousel')).toBe(false);
    const res = await put(true);
    expect(res.statusCode).toBe(429);
    expect(res.json().errors[0].code).toBe('RATE_LIMITED');
    expect(Number(res.headers['retry-after'])).toBe(60);
    expect(await stored(id, 'pin-carousel')).toBe(false);
    // The limit is per user: another user is not affected.
    const other = await signUpUser(t);
    const theirs = await send(
      t,
      'PUT',
      `/marketplace-api/users/${other.id}/vars/pin-carousel`,
      { value: true },
      {
        cookie: other.cookie,
      },
    );
    expect(theirs.statusCode).toBe(200);
  });
});
