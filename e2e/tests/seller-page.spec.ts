import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { expectSeoBasics, jsonLdOfType, renderedHtml } from '../support/html';
import { gotoReady } from '../support/ready';
import { apiData, gridCards, signInAsBuyer } from './pages-helpers';

/**
 * Seller page /marketplace/seller/{sellerSlug}/{id} (spec §2): logo, name,
 * description, current events, active lots paged with ?page=N, the
 * Organization JSON-LD, the slug redirect and the 404 for an unknown id.
 */

interface Seller {
  _id: string;
  slug: string;
  name: string;
  displayName: string | null;
  logoUrl: string | null;
  description: string;
}

/** The featured seller with the most active lots, and how many it has. */
async function busiestSeller(request: APIRequestContext): Promise<{ seller: Seller; activeLots: number }> {
  const { companies } = await apiData<{ companies: Seller[] }>(request, '/marketplace/api/companies/featured');
  let best: { seller: Seller; activeLots: number } | null = null;
  for (const seller of companies) {
    const esQuery = JSON.stringify({
      operator: 'and',
      params: [
        { field: 'companyId', op: 'eq', value: seller._id },
        { field: 'status', op: 'eq', value: 'Active' },
      ],
    });
    const { pagination } = await apiData<{ pagination: { totalItems: number } }>(
      request,
      `/marketplace/api/event/event-lots?pageSize=1&pageNumber=1&esQuery=${encodeURIComponent(esQuery)}`,
    );
    if (!best || pagination.totalItems > best.activeLots) best = { seller, activeLots: pagination.totalItems };
  }
  if (!best) throw new Error('the seed has no featured sellers');
  return best;
}

const pathOf = (s: Seller) => `/marketplace/seller/${s.slug}/${s._id}`;
const nameOf = (s: Seller) => s.displayName || s.name;

async function expectSellerPage(page: Page, seller: Seller, activeLots: number) {
  const name = nameOf(seller);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  if (seller.logoUrl) await expect(page.getByRole('img', { name: `${name} logo` })).toBeVisible();
  if (seller.description) await expect(page.getByText(seller.description.slice(0, 40)).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: `Current events by ${name}` })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: `Lots from ${name}` })).toBeVisible();
  const cards = gridCards(page, `Lots from ${name}`);
  await expect(cards).toHaveCount(Math.min(activeLots, 30));
  await expect(page.getByText(`1-${Math.min(activeLots, 30)} of ${activeLots} items`)).toBeVisible();
}

test('a visitor sees the seller, its events and its lots, with inert watch toggles', async ({ page, request }) => {
  const { seller, activeLots } = await busiestSeller(request);
  expect(activeLots).toBeGreaterThan(0);
  await page.goto(pathOf(seller));
  await expectSellerPage(page, seller, activeLots);

  // The seller's current events, as the API lists them, each linking to its event page. Tests beside this one
  // publish events of the demo sellers: until the API and the page agree, both are read again.
  const currentEvents = async () =>
    (
      await apiData<{ events: { _id: string; name: string }[] }>(
        request,
        `/marketplace/api/companies/${seller._id}/events?page-size=15`,
      )
    ).events;
  const list = page.getByRole('list', { name: `Events by ${nameOf(seller)}` });
  let events = await currentEvents();
  await expect(async () => {
    if ((await list.getByRole('listitem').count()) === events.length) return;
    events = await currentEvents();
    await page.reload();
    await expect(list.getByRole('listitem')).toHaveCount(events.length, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  if (events.length > 0) {
    for (const event of events)
      await expect(list.getByRole('link', { name: event.name, exact: true })).toHaveAttribute(
        'href',
        new RegExp(`^/marketplace/event/[^/]+/${event._id}$`),
      );
  } else {
    await expect(page.getByText(`${nameOf(seller)} has no current events.`)).toBeVisible();
  }
  const card = gridCards(page, `Lots from ${nameOf(seller)}`).first();
  await expect(card.getByRole('link', { name: 'Add to watchlist' })).toHaveAttribute(
    'href',
    `/login?next=${encodeURIComponent(pathOf(seller))}`,
  );
});

test('the buyer gets working watch toggles on the seller page', async ({ page, request }) => {
  const { seller, activeLots } = await busiestSeller(request);
  await signInAsBuyer(page, pathOf(seller));
  await expect(page).toHaveURL(new RegExp(`${pathOf(seller)}$`));
  await expectSellerPage(page, seller, activeLots);
  const toggles = gridCards(page, `Lots from ${nameOf(seller)}`).getByRole('button', { name: /watchlist/ });
  await expect(toggles.first()).toBeVisible();
  await expect(
    gridCards(page, `Lots from ${nameOf(seller)}`).getByRole('link', { name: 'Add to watchlist' }),
  ).toHaveCount(0);
});

test('the lots are paged (page and page-size links), and each page has its own canonical address', async ({
  page,
  request,
}) => {
  const { seller, activeLots } = await busiestSeller(request);
  expect(activeLots, 'a featured seller with more than one page of 15 active lots').toBeGreaterThan(15);
  await gotoReady(page, pathOf(seller));
  await page.getByRole('link', { name: 'Show 15 items per page' }).click();
  await expect(page).toHaveURL(new RegExp(`${pathOf(seller)}\\?page-size=15$`));
  await expect(page.getByText(`1-15 of ${activeLots} items`)).toBeVisible();
  await expect(gridCards(page, `Lots from ${nameOf(seller)}`)).toHaveCount(15);
  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(new RegExp(`${pathOf(seller)}\\?page-size=15&page=2$`));
  await expect(page.getByText(`16-${Math.min(activeLots, 30)} of ${activeLots} items`)).toBeVisible();
  const second = `${pathOf(seller)}?page-size=15&page=2`;
  expectSeoBasics(await renderedHtml(page.request, second), second);
});

test('SEO: title, description, canonical, Open Graph and the Organization JSON-LD', { tag: '@requests' }, async ({
  request,
}) => {
  const { seller } = await busiestSeller(request);
  const html = await renderedHtml(request, pathOf(seller));
  expect(html.title).toBe(`${nameOf(seller)}: auctions and lots | Lotline`);
  expectSeoBasics(html, pathOf(seller));
  const org = jsonLdOfType(html, 'Organization');
  expect(org.name).toBe(nameOf(seller));
  expect(new URL(String(org.url)).pathname).toBe(pathOf(seller));
  expect(typeof org.description).toBe('string');
  expect(String(org.description).length).toBeGreaterThan(10);
  if (seller.logoUrl) expect(new URL(String(org.logo)).pathname).toBe(seller.logoUrl);
});

test('a wrong slug redirects permanently to the seller’s own; an unknown id is a 404 page', async ({
  page,
  request,
}) => {
  const { seller } = await busiestSeller(request);
  const wrong = await request.get(`/marketplace/seller/old-name/${seller._id}?page-size=15&page=2`, {
    maxRedirects: 0,
  });
  expect(wrong.status()).toBe(308);
  const location = new URL(wrong.headers().location ?? '', 'http://x');
  expect(location.pathname + location.search).toBe(`${pathOf(seller)}?page-size=15&page=2`);
  await page.goto(`/marketplace/seller/old-name/${seller._id}`);
  await expect(page).toHaveURL(new RegExp(`${pathOf(seller)}$`));

  const missing = await page.goto('/marketplace/seller/nobody/co_does_not_exist');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

// Phone: the seller's profile and lot grid in one column, their target sizes and contrast, are scanned too.
test('the seller page has no serious accessibility violations', { tag: '@phone' }, async ({ page, request }) => {
  const { seller } = await busiestSeller(request);
  await page.goto(pathOf(seller));
  await expectNoSeriousA11yViolations(page, { template: 'seller' });
});
