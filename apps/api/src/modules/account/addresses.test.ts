import { addresses } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { get, signUpUser } from '../identity/test-helpers';
import { CA_ADDRESS, send, signUpAdmin, US_ADDRESS } from './test-helpers';

describe('addresses: /marketplace-api/users/{userId}/addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const base = (userId: string) => `/marketplace-api/users/${userId}/addresses`;
  const rowsOf = (userId: string) => t.db.select().from(addresses).where(eq(addresses.userId, userId));

  it('adds billing and shipping addresses and lists them in the shape of the contract', async () => {
    const { id, cookie } = await signUpUser(t);
    expect((await get(t, base(id), cookie)).json()).toEqual({ status: 'success', data: [] });

    const billing = await send(t, 'POST', base(id), US_ADDRESS, { cookie });
    expect(billing.statusCode).toBe(201);
    expect(billing.json().data).toEqual({ id: expect.stringMatching(/^adr_/), ...US_ADDRESS });
    const shipping = await send(t, 'POST', base(id), CA_ADDRESS, { cookie });
    expect(shipping.statusCode).toBe(201);
    // Region and postal code are normalised; a missing second line is empty.
    expect(shipping.json().data).toEqual({
      id: expect.any(String),
      ...CA_ADDRESS,
      region: 'ON',
      postalCode: 'K1A 0A2',
      line2: '',
    });

    const list = await get(t, base(id), cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([billing.json().data, shipping.json().data]);
    expect(await rowsOf(id)).toHaveLength(2);
  });

  it('accepts a ZIP+4 code', async () => {
    const { id, cookie } = await signUpUser(t);
    const res = await send(t, 'POST', base(id), { ...US_ADDRESS, postalCode: '77002-1234' }, { cookie });
    expect(res.statusCode).toBe(201);
  });

  it.each([
    [{ region: 'ON' }, 'region', 'Choose a US state.'],
    [{ country: 'CA', region: 'TX', postalCode: 'K1A 0A2' }, 'region', 'Choose a Canadian province or territory.'],
    [{ postalCode: '7700' }, 'postalCode', 'Enter a US ZIP code, like 77002 or 77002-1234.'],
    [{ country: 'CA', region: 'QC', postalCode: '77002' }, 'postalCode', 'Enter a Canadian postal code, like K1A 0B1.'],
    [{ country: 'MX' }, 'country', 'Choose the United States or Canada.'],
    [{ type: 'office' }, 'type', 'Choose billing or shipping.'],
    [{ name: '  ' }, 'name', 'Enter the name.'],
    [{ line1: '' }, 'line1', 'Enter the street address.'],
    [{ city: 'x'.repeat(101) }, 'city', 'Use at most 100 characters for the city.'],
    [{ phone: 'call me' }, 'phone', 'Enter a phone number of digits, like +1 713 555 0100.'],
    [{ nickname: 'Home' }, 'nickname', 'Unknown field "nickname"'],
  ])('refuses %j with a clear message and stores nothing', async (bad, field, message) => {
    const { id, cookie } = await signUpUser(t);
    const res = await send(t, 'POST', base(id), { ...US_ADDRESS, ...bad }, { cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ code: 'VALIDATION_FAILED', field, message });
    expect(await rowsOf(id)).toHaveLength(0);
  });

  it('replaces an address, and refuses bad input leaving it as it was', async () => {
    const { id, cookie } = await signUpUser(t);
    const created = (await send(t, 'POST', base(id), US_ADDRESS, { cookie })).json().data;
    const changed = { ...US_ADDRESS, type: 'shipping', city: 'Dallas', postalCode: '75201' };
    const res = await send(t, 'PUT', `${base(id)}/${created.id}`, changed, { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id: created.id, ...changed });

    const bad = await send(t, 'PUT', `${base(id)}/${created.id}`, { ...changed, region: 'BC' }, { cookie });
    expect(bad.statusCode).toBe(400);
    const [row] = await rowsOf(id);
    expect(row).toMatchObject({ type: 'shipping', city: 'Dallas', region: 'TX' });
  });

  it('removes an address', async () => {
    const { id, cookie } = await signUpUser(t);
    const created = (await send(t, 'POST', base(id), US_ADDRESS, { cookie })).json().data;
    const res = await send(t, 'DELETE', `${base(id)}/${created.id}`, undefined, { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', data: { deleted: true } });
    expect(await rowsOf(id)).toHaveLength(0);
    const again = await send(t, 'DELETE', `${base(id)}/${created.id}`, undefined, { cookie });
    expect(again.statusCode).toBe(404);
  });

  it("answers 404 for another user's address id under one's own path, and leaves it alone", async () => {
    const owner = await signUpUser(t);
    const other = await signUpUser(t);
    const created = (await send(t, 'POST', base(owner.id), US_ADDRESS, { cookie: owner.cookie })).json().data;
    const put = await send(t, 'PUT', `${base(other.id)}/${created.id}`, CA_ADDRESS, { cookie: other.cookie });
    expect(put.statusCode).toBe(404);
    expect(put.json().errors[0]).toMatchObject({ code: 'NOT_FOUND', message: 'No such address.' });
    const del = await send(t, 'DELETE', `${base(other.id)}/${created.id}`, undefined, { cookie: other.cookie });
    expect(del.statusCode).toBe(404);
    expect(await rowsOf(owner.id)).toEqual([expect.objectContaining({ id: created.id, city: 'Houston' })]);
  });

  it('answers 401 to a visitor and 403 for another user on every method, and changes nothing', async () => {
    const owner = await signUpUser(t);
    const other = await signUpUser(t);
    const created = (await send(t, 'POST', base(owner.id), US_ADDRESS, { cookie: owner.cookie })).json().data;
    const item = `${base(owner.id)}/${created.id}`;

    expect((await get(t, base(owner.id))).statusCode).toBe(401);
    expect((await send(t, 'POST', base(owner.id), US_ADDRESS)).statusCode).toBe(401);
    expect((await send(t, 'PUT', item, CA_ADDRESS)).statusCode).toBe(401);
    expect((await send(t, 'DELETE', item)).statusCode).toBe(401);

    expect((await get(t, base(owner.id), other.cookie)).statusCode).toBe(403);
    const cookie = other.cookie;
    for (const res of [
      await send(t, 'POST', base(owner.id), US_ADDRESS, { cookie }),
      await send(t, 'PUT', item, CA_ADDRESS, { cookie }),
      await send(t, 'DELETE', item, undefined, { cookie }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().errors[0].code).toBe('FORBIDDEN');
    }
    expect(await rowsOf(owner.id)).toEqual([expect.objectContaining({ id: created.id, city: 'Houston' })]);
  });

  it('lets an admin read, but not change, another user’s addresses', async () => {
    const owner = await signUpUser(t);
    const admin = await signUpAdmin(t);
    await send(t, 'POST', base(owner.id), US_ADDRESS, { cookie: owner.cookie });
    const list = await get(t, base(owner.id), admin.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toHaveLength(1);
    expect((await send(t, 'POST', base(owner.id), CA_ADDRESS, { cookie: admin.cookie })).statusCode).toBe(403);
    expect(await rowsOf(owner.id)).toHaveLength(1);
  });

  it('refuses a cross-origin POST and stores nothing', async () => {
    const { id, cookie } = await signUpUser(t);
    const res = await send(t, 'POST', base(id), US_ADDRESS, { cookie, origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(await rowsOf(id)).toHaveLength(0);
  });

  it('keeps at most 20 addresses per user', async () => {
    const { id, cookie } = await signUpUser(t);
    await t.db.insert(addresses).values(
      Array.from({ length: 20 }, (_, i) => ({
        id: `adr_limit_${id}_${i}`,
        userId: id,
        ...US_ADDRESS,
      })),
    );
    const res = await send(t, 'POST', base(id), US_ADDRESS, { cookie });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0]).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/at most 20/) });
    expect(await rowsOf(id)).toHaveLength(20);
  });
});
