import { rateLimits } from '@lotline/db/schema';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN } from '../modules/identity/test-helpers';
import { createTestApp, type TestApp } from '../test/app';

/**
 * The API believes X-Forwarded-For only from the web process on this machine
 * (TRUST_PROXY defaults to loopback; decision 0027): a client that reaches the
 * API directly cannot choose the address its rate limits count against.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signIn = (remoteAddress: string, forwardedFor: string) =>
  t.app.inject({
    method: 'POST',
    url: '/marketplace-api/auth/sign-in',
    remoteAddress,
    headers: { origin: ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    payload: JSON.stringify({ email: 'nobody@example.com', password: 'not the password' }),
  });

/** The rate-limit keys counted for an address (whatever the policies are called). */
const keysFor = async (address: string) =>
  (
    await t.db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(like(rateLimits.key, `%:${address}`))
  ).map((r) => r.key);

describe('the client address behind TRUST_PROXY', () => {
  it('is the default loopback', () => {
    expect(t.config.trustProxy).toBe('loopback');
  });

  it('ignores X-Forwarded-For from a peer that is not loopback', async () => {
    await signIn('203.0.113.50', '192.0.2.1');
    expect(await keysFor('203.0.113.50')).not.toEqual([]);
    expect(await keysFor('192.0.2.1')).toEqual([]);
  });

  it('takes the address the web process (loopback) forwards', async () => {
    await signIn('127.0.0.1', '192.0.2.2');
    expect(await keysFor('192.0.2.2')).not.toEqual([]);
    expect(await keysFor('127.0.0.1')).toEqual([]);
  });
});
