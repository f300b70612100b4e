import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { drawer, filterButton, filters, isPhone, sortMenu } from './browse-helpers';

/** No serious or critical axe violations on the browse pages, with the drawer, sort and suggestions open. */

// axe over a full results page takes a while on a shared machine.
test.describe.configure({ timeout: 90_000 });

test('events browse', async ({ page }) => {
  await page.goto('/marketplace/events');
  await expect(page.getByRole('heading', { level: 1, name: 'Browse events' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('a category page in list view', async ({ page }) => {
  const tree = await (await page.request.get('/marketplace/api/category/product-categories/tree')).json();
  await page.goto(`/marketplace/lots/${tree.data.tree[0].node.slug}?view=list`);
  await expect(page.getByRole('heading', { level: 1, name: tree.data.tree[0].node.name })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the open sort menu', async ({ page }) => {
  await page.goto('/marketplace/lots?status=past&page-size=15');
  await sortMenu(page).click();
  // The open menu lies over the first cards, so axe counts their watch buttons as covered targets; the cards
  // themselves are checked in every other state.
  await expectNoSeriousA11yViolations(page, { exclude: ['ul[aria-label="Lots"]'] });
});

test('place suggestions', async ({ page }, info) => {
  await page.goto('/marketplace/lots?geo-distance=500mi&geo-lat=41.85&geo-lon=-87.65&page-size=15');
  const controls = await filters(page, info);
  await controls.getByRole('combobox', { name: 'City or postal area' }).fill('Houston');
  await expect(controls.getByRole('option').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the open drawer', async ({ page }, info) => {
  if (!isPhone(info)) await page.setViewportSize({ width: 900, height: 800 });
  await page.goto('/marketplace/lots?sale-format=auction&page-size=15');
  await filterButton(page).click();
  await expect(drawer(page)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
