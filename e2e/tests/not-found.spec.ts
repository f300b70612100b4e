import { expect, test } from '@playwright/test';
import { gotoReady } from '../support/ready';

test('an unknown route shows the not-found page with HTTP 404', async ({ page }) => {
  const response = await gotoReady(page, '/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle(/Page not found/);

  await page.getByRole('main').getByRole('link', { name: 'Browse all lots' }).click();
  await expect(page).toHaveURL(/\/marketplace\/lots$/);
  await expect(page.getByRole('list', { name: 'Lots' }).getByRole('article').first()).toBeVisible();
});
