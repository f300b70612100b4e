import { expect, test } from '@playwright/test';
import { lotCards } from './browse-helpers';

/** Spec §2 tabs: what each sets, what every tab change resets, and where Events is hidden. */

test.describe('browse tabs', () => {
  test('each tab sets its parameter and the lots follow', async ({ page }) => {
    await page.goto('/marketplace/lots');
    const tabs = page.getByRole('navigation', { name: 'Browse' });
    await expect(tabs.getByRole('link')).toHaveText(['All', 'Auction Lots', 'Buy Now', 'Tender', 'Events']);
    await expect(tabs.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');

    await tabs.getByRole('link', { name: 'Buy Now' }).click();
    await expect(page).toHaveURL(/\/marketplace\/lots\?sale-format=buy-now$/);
    await expect(tabs.getByRole('link', { name: 'Buy Now' })).toHaveAttribute('aria-current', 'page');
    await expect(lotCards(page).first().getByText('BUY NOW', { exact: true })).toBeVisible();

    await tabs.getByRole('link', { name: 'Auction Lots' }).click();
    await expect(page).toHaveURL(/\/marketplace\/lots\?sale-format=auction$/);
    await expect(lotCards(page).first().getByText('AUCTION', { exact: true })).toBeVisible();

    await tabs.getByRole('link', { name: 'Tender' }).click();
    await expect(page).toHaveURL(/\/marketplace\/lots\?sale-format=tender$/);

    await tabs.getByRole('link', { name: 'All' }).click();
    await expect(page).toHaveURL(/\/marketplace\/lots$/);
  });

  test('a tab change resets page, page-size, ending-date and the ending-soon sort, and keeps the rest', async ({
    page,
  }) => {
    await page.goto('/marketplace/lots?status=active&ending-date=this-week&sort=ending-soon&page=2&page-size=15');
    await page.getByRole('navigation', { name: 'Browse' }).getByRole('link', { name: 'Auction Lots' }).click();
    await expect(page).toHaveURL(/\/marketplace\/lots\?sale-format=auction&status=active$/);

    await page.goto('/marketplace/lots?sort=recent&page=3');
    await page.getByRole('navigation', { name: 'Browse' }).getByRole('link', { name: 'Tender' }).click();
    await expect(page).toHaveURL(/\/marketplace\/lots\?sale-format=tender&sort=recent$/);
  });

  test('the Events tab sets browse=events and lists events linking to their pages', async ({ page }) => {
    await page.goto('/marketplace/lots?sale-format=buy-now&keyword=a');
    await page.getByRole('navigation', { name: 'Browse' }).getByRole('link', { name: 'Events' }).click();
    // Buy-now is removed for events; the keyword stays.
    await expect(page).toHaveURL(/\/marketplace\/events\?keyword=a$/);
    await page.goto('/marketplace/events');
    await expect(page.getByRole('heading', { level: 1, name: 'Browse events' })).toBeVisible();
    const events = page.getByRole('list', { name: 'Events' }).getByRole('article');
    await expect(events.first()).toBeVisible();
    const first = events.first();
    await expect(first.getByText('Ends')).toBeVisible();
    await expect(first.getByText('Lots', { exact: true })).toBeVisible();
    await expect(first.getByRole('link')).toHaveAttribute('href', /^\/marketplace\/event\/[a-z0-9-]+\/[^/]+$/);
    // browse=events on the lots route is the events page.
    await page.goto('/marketplace/lots?browse=events');
    await expect(page).toHaveURL(/\/marketplace\/events$/);
  });

  test('a category page hides the Events tab; an unknown category is the 404 page', async ({ page }) => {
    await page.goto('/marketplace/lots');
    const tree = await (await page.request.get('/marketplace/api/category/product-categories/tree')).json();
    const slug: string = tree.data.tree[0].node.slug;
    await page.goto(`/marketplace/lots/${slug}`);
    await expect(page.getByRole('heading', { level: 1, name: tree.data.tree[0].node.name })).toBeVisible();
    const tabs = page.getByRole('navigation', { name: 'Browse' });
    await expect(tabs.getByRole('link')).toHaveText(['All', 'Auction Lots', 'Buy Now', 'Tender']);
    await tabs.getByRole('link', { name: 'Buy Now' }).click();
    await expect(page).toHaveURL(new RegExp(`/marketplace/lots/${slug}\\?sale-format=buy-now$`));

    const response = await page.goto('/marketplace/lots/no-such-category-anywhere');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });
});
