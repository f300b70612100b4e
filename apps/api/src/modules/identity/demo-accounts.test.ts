import { users } from '@lotline/db/schema';
import { DEMO_PASSWORD, seedDatabase } from '@lotline/db/seed';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { recomputeVerified } from '../account/verification';
import { cookieOf, get, post } from './test-helpers';

describe('demo accounts sign in with the password README lists', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDatabase(t.db, { lots: 0, now: new Date('2026-11-21T12:00:00Z') });
  });
  afterAll(() => t.close());

  it.each([
    ['buyer@example.com', { roles: [], verified: true }, true],
    ['unverified@example.com', { roles: [], verified: false }, false],
    ['reseller@example.com', { roles: [], verified: false }, true],
    ['staff@example.com', { roles: ['staff', 'admin'], verified: false }, true],
  ])('%s', async (email, expected, activated) => {
    const res = await post(t, '/marketplace-api/auth/sign-in', { email, password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    const me = (await get(t, '/marketplace-api/users/me', cookieOf(res))).json().data;
    expect(me).toMatchObject({ email, ...expected });
    const activation = await get(t, `/marketplace-api/users/${me.id}/activation`, cookieOf(res));
    expect(activation.json().data).toEqual({ completed: activated });
  });

  it('buyer@example.com is verified by the rules of spec §4, not only by the stored flag', async () => {
    const [buyer] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'buyer@example.com'));
    const state = await recomputeVerified(t.db, buyer?.id ?? '');
    expect(state).toMatchObject({
      hasPaymentMethod: true,
      hasBillingAddress: true,
      hasShippingAddress: true,
      isActivated: true,
      verified: true,
    });
  });
});
