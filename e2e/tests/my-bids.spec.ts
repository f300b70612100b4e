import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { SIGN_IN_TIMEOUT, signInAt, submitSignIn } from '../support/sign-in';

/**
 * My Bids (/account/bids, issue 14): a visitor is sent to sign in and comes
 * back; the header links to it; the status filter is a row of links, the
 * current one marked. The rows of a real bidder are in bidding.spec.ts (the
 * lot it wins is listed under Won).
 */

test('a visitor is sent to sign in; the header leads to My Bids and its status filter', async ({ page }) => {
  await page.goto('/account/bids?status=outbid');
  await expect(page).toHaveURL(/\/login\?next=\/account\/bids$/);
  await submitSignIn(page, 'unverified@example.com');
  // By path: the sign-in page's own address ends with the same "next".
  await page.waitForURL((url) => url.pathname === '/account/bids', { timeout: SIGN_IN_TIMEOUT });

  await page.goto('/account');
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'My Bids' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Bids' })).toBeVisible();
  const filters = page.getByRole('navigation', { name: 'Filter by bidding status' }).getByRole('link');
  await expect(filters).toHaveText([
    'All',
    'Winning',
    'Outbid',
    'Reserve not met',
    'Bid placed',
    'Won',
    'Lost',
    'Bidded',
  ]);
  await expect(filters.first()).toHaveAttribute('aria-current', 'page');
  await filters.filter({ hasText: 'Outbid' }).click();
  await expect(page).toHaveURL(/\/account\/bids\?status=outbid$/);
  await expect(filters.filter({ hasText: 'Outbid' })).toHaveAttribute('aria-current', 'page');
  await expect(filters.first()).not.toHaveAttribute('aria-current', 'page');
  await expectNoSeriousA11yViolations(page, { include: 'main' });
});

test('a user who never bid reads that the list is empty, per filter', async ({ page }) => {
  await signInAt(page, 'unverified@example.com', '/account/bids');
  await expect(
    page.getByText('You have not bid on any lot yet. Lots you bid on are listed here with your status.'),
  ).toBeVisible();
  await page.goto('/account/bids?status=won');
  await expect(page.getByText('You have no lots with the status “Won”.')).toBeVisible();
});
