import { expect, type Page, test } from '@playwright/test';
import { expectSeoBasics, jsonLdBlocks, jsonLdOfType, renderedHtml } from '../support/html';
import { gotoReady } from '../support/ready';
import { signInByApi } from '../support/sign-in';
import { apiData } from './pages-helpers';

/**
 * Home page / : the search box, the top-level categories with counts, the
 * ending-soon and buy-now rows with descriptive links to the browse page,
 * the featured sellers, and the WebSite and Organization JSON-LD. Its axe scan,
 * at both sizes, is a11y.spec.ts's.
 */

interface Category {
  name: string;
  slug: string;
  totalDocCount: number;
}

function row(page: Page, label: string) {
  return page.getByRole('region', { name: label });
}

async function expectHome(page: Page, categories: Category[]) {
  await expect(
    page.getByRole('heading', { level: 1, name: 'Industrial assets by auction, buy now and tender' }),
  ).toBeVisible();
  const shop = page.getByRole('region', { name: 'Shop by category' });
  await expect(shop.getByRole('listitem')).toHaveCount(categories.length);
  for (const c of categories) {
    const link = shop.getByRole('link', { name: new RegExp(`^${c.name} `) });
    await expect(link).toHaveAttribute('href', `/marketplace/lots/${c.slug}`);
    await expect(link).toContainText(`${c.totalDocCount.toLocaleString('en-US')} lot`);
  }
  const endingSoon = row(page, 'ENDING SOON');
  await expect(endingSoon.getByRole('article').first()).toBeVisible();
  await expect(endingSoon.getByText('AUCTION').first()).toBeVisible();
  await expect(endingSoon.getByRole('link', { name: 'See all ending-soon auction lots' })).toHaveAttribute(
    'href',
    '/marketplace/lots?sale-format=auction&status=active',
  );
  const buyNow = row(page, 'BUY NOW');
  await expect(buyNow.getByRole('article').first()).toBeVisible();
  await expect(buyNow.getByRole('link', { name: 'See all buy-now lots' })).toHaveAttribute(
    'href',
    '/marketplace/lots?sale-format=buy-now',
  );
  const sellers = page.getByRole('region', { name: 'FEATURED SELLERS' });
  await expect(sellers.getByRole('link').first()).toHaveAttribute('href', /^\/marketplace\/seller\/[^/]+\/[^/]+$/);
}

async function topCategories(request: Parameters<typeof apiData>[0]): Promise<Category[]> {
  const query = encodeURIComponent(
    JSON.stringify({
      operator: 'and',
      params: [
        { field: 'parentId', op: 'exists', value: false },
        { field: 'status', op: 'eq', value: 'active' },
      ],
    }),
  );
  const data = await apiData<{ productCategories: Category[] }>(
    request,
    `/marketplace/api/category/product-categories/regular?pageSize=50&pageNumber=1&query=${query}`,
  );
  return data.productCategories;
}

// Phone: the categories in two columns, the card rows scroll sideways; every link and the search box are used there.
test('a visitor sees every section; the search box and the row links lead to the browse page', {
  tag: '@phone',
}, async ({ page, request }) => {
  const categories = await topCategories(request);
  expect(categories.length).toBeGreaterThan(0);
  const response = await gotoReady(page, '/');
  expect(response?.status()).toBe(200);
  await expectHome(page, categories);
  await expect(row(page, 'ENDING SOON').getByRole('link', { name: 'Add to watchlist' }).first()).toBeVisible();

  await page.getByRole('link', { name: 'See all buy-now lots' }).click();
  await expect(page).toHaveURL(/\/marketplace\/lots\?sale-format=buy-now$/);
  await gotoReady(page, '/');
  await page.getByRole('link', { name: 'See all ending-soon auction lots' }).click();
  await expect(page).toHaveURL(/\/marketplace\/lots\?sale-format=auction&status=active$/);
  await expect(page.getByText('Sort: Ending Soon', { exact: true }).first()).toBeVisible();

  await gotoReady(page, '/');
  const search = page.getByRole('main').getByRole('searchbox', { name: 'Search these listings' });
  await search.fill('  lathe ');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/marketplace\/lots\?keyword=lathe$/);
  await expect(page.getByRole('heading', { name: 'Search results for “lathe”' })).toBeVisible();

  await gotoReady(page, '/');
  const first = categories[0] as Category;
  await page
    .getByRole('region', { name: 'Shop by category' })
    .getByRole('link', { name: new RegExp(`^${first.name} `) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/marketplace/lots/${first.slug}$`));
});

test('the buyer sees the same page with working watch toggles', async ({ page, request }) => {
  const categories = await topCategories(request);
  await signInByApi(page, 'buyer@example.com');
  await gotoReady(page, '/');
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expectHome(page, categories);
  await expect(
    row(page, 'ENDING SOON')
      .getByRole('button', { name: /watchlist/ })
      .first(),
  ).toBeVisible();
  await expect(row(page, 'ENDING SOON').getByRole('link', { name: 'Add to watchlist' })).toHaveCount(0);
});

test('SEO: title, description, canonical, and the WebSite search action and Organization JSON-LD', {
  tag: '@requests',
}, async ({ request }) => {
  const html = await renderedHtml(request, '/');
  expect(html.title).toBe('Lotline: industrial assets by auction, buy now and tender');
  expectSeoBasics(html, '/');
  expect(jsonLdBlocks(html)).toHaveLength(2);
  const site = jsonLdOfType(html, 'WebSite');
  expect(site.name).toBe('Lotline');
  const action = site.potentialAction as { '@type': string; target: { urlTemplate: string }; 'query-input': string };
  expect(action['@type']).toBe('SearchAction');
  expect(new URL(action.target.urlTemplate).pathname).toBe('/marketplace/lots');
  expect(action.target.urlTemplate).toMatch(/\?keyword=\{search_term_string\}$/);
  expect(action['query-input']).toBe('required name=search_term_string');
  const org = jsonLdOfType(html, 'Organization');
  expect(org.name).toBe('Lotline');
  expect(new URL(String(org.url)).pathname).toBe('/');
});
