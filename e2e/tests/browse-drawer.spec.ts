import { expect, test } from '@playwright/test';
import { gotoReady } from '../support/ready';
import { drawer, filterButton, isPhone, panel, sectionOf } from './browse-helpers';

/** The 'Filters & Sort' drawer: staged changes, Apply, Clear All, Escape, focus kept inside and returned. */

test.beforeEach(async ({ page }, info) => {
  // The drawer is the path below the large breakpoint; the desktop project narrows its window to reach it.
  if (!isPhone(info)) await page.setViewportSize({ width: 900, height: 800 });
});

// Phone: the real phone breakpoint, where only the button is offered (desktop narrows its window to 900 px).
test(
  'the panel is shown on large screens, the Filter & Sort button below',
  { tag: '@phone' },
  async ({ page }, info) => {
    await page.goto('/marketplace/lots');
    await expect(filterButton(page)).toBeVisible();
    await expect(panel(page)).toBeHidden();
    if (!isPhone(info)) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await expect(panel(page)).toBeVisible();
      await expect(filterButton(page)).toBeHidden();
    }
  },
);

// Phone: the drawer takes the whole screen; its sections and Apply are used there.
test('changes are staged until Apply filters', { tag: '@phone' }, async ({ page }) => {
  await gotoReady(page, '/marketplace/lots?page=2');
  await filterButton(page).click();
  const dialog = drawer(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Filters & Sort' })).toBeVisible();

  await sectionOf(dialog, 'Status').getByRole('link', { name: 'Past' }).click();
  await expect(sectionOf(dialog, 'Status').getByRole('link', { name: 'Past' })).toHaveAttribute('aria-current', 'true');
  // Staged: the sale format now offers tender, but the page has not moved.
  await sectionOf(dialog, 'Sale Format')
    .getByRole('link', { name: /^Tender/ })
    .click();
  await sectionOf(dialog, 'Sort').getByRole('link', { name: 'Lot Sequence' }).click();
  await expect(page).toHaveURL(/\/marketplace\/lots\?page=2$/);

  await dialog.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/\/marketplace\/lots\?sale-format=tender&status=past&sort=sequence$/);
  await expect(dialog).toBeHidden();
  await expect(filterButton(page)).toHaveText(/active filters: 3$/);
});

// Phone: the full-screen drawer is the whole page there, so focus must stay inside it and come back to the button.
test('Escape closes without applying and returns focus to the button; focus stays inside', { tag: '@phone' }, async ({
  page,
}) => {
  await gotoReady(page, '/marketplace/lots');
  await filterButton(page).click();
  const dialog = drawer(page);
  await sectionOf(dialog, 'Status').getByRole('link', { name: 'Upcoming', exact: true }).click();
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(filterButton(page)).toBeFocused();
  await expect(page).toHaveURL(/\/marketplace\/lots$/);
});

// Phone: Clear All and Apply, side by side in the footer of the full-width drawer.
test('Clear All in the drawer clears every filter once applied', { tag: '@phone' }, async ({ page }) => {
  await gotoReady(page, '/marketplace/lots?status=past&sale-format=auction&ending-date=all&page-size=45');
  await filterButton(page).click();
  const dialog = drawer(page);
  await dialog.getByRole('button', { name: 'Clear All' }).click();
  await expect(sectionOf(dialog, 'Status').getByRole('link', { name: 'Active & Upcoming' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect(page).toHaveURL(/status=past/);
  await dialog.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/\/marketplace\/lots$/);
  await expect(filterButton(page)).toHaveText('Filter & Sort');
});
