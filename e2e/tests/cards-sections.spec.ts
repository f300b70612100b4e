import { expect, type Page, test } from '@playwright/test';
import { gotoReady } from '../support/ready';
import { findLots, setLotsViewed } from './cards-helpers';

/**
 * The browse page around its results (spec §2): filler rows and their arrows,
 * recently viewed (carousel or grid), catalog cards opening a new tab, the
 * featured sellers' logos.
 */

const ACTIVE = { field: 'status', op: 'in', value: ['Active'] };

function row(page: Page, label: string) {
  return page.getByRole('group', { name: label, exact: true });
}

// Phone: the row shows under two of its 200 px cards at a time; its arrows and keys must still scroll it.
test('filler sections have upper-case labels and arrows that move the row by 400 px', { tag: '@phone' }, async ({
  page,
}) => {
  await gotoReady(page, '/marketplace/lots');
  const popular = page.getByRole('region', { name: 'POPULAR', exact: false }).first();
  const label = (await popular.getByRole('heading', { level: 2 }).textContent()) ?? '';
  expect(label).toBe(label.toUpperCase());
  const scroller = row(page, label);
  const left = page.getByRole('button', { name: `Scroll ${label} left` });
  const right = page.getByRole('button', { name: `Scroll ${label} right` });
  await expect(left).toBeDisabled();
  await expect(right).toBeEnabled();
  // Cards are 200 px wide.
  await expect(scroller.getByRole('listitem').first()).toHaveCSS('width', '200px');

  await right.click();
  await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBe(400);
  await expect(left).toBeEnabled();
  await right.click();
  await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBe(800);
  await left.click();
  await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBe(400);
  await left.click();
  await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBe(0);
  await expect(left).toBeDisabled();

  // The row itself is focusable, so the keyboard scrolls it too.
  await scroller.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await expect(left).toBeEnabled();
});

test('a section with a See More link offers it', async ({ page, request }) => {
  const answer = await (await request.get('/marketplace/api/cms/filler-sections')).json();
  const withLink = answer.data.sections.find((s: { seeMoreUrl: string | null }) => s.seeMoreUrl);
  expect(withLink).toBeTruthy();
  await page.goto('/marketplace/lots');
  const link = page.getByRole('link', { name: `See More: ${withLink.label.toUpperCase()}` });
  // The visible text is the spec's 'See More'; the row's name follows it for screen readers and search engines.
  await expect(link).toHaveText(`See More: ${withLink.label.toUpperCase()}`);
  await expect(link.getByText(`: ${withLink.label.toUpperCase()}`)).toHaveClass(/visually-hidden/);
  await expect(link).toHaveAttribute('href', withLink.seeMoreUrl);
});

// Phone: below the medium breakpoint the carousel is a two-column grid without arrows (the test's phone branch).
test('recently viewed: first 4 of the cookie; a carousel from medium up, else a grid', { tag: '@phone' }, async ({
  page,
  context,
  request,
  baseURL,
  isMobile,
}) => {
  const lots = await findLots(request, [ACTIVE], 5);
  await setLotsViewed(
    context,
    baseURL,
    lots.map((l) => l._id),
  );
  await gotoReady(page, '/marketplace/lots');
  const section = page.getByTestId('recently-viewed');
  await expect(section.getByRole('heading', { name: 'RECENTLY VIEWED' })).toBeVisible();
  const items = section.getByRole('listitem');
  await expect(items).toHaveCount(4);
  await expect(section.getByRole('heading', { level: 3 }).first()).toHaveText(lots[0]?._source.name ?? '');
  const list = section.getByRole('list');
  await expect(list).toHaveAttribute('data-layout', 'carousel');
  if (isMobile) {
    // Below the medium breakpoint it stays a grid: two columns, no arrows.
    await expect(list).toHaveCSS('grid-auto-flow', 'row');
    await expect(page.getByRole('button', { name: 'Scroll RECENTLY VIEWED right' })).toBeHidden();
  } else {
    await expect(list).toHaveCSS('grid-auto-flow', 'column');
    // 4 per view at large: all four side by side in one row.
    const boxes = await Promise.all((await items.all()).map((i) => i.boundingBox()));
    expect(new Set(boxes.map((b) => Math.round(b?.y ?? -1))).size).toBe(1);
    await page.setViewportSize({ width: 800, height: 800 });
    // 3 per view at medium: the fourth is outside the row until it scrolls.
    const rowBox = await row(page, 'RECENTLY VIEWED').boundingBox();
    const fourth = await items.nth(3).boundingBox();
    expect((fourth?.x ?? 0) + 1).toBeGreaterThan((rowBox?.x ?? 0) + (rowBox?.width ?? 0));
    await page.getByRole('button', { name: 'Scroll RECENTLY VIEWED right' }).click();
    await expect(page.getByRole('button', { name: 'Scroll RECENTLY VIEWED right' })).toBeDisabled();
  }

  await setLotsViewed(
    context,
    baseURL,
    lots.slice(0, 3).map((l) => l._id),
  );
  await page.reload();
  await expect(items).toHaveCount(3);
  await expect(list).toHaveAttribute('data-layout', 'grid');
  await expect(list).toHaveCSS('grid-auto-flow', 'row');
});

// Phone: the catalog card in a filler row at the phone's width: its facts must show and its link open the tab.
test('a catalog card shows its facts and opens the product in a new tab', { tag: '@phone' }, async ({
  page,
  context,
  request,
}) => {
  const answer = await (await request.get('/marketplace/api/cms/filler-sections')).json();
  const section = answer.data.sections.find((s: { type: string }) => s.type === 'catalog');
  expect(section).toBeTruthy();
  const product = section.catalogProducts[0];
  await gotoReady(page, '/marketplace/lots');
  const link = page.getByRole('link', { name: `${product.name} (opens in a new tab)` }).first();
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);
  const card = page.getByRole('article').filter({ has: link });
  await expect(card.getByText('Manufacturer')).toBeVisible();
  await expect(card.getByText('Model')).toBeVisible();
  await expect(card.getByText('Year')).toBeVisible();
  const from = product.yearOfManufacture.from;
  const to = product.yearOfManufacture.to;
  const year = [...new Set([from, to].filter((y) => y !== null))].join('-') || '-';
  await expect(card.locator('dd').nth(2)).toHaveText(year);

  const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await expect(tab).toHaveURL(new RegExp(`/catalog/p/${encodeURIComponent(product.uniqueName)}$`));
  expect(page.url()).toMatch(/\/marketplace\/lots$/);
});

// Phone: the six logos are a two-column grid below 640 px (three, then six, wider).
test('the six featured sellers link their logos to their seller pages', { tag: '@phone' }, async ({
  page,
  request,
}) => {
  const answer = await (await request.get('/marketplace/api/companies/featured')).json();
  const companies: { _id: string; slug: string; name: string; displayName: string | null }[] = answer.data.companies;
  expect(companies).toHaveLength(6);
  await page.goto('/marketplace/lots');
  const section = page.getByRole('region', { name: 'FEATURED SELLERS' });
  const links = section.getByRole('link');
  await expect(links).toHaveCount(6);
  for (const [i, company] of companies.entries()) {
    await expect(links.nth(i)).toHaveAttribute('href', `/marketplace/seller/${company.slug}/${company._id}`);
    await expect(links.nth(i)).toHaveAccessibleName(company.displayName || company.name);
  }
});

test('a keyword search without a category says it searched across all categories', async ({ page }) => {
  await page.goto('/marketplace/lots?keyword=lathe');
  await expect(page.getByTestId('info-banners')).toHaveText(
    "To help you find what you're looking for, we searched across all categories",
  );
  await page.goto('/marketplace/lots');
  await expect(page.getByTestId('info-banners')).toHaveCount(0);
});

test('an empty search shows the no-results banner and what the fallback found', async ({ page, request }) => {
  const keyword = 'qqxzvw';
  const answer = await request.get(`/marketplace/api/search/lots/fallback?keyword=${keyword}`);
  expect(answer.ok()).toBe(true);
  const { kind } = (await answer.json()).data as { kind: 'past' | 'popular' | 'none' };
  await page.goto(`/marketplace/lots?keyword=${keyword}`);
  const banners = page.getByTestId('info-banners');
  await expect(banners).toContainText('No active listings match your search.');
  if (kind === 'past') {
    await expect(banners).toContainText(`We don't have any ${keyword} available right now.`);
    await expect(banners).toContainText('Here are some that we have sold before.');
  } else if (kind === 'popular') {
    await expect(banners).toContainText('New lots are added regularly - check back soon or view our buy now assets!');
    await expect(banners.getByRole('heading', { name: 'THESE POPULAR ASSETS MIGHT INTEREST YOU' })).toBeVisible();
    await expect(banners.getByRole('link', { name: 'buy now assets' })).toHaveAttribute(
      'href',
      '/marketplace/lots?sale-format=buy-now',
    );
  } else {
    await expect(banners.getByRole('heading', { name: 'New Lots' })).toBeVisible();
  }
  await expect(page.getByRole('list', { name: 'Lots' })).toHaveCount(0);
});

test('an empty search within a category says the category has no active listings', async ({ page, request }) => {
  const tree = await (await request.get('/marketplace/api/category/product-categories/tree')).json();
  const slug: string = tree.data.tree[0].node.slug;
  await page.goto(`/marketplace/lots/${slug}?keyword=qqxzvw`);
  const banners = page.getByTestId('info-banners');
  await expect(banners).toContainText('We have no active listings for this category right now.');
  await expect(banners).not.toContainText('No active listings match your search.');
  await expect(banners).not.toContainText('we searched across all categories');
});
