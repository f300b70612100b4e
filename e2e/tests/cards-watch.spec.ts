import { expect, type Locator, type Page, test } from '@playwright/test';
import { gotoReady } from '../support/ready';
import { GOOD_CARD, newVerifiedBuyer } from './payments-helpers';

/**
 * The watch toggle on lot cards (spec §6): inert for a visitor (it leads to
 * sign-in), a real toggle for a signed-in user that persists across reloads.
 */

function resultCards(page: Page): Locator {
  return page.getByRole('list', { name: 'Lots' }).getByRole('article');
}

test('a visitor gets an inert toggle that leads to sign-in', async ({ page }) => {
  await gotoReady(page, '/marketplace/lots?page=2');
  const toggle = resultCards(page).first().getByRole('link', { name: 'Add to watchlist' });
  await expect(toggle).toBeVisible();
  await expect(resultCards(page).getByRole('button', { name: /watchlist/ })).toHaveCount(0);
  await toggle.click();
  await expect(page).toHaveURL(
    /\/login\?next=%2Fmarketplace%2Flots%3Fpage%3D2$|\/login\?next=\/marketplace\/lots\?page=2$/,
  );
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('a verified buyer adds and removes a lot, and the choice survives a reload', async ({ page }, testInfo) => {
  await newVerifiedBuyer(page, 'cards-watch', [GOOD_CARD]);
  await gotoReady(page, '/marketplace/lots');

  // Each browser project works on its own card, so the two can run side by side.
  const card = resultCards(page).nth(testInfo.project.name === 'phone' ? 5 : 2);
  const name = (await card.getByRole('heading').textContent())?.trim() ?? '';
  const byName = () =>
    resultCards(page)
      .filter({ has: page.getByRole('heading', { name, exact: true }) })
      .first();
  const add = () => byName().getByRole('button', { name: 'Add to watchlist' });
  const remove = () => byName().getByRole('button', { name: 'Remove from watchlist' });
  if (await remove().isVisible()) {
    await remove().click(); // left over from an interrupted run
    await expect(add()).toBeVisible();
  }

  await expect(add()).toHaveAttribute('aria-pressed', 'false');
  await add().click();
  await expect(remove()).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(remove()).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/account/watchlist');
  await expect(page.getByRole('list', { name: 'Watched lots' }).getByRole('link', { name })).toBeVisible();

  await gotoReady(page, '/marketplace/lots');
  await remove().click();
  await expect(add()).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await expect(add()).toHaveAttribute('aria-pressed', 'false');
});
