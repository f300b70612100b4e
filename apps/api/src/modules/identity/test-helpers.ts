import { mailOutbox } from '@lotline/db/schema';
import { desc, eq } from 'drizzle-orm';
import { vi } from 'vitest';
import type { TestApp } from '../../test/app';
import { uniqueId } from '../../test/factories';

/** Helpers for the identity tests: sign-ups through the real routes, cookies, and links from the outbox. */

export const ORIGIN = 'http://localhost:3000';
export const PASSWORD = 'correct horse battery';

let ipCounter = 0;
/** A fresh client address per call, so tests do not share rate-limit counters unless they mean to. */
export const freshIp = () => `198.51.100.${(++ipCounter % 250) + 1}`;

/** The `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export function cookieOf(res: { headers: Record<string, unknown> }): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  return list.map((c: string) => c.split(';')[0]).join('; ');
}

export function post(t: TestApp, url: string, body?: unknown, options: { cookie?: string; ip?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: {
      origin: ORIGIN,
      'x-forwarded-for': options.ip ?? freshIp(),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

export function get(t: TestApp, url: string, cookie?: string) {
  return t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

export const newEmail = () => `${uniqueId('person')}@example.com`.toLowerCase();

/** Signs a new account up, then in (sign-up itself signs nobody in, decision 0026). */
export async function signUpUser(t: TestApp, overrides: Record<string, unknown> = {}) {
  const email = (overrides.email as string | undefined) ?? newEmail();
  const password = (overrides.password as string | undefined) ?? PASSWORD;
  const res = await post(t, '/marketplace-api/auth/sign-up', { email, password, name: 'Pat Buyer', ...overrides });
  if (res.statusCode !== 202) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const signedIn = await post(t, '/marketplace-api/auth/sign-in', { email, password });
  if (signedIn.statusCode !== 200)
    throw new Error(`sign-in after sign-up failed: ${signedIn.statusCode} ${signedIn.body}`);
  const user = signedIn.json().data.user as { id: string; email: string };
  return { id: user.id, email, cookie: cookieOf(signedIn) };
}

export async function latestMailTo(t: TestApp, to: string) {
  const [row] = await t.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(1);
  return row;
}

/**
 * The token of the newest link of a kind (`activate` or `reset`) mailed to an
 * address. Reset mails leave in the background (decision 0026), so it waits a
 * little for one to arrive.
 */
export async function tokenMailedTo(t: TestApp, to: string, page: '/account/activate' | '/reset-password') {
  const link = new RegExp(`${ORIGIN}${page}\\?token=([^\\s]+)`);
  const mail = await vi.waitFor(
    async () => {
      const latest = await latestMailTo(t, to);
      if (!latest?.text.match(link)) throw new Error(`no ${page} link mailed to ${to}: ${latest?.text ?? 'no mail'}`);
      return latest;
    },
    { timeout: 5_000, interval: 20 },
  );
  return decodeURIComponent(mail.text.match(link)?.[1] ?? '');
}
