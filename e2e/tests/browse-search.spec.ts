import { expect, test } from '@playwright/test';
import { gotoReady } from '../support/ready';
import { isPhone, lotCards, RANGE } from './browse-helpers';

/** Search box, heading, pagination and page sizes, grid/list and history on the browse page. */

test('the search box trims, turns a keyword with a digit into ID: and resets paging', async ({ page }) => {
  await gotoReady(page, '/marketplace/lots?status=active&page=2&page-size=15');
  const box = page.getByRole('main').getByPlaceholder('Search assets...');
  await box.fill('  pump  ');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/marketplace\/lots\?status=active&keyword=pump$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for “pump”');

  const lot = await (await page.request.get('/marketplace/api/search/lots?page-size=15')).json();
  const lotNumber: string = lot.data.lots[0]._source.number;
  await box.fill(` ${lotNumber.toLowerCase()} `);
  await box.press('Enter');
  await expect(page).toHaveURL(
    new RegExp(`\\?status=active&keyword=${encodeURIComponent(`ID:${lotNumber.toUpperCase()}`)}$`),
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Search results for “ID:${lotNumber.toUpperCase()}”`,
  );
  await expect(lotCards(page).first()).toBeVisible();
});

test('pagination with page sizes 15, 30, 45 and 60 and the range text', async ({ page }) => {
  await gotoReady(page, '/marketplace/lots');
  const sizes = page.getByRole('navigation', { name: 'Items per page' }).getByRole('link');
  await expect(sizes).toHaveText(['15', '30', '45', '60']);
  await page.getByRole('link', { name: 'Show 45 items per page' }).click();
  await expect(page).toHaveURL(/\/marketplace\/lots\?page-size=45$/);
  await expect(page.getByText(RANGE)).toHaveText(/^1-45 of [\d,]+ items$/);
  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/marketplace\/lots\?page-size=45&page=2$/);
  await expect(page.getByText(RANGE)).toHaveText(/^46-90 of [\d,]+ items$/);
  await expect(lotCards(page)).toHaveCount(45);
});

test('grid by default; the list view from the small breakpoint up is kept in the URL', async ({ page }, info) => {
  await gotoReady(page, '/marketplace/lots');
  const list = page.getByRole('list', { name: 'Display' });
  if (isPhone(info)) {
    await expect(list).toBeHidden();
    return;
  }
  await expect(list.getByRole('link', { name: 'Grid view' })).toHaveAttribute('aria-current', 'true');
  const columns = () =>
    page
      .getByRole('list', { name: 'Lots' })
      .evaluate((ul) => getComputedStyle(ul).gridTemplateColumns.split(' ').length);
  expect(await columns()).toBeGreaterThan(1);
  await list.getByRole('link', { name: 'List view' }).click();
  await expect(page).toHaveURL(/\/marketplace\/lots\?view=list$/);
  await expect(list.getByRole('link', { name: 'List view' })).toHaveAttribute('aria-current', 'true');
  expect(await columns()).toBe(1);
  // The view survives paging.
  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/marketplace\/lots\?view=list&page=2$/);
});

test('back and forward restore each state', async ({ page }) => {
  await gotoReady(page, '/marketplace/lots');
  const tabs = page.getByRole('navigation', { name: 'Browse' });
  await tabs.getByRole('link', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\?sale-format=buy-now$/);
  await page.getByRole('link', { name: 'Show 15 items per page' }).click();
  await expect(page).toHaveURL(/\?sale-format=buy-now&page-size=15$/);
  await page.goBack();
  await expect(page).toHaveURL(/\?sale-format=buy-now$/);
  await expect(tabs.getByRole('link', { name: 'Buy Now' })).toHaveAttribute('aria-current', 'page');
  await page.goBack();
  await expect(page).toHaveURL(/\/marketplace\/lots$/);
  await expect(tabs.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
  await page.goForward();
  await expect(page).toHaveURL(/\?sale-format=buy-now$/);
  await expect(lotCards(page)).toHaveCount(30);
});
