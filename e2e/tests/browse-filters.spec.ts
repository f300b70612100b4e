import { expect, test } from '@playwright/test';
import { gotoReady } from '../support/ready';
import { filters, isPhone, RANGE, sectionOf, sortMenu } from './browse-helpers';

/**
 * Spec §4 filter interactions, as seen in the URL and the results, through the panel (desktop) or the drawer
 * (phone). The rules themselves (what buy-now and past clear, paging reset, tender only with past, the filter
 * count, each view's sorts) are apps/web/src/lib/browse/state.test.ts's; these are the screen's wiring.
 */

test.describe('browse filters', () => {
  // Phone: below 640 px the open menu is anchored to the left edge instead of the right, so it stays on screen.
  test('the sort dropdown offers the view’s sorts, ending soon by default, and a choice changes the URL', {
    tag: '@phone',
  }, async ({ page }) => {
    // Which sorts each view offers (past, tender, tender events) is state.test.ts's; this is the wiring.
    const menu = sortMenu(page);
    const options = page.getByRole('list', { name: 'Sort options' }).getByRole('listitem');
    await gotoReady(page, '/marketplace/lots');
    await expect(menu).toHaveText('Sort: Ending Soon');
    await menu.click();
    await expect(options).toHaveText(['Ending Soon', 'Most Recent', 'Lot Sequence', 'Near Me']);
    await page.getByRole('list', { name: 'Sort options' }).getByRole('link', { name: 'Most Recent' }).click();
    await expect(page).toHaveURL(/\/marketplace\/lots\?sort=recent$/);
    await expect(menu).toHaveText('Sort: Most Recent');
  });

  // Phone: the chips wrap onto several rows of the narrow page; each is still reached and used there.
  test('chips show the active filters; one removes its filter, Clear all removes them all', { tag: '@phone' }, async ({
    page,
  }) => {
    await gotoReady(page, '/marketplace/lots?sale-format=auction&status=past&keyword=pump');
    const chips = page.getByRole('list', { name: 'Active filters' }).getByRole('link');
    await expect(chips).toHaveText(['“pump” ×', 'Auction ×', 'Past ×']);
    await page.getByRole('link', { name: 'Remove filter Past' }).click();
    await expect(page).toHaveURL(/\/marketplace\/lots\?sale-format=auction&keyword=pump$/);
    await page.getByRole('link', { name: 'Clear all', exact: true }).click();
    await expect(page).toHaveURL(/\/marketplace\/lots$/);
    await expect(page.getByRole('list', { name: 'Active filters' })).toHaveCount(0);
  });

  // Phone: the facets are in the full-screen drawer, staged there and applied with 'Apply filters'.
  test(
    'a category and a manufacturer come from the facets with counts; lists show 8 then Show More (n)',
    { tag: '@phone' },
    async ({ page }, info) => {
      await gotoReady(page, '/marketplace/lots');
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
    },
  );
});
