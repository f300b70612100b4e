import { DEMO_PASSWORD } from '@lotline/db/demo-password';
import { expect, type Page } from '@playwright/test';

/**
 * Signing in, the one way every spec does it: through the sign-in form, as a
 * person would. The demo people (README) share the seed's password.
 */

export { DEMO_PASSWORD };

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
