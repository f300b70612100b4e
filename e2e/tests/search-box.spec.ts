import { expect, test } from '@playwright/test';
import { gotoReady } from '../support/ready';
import { eventFor } from './event-helpers';

/**
 * One search box per page (issue 12): the browse pages keep their own box,
 * which carries the page's filters, and the header's steps aside; on other
 * pages the header's box stays. Runs at desktop and phone sizes (the two
 * projects).
 */

for (const path of ['/marketplace/lots', '/marketplace/lots?sale-format=buy-now', '/marketplace/events']) {
  test(`${path} shows exactly one search box, the page's`, async ({ page }) => {
    await page.goto(path);
    const boxes = page.getByRole('searchbox');
    await expect(boxes).toHaveCount(1);
    await expect(page.getByRole('main').getByRole('searchbox', { name: 'Search these listings' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('searchbox')).toHaveCount(0);
  });
}

test("an event's lots view, a browse too, shows one search box", async ({ page }, info) => {
  await page.goto((await eventFor(page.request, info.project.name)).path);
  await expect(page.getByRole('searchbox')).toHaveCount(1);
  await expect(page.getByRole('main').getByRole('searchbox', { name: 'Search these listings' })).toBeVisible();
});

test('the page box keeps the filters and applies the spec’s keyword rules', async ({ page }) => {
  await gotoReady(page, '/marketplace/lots?sale-format=auction');
  const box = page.getByRole('searchbox');
  await box.fill('  ab12 ');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/marketplace\/lots\?sale-format=auction&keyword=ID%3AAB12$/);
  await expect(page.getByRole('searchbox')).toHaveCount(1);
});

for (const path of ['/marketplace/legal/terms-of-use', '/login']) {
  test(`${path} keeps the header's search box`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('searchbox')).toHaveCount(1);
    await expect(page.getByRole('banner').getByRole('searchbox', { name: 'Search assets' })).toBeVisible();
  });
}
