import { expect, test } from '@playwright/test';
import { gotoReady } from '../support/ready';
import { signInByApi } from '../support/sign-in';

/**
 * The staff money pages (decision 0079), one wiring test: the payouts page with its due and made sections,
 * then refunds and revenue through the staff navigation, each page marked current. It only reads: the release
 * rule, the manual record, its refusals and the sums are apps/api's payouts tests.
 */
test('staff reach payouts, refunds and revenue from the staff navigation', async ({ page }) => {
  await signInByApi(page, 'staff@example.com');
  await gotoReady(page, '/staff/payouts');
  await expect(page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();
  await expect(page.getByText(/its refund window \(14 days\) has passed/)).toBeVisible();
  await expect(page.getByRole('region', { name: /^Due \(\d+\)$/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Made' })).toBeVisible();

  const staffNav = page.getByRole('navigation', { name: 'Staff' });
  await expect(staffNav.getByRole('link', { name: 'Payouts' })).toHaveAttribute('aria-current', 'page');
  await staffNav.getByRole('link', { name: 'Refunds' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Refunds' })).toBeVisible();
  await expect(staffNav.getByRole('link', { name: 'Refunds' })).toHaveAttribute('aria-current', 'page');
  await expect(
    page.getByRole('table', { name: 'Refunds, newest first' }).or(page.getByText('No order has been refunded.')),
  ).toBeVisible();

  await staffNav.getByRole('link', { name: 'Revenue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Revenue' })).toBeVisible();
  await expect(staffNav.getByRole('link', { name: 'Revenue' })).toHaveAttribute('aria-current', 'page');
  await expect(
    page
      .getByRole('table', { name: 'Revenue per month and currency, newest first' })
      .or(page.getByText('No order has been paid out in the last 24 months.')),
  ).toBeVisible();
});
