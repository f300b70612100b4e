import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { gotoReady } from '../support/ready';
import { drawer, filterButton, filters, isPhone, PANEL_SELECTOR, sortMenu } from './browse-helpers';

/**
 * No serious or critical axe violations on the browse pages, with the drawer, sort and suggestions open. Every
 * scan is tagged @phone: at the phone's size the page is laid out anew (one column, the drawer instead of the
 * panel), and axe checks that layout's targets, order and contrast.
 */

// axe over a full results page takes a while on a shared machine.
test.describe.configure({ timeout: 90_000 });

// Phone: the event cards in one column.
test('events browse', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/marketplace/events');
  await expect(page.getByRole('heading', { level: 1, name: 'Browse events' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, { template: 'browse events' });
});

// Phone: the list view's rows narrowed to the phone's width.
test('a category page in list view', { tag: '@phone' }, async ({ page }) => {
  const tree = await (await page.request.get('/marketplace/api/category/product-categories/tree')).json();
  await page.goto(`/marketplace/lots/${tree.data.tree[0].node.slug}?view=list`);
  await expect(page.getByRole('heading', { level: 1, name: tree.data.tree[0].node.name })).toBeVisible();
  await expectNoSeriousA11yViolations(page, { template: 'category, list view' });
});

// Phone: the open menu opens from the left edge, over a one-column grid.
test('the open sort menu', { tag: '@phone' }, async ({ page }) => {
  await gotoReady(page, '/marketplace/lots?status=past&page-size=15');
  await sortMenu(page).click();
  await expect(page.getByRole('list', { name: 'Sort options' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, { include: 'details[open]' });
});

// Phone: the suggestions open inside the filter drawer, not the side panel.
test('place suggestions', { tag: '@phone' }, async ({ page }, info) => {
  await gotoReady(page, '/marketplace/lots?geo-distance=500mi&geo-lat=41.85&geo-lon=-87.65&page-size=15');
  const controls = await filters(page, info);
  await controls.getByRole('combobox', { name: 'City or postal area' }).fill('Houston');
  await expect(controls.getByRole('option').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, { include: isPhone(info) ? 'dialog[open]' : PANEL_SELECTOR });
});

// Phone: the drawer takes the phone's whole width and height.
test('the open drawer', { tag: '@phone' }, async ({ page }, info) => {
  if (!isPhone(info)) await page.setViewportSize({ width: 900, height: 800 });
  await gotoReady(page, '/marketplace/lots?sale-format=auction&page-size=15');
  await filterButton(page).click();
  await expect(drawer(page)).toBeVisible();
  await expectNoSeriousA11yViolations(page, { include: 'dialog[open]' });
});
