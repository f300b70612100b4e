import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { gotoReady } from '../support/ready';
import { signInByApi } from '../support/sign-in';

/**
 * My Bids (/account/bids, issue 14): a visitor is sent to sign in, with the
 * way back in `next`; the account's navigation links to it; the status filter is a row of links, the
 * current one marked. The rows of a real bidder are in bidding.spec.ts (the
 * lot it wins is listed under Won).
 */

// Phone: the account navigation and the row of status links wrap in the phone's one column; scanned there too.
test('a visitor is sent to sign in; the header leads to My Bids and its status filter', {
  tag: '@phone',
}, async ({ page }) => {
  await page.goto('/account/bids?status=outbid');
  await expect(page).toHaveURL(/\/login\?next=\/account\/bids$/);
  // Signed in (through the API: the form's return to `next` is accounts.spec.ts's), from the account page.
  await signInByApi(page, 'unverified@example.com');
  await gotoReady(page, '/account');
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
  await signInByApi(page, 'unverified@example.com');
  await gotoReady(page, '/account/bids');
  await expect(
    page.getByText('You have not bid on any lot yet. Lots you bid on are listed here with your status.'),
  ).toBeVisible();
  await page.goto('/account/bids?status=won');
  await expect(page.getByText('You have no lots with the status “Won”.')).toBeVisible();
});
