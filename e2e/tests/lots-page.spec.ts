import { expect, type Locator, type Page, test } from '@playwright/test';
import { gotoReady } from '../support/ready';

/**
 * The lots page's grid, photos and paging. Which page parameters fall back to the defaults is
 * apps/web/src/lib/browse/page-params.test.ts's and state.test.ts's.
 */

const RANGE = /^(\d[\d,]*)-(\d[\d,]*) of (\d[\d,]*) items$/;

function lotCards(page: Page): Locator {
  return page.getByRole('list', { name: 'Lots' }).getByRole('article');
}

function rangeText(page: Page): Locator {
  return page.getByText(RANGE);
}

test.describe('browse lots', () => {
  // Phone: the grid is one column of full-width cards; each still shows its label, price and amount.
  test('shows lot cards with a photo, title, seller, price and sale label', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/marketplace/lots');
    await expect(page.getByRole('heading', { level: 1, name: 'Browse lots' })).toBeVisible();
    await expect(rangeText(page)).toHaveText(/^1-30 of [\d,]+ items$/);

    const cards = lotCards(page);
    await expect(cards).toHaveCount(30);
    for (const card of (await cards.all()).slice(0, 6)) {
      await expect(card.getByRole('heading', { level: 2 })).toHaveText(/\S/);
      await expect(card.getByText(/^(AUCTION|BUY NOW|TENDER)$/)).toBeVisible();
      await expect(card.getByText(/^(Current bid|Starting bid|Buy now price)$/)).toBeVisible();
      // The amount: an optional currency sign or code, then digits ("$12,500", "CA$1,250.50"); a buy-now card
      // may show its all-in price below it (BUY_NOW_ALL_IN_PRICING), so the first such text is the price.
      await expect(card.getByText(/^(\D{0,4}\d[\d,]*(\.\d+)?|No minimum)$/).first()).toBeVisible();
    }
  });

  test('every card photo actually loads', async ({ page }) => {
    await page.goto('/marketplace/lots?page-size=15');
    const cards = page.getByRole('list', { name: 'Lots' }).getByRole('article');
    await expect(cards).toHaveCount(15);
    for (const card of await cards.all()) {
      // A card may hold several photos (a swipeable strip); the first is the one in view.
      const photo = card.getByRole('img').first();
      // Photos are lazy: bring each into view before asking whether it decoded.
      await photo.scrollIntoViewIfNeeded();
      await expect(photo).toHaveAttribute('alt', /^(Photo (1 of \d+ )?of|No photo available for) \S/);
      await expect
        .poll(() => photo.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
        .toBeGreaterThan(0);
    }
  });

  // Phone: Previous and Next shrink to arrows (their words kept for screen readers) and the page links tighten.
  test('pagination moves to page 2 and updates the item range', { tag: '@phone' }, async ({ page }) => {
    await gotoReady(page, '/marketplace/lots');
    const firstTitle = await lotCards(page).first().getByRole('heading').textContent();
    await expect(page.getByRole('link', { name: 'Page 1', exact: true })).toHaveAttribute('aria-current', 'page');

    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' }).click();

    await expect(page).toHaveURL(/\/marketplace\/lots\?page=2$/);
    await expect(rangeText(page)).toHaveText(/^31-60 of [\d,]+ items$/);
    await expect(page.getByRole('link', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(lotCards(page).first().getByRole('heading')).not.toHaveText(firstTitle ?? '');

    await page.getByRole('link', { name: 'Previous' }).click();
    await expect(rangeText(page)).toHaveText(/^1-30 of [\d,]+ items$/);
  });

  test('page size 15 shows 15 cards and keeps it while paging', async ({ page }) => {
    await gotoReady(page, '/marketplace/lots?page=3');
    await page.getByRole('link', { name: 'Show 15 items per page' }).click();

    await expect(page).toHaveURL(/\/marketplace\/lots\?page-size=15$/);
    await expect(lotCards(page)).toHaveCount(15);
    await expect(rangeText(page)).toHaveText(/^1-15 of [\d,]+ items$/);
    await expect(page.getByRole('link', { name: 'Show 15 items per page' })).toHaveAttribute('aria-current', 'true');

    await page.getByRole('link', { name: 'Page 2', exact: true }).click();
    await expect(rangeText(page)).toHaveText(/^16-30 of [\d,]+ items$/);
    await expect(lotCards(page)).toHaveCount(15);
  });

  test('a card links to its lot detail route', async ({ page }) => {
    await page.goto('/marketplace/lots');
    // The title link; the photos of a card link to the same place, out of the tab order.
    const link = lotCards(page).first().getByRole('heading').getByRole('link');
    await expect(link).toHaveAttribute('href', /^\/marketplace\/bid\/[a-z0-9]+(-[a-z0-9]+)*\/[^/]+$/);
  });

  test('a page past the end says so and links back', async ({ page }) => {
    await gotoReady(page, '/marketplace/lots?page=9999');
    await expect(page.getByText('There are no lots on page 9999.')).toBeVisible();
    await page.getByRole('link', { name: 'Go to the first page' }).click();
    await expect(rangeText(page)).toHaveText(/^1-30 of [\d,]+ items$/);
  });
});
