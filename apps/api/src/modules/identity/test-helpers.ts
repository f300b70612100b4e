import { mailOutbox } from '@lotline/db/schema';
import { desc, eq } from 'drizzle-orm';
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

export async function signUpUser(t: TestApp, overrides: Record<string, unknown> = {}) {
  const email = (overrides.email as string | undefined) ?? newEmail();
  const res = await post(t, '/marketplace-api/auth/sign-up', {
    email,
    password: PASSWORD,
    name: 'Pat Buyer',
    ...overrides,
  });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const user = res.json().data.user as { id: string; email: string };
  return { id: user.id, email, cookie: cookieOf(res) };
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

/** The token of the newest link of a kind (`activate` or `reset`) mailed to an address. */
export async function tokenMailedTo(t: TestApp, to: string, page: '/account/activate' | '/reset-password') {
  const mail = await latestMailTo(t, to);
  if (!mail) throw new Error(`no mail to ${to}`);
  const match = mail.text.match(new RegExp(`${ORIGIN}${page}\\?token=([^\\s]+)`));
  if (!match?.[1]) throw new Error(`no ${page} link in: ${mail.text}`);
  return decodeURIComponent(match[1]);
}
