import { DEMO_PASSWORD } from '@lotline/db/demo-password';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';

/**
 * Signing in. The specs of the sign-in and sign-up forms (the allow-list in scripts/test-budget.json) use the
 * form, as a person would; every other spec signs in through the API (`signInByApi`: the session cookie lands in
 * the browser context, which is what the page sees after the form, decision 0058). The demo people (README) share
 * the seed's password.
 */

export { DEMO_PASSWORD };

/**
 * The site's origin, for a state-changing request sent from a spec: the API refuses one from another origin, and a
 * browser's form sends the site's.
 */
export const siteOrigin = () => new URL(test.info().project.use.baseURL ?? '').origin;

/** Signing in hashes the password on purpose slowly; on a busy machine the page after it may take a while. */
export const SIGN_IN_TIMEOUT = 30_000;

/** Fills the sign-in form of the page the browser is on and submits it. */
export async function submitSignIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Waits until the browser, signed in, has landed on `path` (a path, with its query if any). */
export async function expectLandedOn(page: Page, path: string) {
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`), {
    timeout: SIGN_IN_TIMEOUT,
  });
}

/** Opens the sign-in page with `next`, signs in and waits for the page it leads to. */
export async function signInAt(page: Page, email: string, next: string, password = DEMO_PASSWORD) {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await submitSignIn(page, email, password);
  await expectLandedOn(page, next);
}

/**
 * Signs `email` in through the API, in the page's browser context (the session cookie is the context's): the pages
 * opened afterwards are signed in. Faster and steadier than the form, which only the form's own specs go through.
 */
export async function signInByApi(target: Page | BrowserContext, email: string, password = DEMO_PASSWORD) {
  const request = 'request' in target ? target.request : target;
  const res = await request.post('/marketplace-api/auth/sign-in', {
    data: { email, password },
    headers: { origin: siteOrigin() },
  });
  expect(res.status(), `sign-in of ${email}: ${await res.text()}`).toBe(200);
}
