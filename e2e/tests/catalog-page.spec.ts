import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { expectSeoBasics, jsonLdOfType, renderedHtml } from '../support/html';
import { gotoReady } from '../support/ready';
import { apiData, gridCards, signInAsBuyer } from './pages-helpers';

/**
 * Catalog product page /catalog/p/{uniqueName} (spec §2): image, name,
 * 'Manufacturer', 'Model', 'Year', the category linked to its browse page,
 * the product's active lots, the Product JSON-LD and the 404.
 */

interface Product {
  uniqueName: string;
  name: string;
  brand: { name: string } | null;
  modelNumber: { name: string } | null;
  yearOfManufacture: { from: number | null; to: number | null };
  productCategory: { name: string; slug: string } | null;
  imageUrl: string | null;
}

const ACTIVE = encodeURIComponent(
  JSON.stringify({ operator: 'and', params: [{ field: 'status', op: 'eq', value: 'Active' }] }),
);

/** A seeded product with a brand, a model, a category and at least one active lot, with that lot count. */
async function productWithLots(request: APIRequestContext): Promise<{ product: Product; lots: number }> {
  for (let pageNumber = 1; pageNumber <= 10; pageNumber++) {
    const { catalogProducts } = await apiData<{ catalogProducts: Product[] }>(
      request,
      `/marketplace/api/catalog/products?pageSize=50&pageNumber=${pageNumber}`,
    );
    for (const product of catalogProducts) {
      if (!product.brand || !product.modelNumber || !product.productCategory) continue;
      const { pagination } = await apiData<{ pagination: { totalItems: number } }>(
        request,
        `/marketplace/api/catalog/products/${encodeURIComponent(product.uniqueName)}/lots?pageSize=1&esQuery=${ACTIVE}`,
      );
      if (pagination.totalItems > 0) return { product, lots: pagination.totalItems };
    }
    if (catalogProducts.length < 50) break;
  }
  throw new Error('no seeded catalog product has an active lot');
}

const pathOf = (p: Product) => `/catalog/p/${encodeURIComponent(p.uniqueName)}`;

/** Spec §2: the unique from-to years joined by a dash, or '-'. */
function yearText({ from, to }: Product['yearOfManufacture']) {
  const years = [...new Set([from, to].filter((y) => y !== null))];
  return years.length > 0 ? years.join('-') : '-';
}

async function expectProductPage(page: Page, product: Product, lots: number) {
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(
    page.getByRole('img', { name: new RegExp(product.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first(),
  ).toBeVisible();
  const facts = page.getByRole('article').filter({ has: page.getByRole('heading', { level: 1 }) });
  const fact = (term: string) => facts.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('+ dd');
  await expect(fact('Manufacturer')).toHaveText(product.brand?.name ?? '-');
  await expect(fact('Model')).toHaveText(product.modelNumber?.name ?? '-');
  await expect(fact('Year')).toHaveText(yearText(product.yearOfManufacture));
  const category = product.productCategory;
  if (category) {
    await expect(fact('Category').getByRole('link', { name: category.name })).toHaveAttribute(
      'href',
      `/marketplace/lots/${category.slug}`,
    );
  }
  await expect(page.getByRole('heading', { level: 2, name: `${product.name} lots for sale` })).toBeVisible();
  await expect(gridCards(page, `${product.name} lots`)).toHaveCount(Math.min(lots, 30));
}

test('a visitor sees the product facts, its category link and its lots', async ({ page, request }) => {
  const { product, lots } = await productWithLots(request);
  await gotoReady(page, pathOf(product));
  await expectProductPage(page, product, lots);
  await expect(
    gridCards(page, `${product.name} lots`).first().getByRole('link', { name: 'Add to watchlist' }),
  ).toBeVisible();
  const category = product.productCategory;
  if (category) {
    await page.getByRole('link', { name: category.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/marketplace/lots/${category.slug}$`));
  }
});

test('the buyer sees the same page with working watch toggles', async ({ page, request }) => {
  const { product, lots } = await productWithLots(request);
  await signInAsBuyer(page, pathOf(product));
  await expect(page).toHaveURL(new RegExp(`${pathOf(product)}$`));
  await expectProductPage(page, product, lots);
  await expect(
    gridCards(page, `${product.name} lots`)
      .first()
      .getByRole('button', { name: /watchlist/ }),
  ).toBeVisible();
});

test('SEO: title, description, canonical, Open Graph and the Product JSON-LD', { tag: '@requests' }, async ({
  request,
}) => {
  const { product } = await productWithLots(request);
  const html = await renderedHtml(request, pathOf(product));
  expect(html.title).toBe(`${product.name} | Lotline`);
  expectSeoBasics(html, pathOf(product));
  const ld = jsonLdOfType(html, 'Product');
  expect(ld.name).toBe(product.name);
  expect(ld.brand).toEqual({ '@type': 'Brand', name: product.brand?.name });
  expect(ld.model).toBe(product.modelNumber?.name);
  expect(ld.category).toBe(product.productCategory?.name);
  if (product.imageUrl) expect(new URL(String(ld.image)).pathname).toBe(product.imageUrl);
});

test('an unknown product is a 404 page', async ({ page }) => {
  const response = await page.goto('/catalog/p/no-such-product-anywhere');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

// Phone: the product's facts and its lot grid in one column, their target sizes and contrast, are scanned too.
test('the catalog product page has no serious accessibility violations', { tag: '@phone' }, async ({
  page,
  request,
}) => {
  const { product } = await productWithLots(request);
  await page.goto(pathOf(product));
  await expectNoSeriousA11yViolations(page, { template: 'catalog product' });
});
