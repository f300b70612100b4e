import { expect, test } from '@playwright/test';
import { gotoReady } from '../support/ready';
import { NEW_ACCOUNT_PASSWORD, signInAfterSignUp } from '../support/sign-up';

/**
 * On a developer's machine `http://localhost:PORT` and `http://127.0.0.1:PORT` are the
 * same site: forms work from either, whichever one PUBLIC_ORIGIN names (decision 0025).
 * The suite's PUBLIC_ORIGIN is the 127.0.0.1 one; this signs up through the other name.
 */
test('signs up from the other loopback name of the site', async ({ page, baseURL }) => {
  const base = new URL(baseURL ?? '');
  test.skip(!['127.0.0.1', 'localhost'].includes(base.hostname), 'needs a site on this machine');
  const other = new URL(base);
  other.hostname = base.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
  const email = `e2e-loopback-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

  await gotoReady(page, new URL('/signup', other).href);
  await page.getByLabel('Your name').fill('Lou Pback');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(NEW_ACCOUNT_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();

  // Sign-up signs nobody in (decision 0026): signing in, also from the other name, opens the account.
  await signInAfterSignUp(page, email, NEW_ACCOUNT_PASSWORD);
  expect(new URL(page.url()).origin).toBe(other.origin);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Lou Pback' })).toBeVisible();
});
