import { expect, type Page, test } from '@playwright/test';
import { gotoReady } from '../support/ready';
import { signInByApi, submitSignIn } from '../support/sign-in';
import { NEW_ACCOUNT_PASSWORD as PASSWORD, signInAfterSignUp } from '../support/sign-up';

/**
 * Accounts end to end: sign-up, activation through the local mail page (no
 * SMTP server), sign-out and sign-in, and the error messages a person sees.
 * The forms are tested here; the rules behind them (a taken address answered
 * as a new one, single-use links, refusals) are the API's tests'
 * (apps/api/src/modules/identity/*.test.ts), and a test that only needs
 * someone signed in signs in through the API.
 */

const uniqueEmail = (label: string) =>
  `e2e-${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** Opens the newest mail with this subject sent to this address, and follows its link. */
async function followMailedLink(page: Page, to: string, subject: string) {
  await gotoReady(page, '/dev/mail');
  const mail = page
    .getByRole('article')
    .filter({ hasText: to })
    .filter({ has: page.getByRole('heading', { name: subject }) })
    .first();
  await mail.getByRole('link').click();
}

test.describe('accounts', () => {
  // Phone: the whole journey through the sign-up, sign-in and account pages in one column, with the header's
  // account links wrapping onto a second row once signed in.
  test('sign up, activate by the mailed link, sign out, sign in with the right password, sign out', {
    tag: '@phone',
  }, async ({ page }) => {
    const email = uniqueEmail('signup');
    await gotoReady(page, '/marketplace/lots');
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('link', { name: 'Create an account' }).click();

    await page.getByLabel('Your name').fill('Erin Tester');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Company name (optional)').fill('Tester Tools Inc.');
    await page.getByRole('radio', { name: /I buy to resell/ }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await signInAfterSignUp(page, email, PASSWORD);
    await expect(page.getByRole('main').getByRole('status')).toContainText(`We sent an activation link to ${email}`);
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Erin Tester' })).toBeVisible();
    await expect(page.getByText('Not activated yet')).toBeVisible();

    await followMailedLink(page, email, 'Activate your Lotline account');
    await expect(page).toHaveURL(/\/account\/activate\?token=/);
    await page.getByRole('button', { name: 'Confirm my e-mail address' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      `Your account is activated. Thank you for confirming ${email}.`,
    );
    await page.getByRole('link', { name: 'Go to your account' }).click();
    await expect(page.getByText('Activated', { exact: true })).toBeVisible();

    await header.getByRole('button', { name: 'Sign out' }).click();
    await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Erin Tester' })).toHaveCount(0);
    await page.goto('/account');
    await expect(page).toHaveURL(/\/login\?next=\/account$/);

    await submitSignIn(page, email, 'not the password');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'The e-mail address or password is not correct.',
    );
    await expect(page.getByLabel('E-mail address')).toHaveValue(email);

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(header.getByRole('link', { name: 'Erin Tester' })).toBeVisible();
    await header.getByRole('button', { name: 'Sign out' }).click();
    await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
  });

  test('sign-up explains a weak password and a missing name', async ({ page }) => {
    // That a taken address is answered as a new one and its owner mailed is sign-up.test.ts's (the API's answer).
    await gotoReady(page, '/signup');
    await page.getByLabel('E-mail address').fill(uniqueEmail('weak'));
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Enter your name.')).toBeVisible();
    await expect(page.getByText('Use at least 10 characters for your password.')).toBeVisible();
    await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  });

  test('signed in already, the sign-in page sends a hostile next to a page of this site', async ({ page }) => {
    // The form's own redirect after a sign-in, over the open-redirect payloads, is apps/web's actions.test.ts and
    // next-path.test.ts; this is the page's redirect for someone signed in already.
    await signInByApi(page, 'buyer@example.com');
    for (const next of ['/%2e%2e//evil.example', '/%09/evil.example']) {
      await page.goto(`/login?next=${next}`);
      await expect(page).toHaveURL(/\/marketplace\/lots$/);
    }
  });

  // Phone: the forgot-password and reset-password forms, and their messages, at the phone's width.
  test('password reset by the mailed link; the link works once', { tag: '@phone' }, async ({ page, request }) => {
    const email = uniqueEmail('reset');
    const created = await request.post('/marketplace-api/auth/sign-up', {
      data: { email, password: PASSWORD, name: 'Reese Reset' },
    });
    expect(created.status()).toBe(202);

    await gotoReady(page, '/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('main').getByRole('status')).toContainText(
      `If ${email} has a Lotline account, we sent it a link`,
    );

    await followMailedLink(page, email, 'Reset your Lotline password');
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    const resetUrl = page.url();
    await page.getByLabel('New password').fill('tiny');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText('Use at least 10 characters for your password.')).toBeVisible();

    await page.getByLabel('New password').fill('a fresh new passphrase');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page).toHaveURL(/\/login\?reset=1$/);
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      'Your password is changed. Sign in with the new one.',
    );

    // That the old password no longer works is password-reset.test.ts's.
    await submitSignIn(page, email, 'a fresh new passphrase');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Reese Reset' })).toBeVisible();

    await gotoReady(page, resetUrl);
    await page.getByLabel('New password').fill('another new passphrase');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'This password reset link has expired or was already used. Ask for a new one.',
    );
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  });

  test('a broken activation link says so', async ({ page }) => {
    await gotoReady(page, '/account/activate?token=not-a-real-token');
    await page.getByRole('button', { name: 'Confirm my e-mail address' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toContainText('This activation link is not valid');
  });
});

test.describe('account settings', () => {
  test('change the password from the account page; a wrong current password is explained', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('settings');
    await request.post('/marketplace-api/auth/sign-up', { data: { email, password: PASSWORD, name: 'Sal Settings' } });
    await signInByApi(page, email, PASSWORD);
    await gotoReady(page, '/account');

    const section = page.getByRole('region', { name: 'Change password' });
    await section.getByLabel('Current password').fill('not my password');
    await section.getByLabel('New password').fill('my next passphrase');
    await section.getByRole('button', { name: 'Change password' }).click();
    await expect(section.getByText('Your current password is not correct.')).toBeVisible();

    await section.getByLabel('Current password').fill(PASSWORD);
    await section.getByLabel('New password').fill('my next passphrase');
    await section.getByRole('button', { name: 'Change password' }).click();
    await expect(section.getByRole('status')).toHaveText('Your password is changed. Other devices were signed out.');
    // This browser stays signed in.
    await page.reload();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sal Settings' })).toBeVisible();
  });
});

test.describe('change of e-mail', () => {
  test('an unactivated account changes its address at once; the activation link goes to the new one', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('old');
    const next = uniqueEmail('new');
    await request.post('/marketplace-api/auth/sign-up', { data: { email, password: PASSWORD, name: 'Cam Change' } });
    await signInByApi(page, email, PASSWORD);
    await gotoReady(page, '/account');

    const section = page.getByRole('region', { name: 'Change e-mail address' });
    await section.getByLabel('New e-mail address').fill(email);
    await section.getByLabel('Current password').fill(PASSWORD);
    await section.getByRole('button', { name: 'Change e-mail address' }).click();
    await expect(section.getByText('That is already your e-mail address.')).toBeVisible();

    await section.getByLabel('New e-mail address').fill(next);
    await section.getByLabel('Current password').fill(PASSWORD);
    await section.getByRole('button', { name: 'Change e-mail address' }).click();
    await expect(section.getByRole('status')).toHaveText(
      `Your e-mail address is now ${next}. We sent an activation link to it.`,
    );
    await page.reload();
    await expect(page.getByRole('region', { name: 'Profile' })).toContainText(next);

    await followMailedLink(page, next, 'Activate your Lotline account');
    await page.getByRole('button', { name: 'Confirm my e-mail address' }).click();
    await expect(page.getByRole('main').getByRole('status')).toContainText(`Thank you for confirming ${next}`);
  });
});

test('a state-changing request from another origin is refused through the site', { tag: '@requests' }, async ({
  request,
}) => {
  const email = uniqueEmail('csrf');
  const res = await request.post('/marketplace-api/auth/sign-up', {
    headers: { origin: 'https://evil.example' },
    data: { email, password: PASSWORD, name: 'Mallory' },
  });
  expect(res.status()).toBe(403);
  expect((await res.json()).errors[0].code).toBe('FORBIDDEN');
  const signIn = await request.post('/marketplace-api/auth/sign-in', { data: { email, password: PASSWORD } });
  expect(signIn.status()).toBe(401);
});
