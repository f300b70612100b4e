import { users } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../test/app';
import { freshIp, ORIGIN, post, signUpUser, tokenMailedTo } from '../identity/test-helpers';

/** Helpers for the account-area tests, on top of the identity ones (real sign-ups, cookies, outbox). */

export function send(
  t: TestApp,
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  options: { cookie?: string; origin?: string } = {},
) {
  return t.app.inject({
    method,
    url,
    headers: {
      origin: options.origin ?? ORIGIN,
      'x-forwarded-for': freshIp(),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

/** Follows the activation link mailed at sign-up, through the real route. */
export async function activate(t: TestApp, email: string) {
  const token = await tokenMailedTo(t, email, '/account/activate');
  const res = await post(t, '/marketplace-api/auth/activate', { token });
  if (res.statusCode !== 200) throw new Error(`activation failed: ${res.statusCode} ${res.body}`);
}

export async function signUpAdmin(t: TestApp) {
  const admin = await signUpUser(t, { name: 'Ada Admin' });
  await t.db
    .update(users)
    .set({ roles: ['admin'] })
    .where(eq(users.id, admin.id));
  return admin;
}

export async function storedVerified(t: TestApp, userId: string) {
  const [row] = await t.db.select({ verified: users.verified }).from(users).where(eq(users.id, userId));
  return row?.verified;
}

export const US_ADDRESS = {
  type: 'billing',
  name: 'Pat Buyer',
  line1: '1200 Main Street',
  line2: 'Suite 400',
  city: 'Houston',
  region: 'TX',
  postalCode: '77002',
  country: 'US',
  phone: '+1 713 555 0100',
} as const;

export const CA_ADDRESS = {
  type: 'shipping',
  name: 'Pat Buyer',
  line1: '80 Wellington Street',
  city: 'Ottawa',
  region: 'on',
  postalCode: 'k1a0a2',
  country: 'CA',
  phone: '613-555-0199',
} as const;
