import { expect, test } from '@playwright/test';
import { chooseFilter, filterButton, filters, isPhone, lotCards, RANGE, sectionOf, sortMenu } from './browse-helpers';

/** Spec §4 filter interactions, as seen in the URL, through the panel (desktop) or the drawer (phone). */

test.describe('browse filters', () => {
  test('choosing buy-now clears ending-date and the ending-soon sort', async ({ page }, info) => {
    await page.goto('/marketplace/lots?ending-date=48-hours&sort=ending-soon');
    await chooseFilter(page, info, 'Sale Format', /^Buy Now/);
    await expect(page).toHaveURL(/\/marketplace\/lots\?sale-format=buy-now$/);
  });

  test('choosing past clears ending-date, the ending-soon sort and tender', async ({ page }, info) => {
    await page.goto('/marketplace/lots?sale-format=tender&ending-date=this-week&sort=ending-soon');
    await chooseFilter(page, info, 'Status', 'Past');
    await expect(page).toHaveURL(/\/marketplace\/lots\?status=past$/);
  });

  test('every change resets page and page-size', async ({ page }, info) => {
    await page.goto('/marketplace/lots?page=2&page-size=15');
    await chooseFilter(page, info, 'Status', 'Upcoming');
    await expect(page).toHaveURL(/\/marketplace\/lots\?status=upcoming$/);
  });

  test('tender is offered only with past; buy-now only for lots', async ({ page }, info) => {
    await page.goto('/marketplace/lots');
    let controls = await filters(page, info);
    await expect(sectionOf(controls, 'Sale Format').getByRole('link')).toHaveText([/^All/, /^Auction/, /^Buy Now/]);
    await page.goto('/marketplace/lots?status=past');
    controls = await filters(page, info);
    await expect(sectionOf(controls, 'Sale Format').getByRole('link')).toHaveText([
      /^All/,
      /^Auction/,
      /^Buy Now/,
      /^Tender/,
    ]);
    await page.goto('/marketplace/events?status=past');
    controls = await filters(page, info);
    await expect(sectionOf(controls, 'Sale Format').getByRole('link')).toHaveText([/^All/, /^Auction/, /^Tender/]);
  });

  test('the sort dropdown offers the view’s sorts, ending soon by default', async ({ page }) => {
    const menu = sortMenu(page);
    const options = page.getByRole('list', { name: 'Sort options' }).getByRole('listitem');
    await page.goto('/marketplace/lots');
    await expect(menu).toHaveText('Sort: Ending Soon');
    await menu.click();
    await expect(options).toHaveText(['Ending Soon', 'Most Recent', 'Lot Sequence', 'Near Me']);
    await page.getByRole('list', { name: 'Sort options' }).getByRole('link', { name: 'Most Recent' }).click();
    await expect(page).toHaveURL(/\/marketplace\/lots\?sort=recent$/);
    await expect(menu).toHaveText('Sort: Most Recent');

    // Past and tender views hide ending-soon.
    await page.goto('/marketplace/lots?status=past');
    await expect(menu).toHaveText('Sort: Most Recent');
    await menu.click();
    await expect(options).toHaveText(['Most Recent', 'Lot Sequence', 'Near Me']);
    await page.goto('/marketplace/lots?sale-format=tender');
    await menu.click();
    await expect(options).toHaveText(['Most Recent', 'Lot Sequence', 'Near Me']);

    // Tender events hide ending-soon and recent and default to sequence.
    await page.goto('/marketplace/events?sale-format=tender&status=past');
    await expect(menu).toHaveText('Sort: Lot Sequence');
    await menu.click();
    await expect(options).toHaveText(['Lot Sequence']);
  });

  test('chips show the active filters; one removes its filter, Clear all removes them all', async ({ page }) => {
    await page.goto('/marketplace/lots?sale-format=auction&status=past&keyword=pump');
    const chips = page.getByRole('list', { name: 'Active filters' }).getByRole('link');
    await expect(chips).toHaveText(['“pump” ×', 'Auction ×', 'Past ×']);
    await page.getByRole('link', { name: 'Remove filter Past' }).click();
    await expect(page).toHaveURL(/\/marketplace\/lots\?sale-format=auction&keyword=pump$/);
    await page.getByRole('link', { name: 'Clear all', exact: true }).click();
    await expect(page).toHaveURL(/\/marketplace\/lots$/);
    await expect(page.getByRole('list', { name: 'Active filters' })).toHaveCount(0);
  });

  test('a category and a manufacturer come from the facets with counts; lists show 8 then Show More (n)', async ({
    page,
  }, info) => {
    await page.goto('/marketplace/lots');
    let controls = await filters(page, info);
    const makers = controls.getByRole('list', { name: 'Manufacturers' }).getByRole('link');
    await expect(makers).toHaveCount(8);
    const more = sectionOf(controls, 'Manufacturer').getByRole('button', { name: /^Show More \(\d+\)$/ });
    const hidden = Number((await more.textContent())?.match(/\d+/)?.[0]);
    expect(hidden).toBeGreaterThan(0);
    await more.click();
    await expect(makers).toHaveCount(8 + hidden);
    await expect(more).toHaveCount(0);

    const maker = makers.first();
    const makerText = (await maker.textContent()) ?? '';
    const makerCount = Number(makerText.match(/\(([\d,]+)\)/)?.[1]?.replace(/,/g, ''));
    await maker.click();
    if (isPhone(info)) await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/\/marketplace\/lots\?manufacturer=[^&]+$/);
    await expect(page.getByText(RANGE)).toHaveText(new RegExp(`of ${makerCount.toLocaleString('en-US')} items$`));

    controls = await filters(page, info);
    const category = controls.getByRole('list', { name: 'Categories' }).getByRole('link').first();
    await expect(category).toHaveText(/\(\d[\d,]*\)$/);
    await category.click();
    if (isPhone(info)) await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/\/marketplace\/lots\?product-category=[^&]+&manufacturer=[^&]+$/);
  });

  test('the filter count counts URL filters but not the coordinates of a distance', async ({ page }, info) => {
    // The button is shown below the large breakpoint.
    if (!isPhone(info)) await page.setViewportSize({ width: 900, height: 800 });
    await page.goto('/marketplace/lots?status=past&geo-distance=100mi&geo-lat=41.88&geo-lon=-87.63');
    await expect(filterButton(page)).toHaveText(/^Filter & Sort, active filters: 2$/);
    await page.goto('/marketplace/lots');
    await expect(filterButton(page)).toHaveText('Filter & Sort');
    await expect(lotCards(page).first()).toBeVisible();
  });
});
