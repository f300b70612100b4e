import { expect, test } from '@playwright/test';

/** Text the API refuses (a NUL, a lone surrogate: decision 0028) in a page URL never shows the error page. */

test('a browse URL whose keyword holds a NUL renders the lots page', async ({ page }) => {
  const response = await page.goto('/marketplace/lots?keyword=%00');
  expect(response?.status()).toBeLessThan(400);
  await expect(page.getByRole('heading', { level: 1, name: 'Browse lots' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Lots' }).getByRole('article').first()).toBeVisible();
});

test('an event address whose id holds a NUL shows the not-found page', async ({ page }) => {
  const response = await page.goto('/marketplace/event/any/%00');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

test('the API answers 400 VALIDATION_FAILED through the site for a NUL in a search parameter', {
  tag: '@requests',
}, async ({ request }) => {
  const response = await request.get('/marketplace/api/search/lots?manufacturer=%00');
  expect(response.status()).toBe(400);
  expect(await response.json()).toMatchObject({ status: 'error', errors: [{ code: 'VALIDATION_FAILED' }] });
});
