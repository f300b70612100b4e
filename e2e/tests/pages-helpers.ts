import { type APIRequestContext, type BrowserContext, expect, type Page } from '@playwright/test';
import { gotoReady } from '../support/ready';
import { signInByApi, siteOrigin } from '../support/sign-in';
import { NEW_ACCOUNT_PASSWORD } from '../support/sign-up';

/** Shared by seller-page, catalog-page, legal-page and home-page specs, and the specs that need a new account. */

/** Signs the verified demo buyer in (through the API) and opens `next`. */
export async function signInAsBuyer(page: Page, next: string) {
  await signInByApi(page, 'buyer@example.com');
  await gotoReady(page, next);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}

const requestOf = (target: Page | BrowserContext | APIRequestContext): APIRequestContext =>
  'request' in target ? target.request : (target as APIRequestContext);

/**
 * A new person, signed up and signed in through the API (the sign-up form has its own specs: accounts,
 * verification-journey, loopback-origins); the session cookie lands in the target's browser context. The account
 * is not activated (as after the form): `activateByApi` does that.
 */
export async function newAccountByApi(
  target: Page | BrowserContext,
  person: { name: string; email: string; reseller?: boolean },
  password = NEW_ACCOUNT_PASSWORD,
) {
  const res = await requestOf(target).post('/marketplace-api/auth/sign-up', {
    data: {
      email: person.email,
      password,
      name: person.name,
      ...(person.reseller ? { buyerPersona: 'Reseller' } : {}),
    },
    headers: { origin: siteOrigin() },
  });
  expect(res.status(), `sign-up of ${person.email}: ${await res.text()}`).toBe(202);
  await signInByApi(target, person.email, password);
}

/** Activates `email`'s account with the link mailed to it, read from the local outbox (through the API). */
export async function activateByApi(target: Page | BrowserContext | APIRequestContext, email: string) {
  const request = requestOf(target);
  const link = /\/account\/activate\?token=([^\s]+)/;
  let token = '';
  await expect
    .poll(
      async () => {
        const outbox = await request.get('/marketplace-api/dev/outbox');
        const messages = (await outbox.json()).data.messages as { to: string; subject: string; text: string }[];
        const mail = messages.find((m) => m.to.includes(email) && link.test(m.text));
        token = decodeURIComponent(mail?.text.match(link)?.[1] ?? '');
        return token !== '';
      },
      { message: `an activation link mailed to ${email}` },
    )
    .toBe(true);
  const res = await request.post('/marketplace-api/auth/activate', {
    data: { token },
    headers: { origin: siteOrigin() },
  });
  expect(res.status(), `activation of ${email}: ${await res.text()}`).toBe(200);
}

export async function apiData<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  expect(res.ok(), `${path} answered ${res.status()}`).toBe(true);
  return (await res.json()).data as T;
}

/** Lots of a page's lot grid. */
export function gridCards(page: Page, listName: string | RegExp) {
  return page.getByRole('list', { name: listName }).getByRole('article');
}
