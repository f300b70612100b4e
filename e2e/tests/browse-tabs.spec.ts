import { expect, test } from '@playwright/test';
import { gotoReady } from '../support/ready';
import { lotCards } from './browse-helpers';

/**
 * Spec §2 tabs on the page: each sets its parameter and the results follow, Events lists events, a category page
 * has no Events tab. What a tab change resets and keeps is apps/web/src/lib/browse/state.test.ts's.
 */

test.describe('browse tabs', () => {
  // Phone: the tabs are a row that scrolls sideways; the later tabs are out of view until scrolled to.
  test('each tab sets its parameter and the lots follow', { tag: '@phone' }, async ({ page }) => {
    await gotoReady(page, '/marketplace/lots');
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

  // Phone: Events is the last tab of the sideways-scrolling row, and the event cards stand in one column.
  test('the Events tab sets browse=events and lists events linking to their pages', { tag: '@phone' }, async ({
    page,
  }) => {
    await gotoReady(page, '/marketplace/lots?sale-format=buy-now&keyword=a');
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
    const tree = await (await page.request.get('/marketplace/api/category/product-categories/tree')).json();
    const slug: string = tree.data.tree[0].node.slug;
    await gotoReady(page, `/marketplace/lots/${slug}`);
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
