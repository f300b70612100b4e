import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectReady, gotoReady } from '../support/ready';
import { auctionEventBody } from '../support/seller-events';
import { PNG } from '../support/seller-lots';
import { signInByApi } from '../support/sign-in';
import { apiAs } from './offers-helpers';

/**
 * Staff administer the category tree with its counts (decisions 0077 and 0083), desktop: a demo seller publishes
 * an event of the test's own with two lots in a category the test made (so no other spec's counts move). On
 * /staff/categories staff create a new category and merge the test's category into it: the new category's browse
 * page and the category facet count the two lots. Staff then change the new category's slug: the old browse URL,
 * and the merged category's, redirect to the new one. The audit log shows each step. Changes shared catalog
 * data (a top-level category), so it runs on the site beside and passes alone.
 */

const SELLER = 'seller-prairie-heavy-equipment@example.com';
const DAY = 86_400_000;
// Letters only: the keyword search knows only alphabetic words (a word with digits would be 'corrected').
const word = `zq${randomUUID()
  .replace(/-/g, '')
  .slice(0, 10)
  .replace(/\d/g, (d) => 'ghijklmnop'[Number(d)] ?? 'g')}`;
const RANGE = /^(\d[\d,]*)-(\d[\d,]*) of (\d[\d,]*) items$/;

test('staff merge a category into a new one, the counts follow, an old slug redirects; audited', async ({
  page,
  browser,
  baseURL,
}) => {
  // Runs once, on the site beside (project `staff`, desktop size): the category tree it changes is every visitor's.
  test.setTimeout(120_000);
  const origin = new URL(baseURL as string).origin;

  // The category the lots start in, made through the API: the page is tested on the merge.
  const staffApi = await apiAs(origin, 'staff@example.com');
  const source = await staffApi.post('/marketplace-api/staff/categories', { data: { name: `Source ${word}` } });
  expect(source.status(), await source.text()).toBe(201);
  const sourceCategory = (await source.json()).data.productCategory as { _id: string; slug: string };

  const seller = await apiAs(origin, SELLER);
  const featured = (await (await seller.get('/marketplace/api/companies/featured')).json()).data.companies as {
    _id: string;
    slug: string;
  }[];
  const companyId = featured.find((c) => c.slug === 'prairie-heavy-equipment')?._id;
  const created = await seller.post('/marketplace-api/seller/events', {
    data: auctionEventBody({
      companyId,
      name: `Catalog ${word}`,
      title: 'A sale whose category staff merge',
      startAt: new Date(Date.now() + DAY).toISOString(),
      endAt: new Date(Date.now() + 60 * DAY).toISOString(),
    }),
  });
  expect(created.status(), await created.text()).toBe(201);
  const eventId = (await created.json()).data._id as string;
  const located = await seller.post(`/marketplace-api/seller/events/${eventId}/locations`, {
    data: { city: 'Regina', region: 'SK', country: 'CA', taxRate: 6, lat: 50.45, lon: -104.61 },
  });
  expect(located.status(), await located.text()).toBe(201);
  const lotIds: string[] = [];
  for (const number of ['1', '2']) {
    const made = await seller.post(`/marketplace-api/seller/events/${eventId}/lots`, {
      data: lotBody(number, `Loader ${word} ${number}`, sourceCategory._id, (await located.json()).data._id),
    });
    expect(made.status(), await made.text()).toBe(201);
    lotIds.push((await made.json()).data._id as string);
  }
  // Publishing needs a photo on every lot: the seller adds one on each lot's console page, in a browser of its own.
  const sellerContext = await browser.newContext();
  const sellerPage = await sellerContext.newPage();
  await signInByApi(sellerPage, SELLER);
  for (const lotId of lotIds) {
    await gotoReady(sellerPage, `/seller/lots/${lotId}`);
    await sellerPage.getByLabel('Add photos').setInputFiles({ name: 'loader.png', mimeType: 'image/png', buffer: PNG });
    await sellerPage.getByRole('button', { name: 'Upload photos' }).click();
    await expect(sellerPage.getByText('1 photo added.')).toBeVisible({ timeout: 15_000 });
  }
  await sellerContext.close();
  const published = await seller.post(`/marketplace-api/seller/events/${eventId}/publish`, {
    data: { as: 'published' },
  });
  expect(published.status(), await published.text()).toBe(200);
  await seller.dispose();

  // Staff create the new category on the page, then merge the test's category into it (a select and a confirmation).
  await signInByApi(page, 'staff@example.com');
  await gotoReady(page, '/staff/categories');
  const create = page.getByRole('form', { name: 'New category' });
  await create.getByLabel('Name').fill(`Target ${word}`);
  await create.getByRole('button', { name: 'Create category' }).click();
  await expect(create.getByText(`Category "Target ${word}" created.`)).toBeVisible();
  // The slug was made from the name.
  const found = await staffApi.get(`/marketplace/api/category/product-categories/by-slug/target-${word}`);
  expect(found.status(), await found.text()).toBe(200);
  const target = (await found.json()).data.productCategory as { _id: string; slug: string };

  await gotoReady(page, '/staff/categories');
  const merge = page.getByRole('form', { name: `Merge Source ${word}` });
  await merge.getByLabel('Merge into').selectOption({ label: `Target ${word}` });
  await merge.getByRole('button', { name: `Merge Source ${word}` }).click();
  // The confirmation box is required: nothing is merged before it is ticked.
  await expect(page.getByRole('form', { name: `Merge Source ${word}` })).toBeVisible();
  await merge.getByLabel(`Delete "Source ${word}" after moving its lots, products and subcategories`).check();
  await merge.getByRole('button', { name: `Merge Source ${word}` }).click();
  await expect(page.getByRole('form', { name: `Merge Source ${word}` })).toHaveCount(0);
  await expect(page.getByRole('rowheader', { name: `Target ${word} target-${word}` })).toBeVisible();

  // The new category's browse page and the category facet count the two lots.
  await gotoReady(page, `/marketplace/lots/${target.slug}`);
  await expect(page.getByText(RANGE)).toHaveText(/of 2 items$/);
  await gotoReady(page, `/marketplace/lots?keyword=${word}`);
  const facet = page
    .getByRole('list', { name: 'Categories' })
    .getByRole('link', { name: new RegExp(`Target ${word}`) });
  await expect(facet).toHaveText(`Target ${word} (2)`);

  // A new slug: the old browse URL and the merged category's redirect to it, the query kept.
  await gotoReady(page, '/staff/categories');
  const rename = page.getByRole('form', { name: `Rename Target ${word}` });
  await rename.getByLabel('Slug').fill(`merged-${word}`);
  await rename.getByRole('button', { name: `Rename Target ${word}` }).click();
  // The row's own outcome first: had the API refused the slug, its message (not a bare timeout) is the failure.
  const targetRow = page.getByRole('row').filter({ has: rename });
  await expect(targetRow.getByRole('status').or(targetRow.getByRole('alert'))).toHaveText('Saved.');
  await expect(page.getByRole('rowheader', { name: `Target ${word} merged-${word}` })).toBeVisible();
  for (const old of [target.slug, sourceCategory.slug]) {
    await gotoReady(page, `/marketplace/lots/${old}?sort=recent`);
    await expect(page).toHaveURL(new RegExp(`/marketplace/lots/merged-${word}\\?sort=recent$`));
    await expect(page.getByText(RANGE)).toHaveText(/of 2 items$/);
  }

  // Each step is in the audit log.
  await gotoReady(page, `/staff/audit-log?targetType=category&targetId=${sourceCategory._id}`);
  const sourceEntries = page.getByRole('list', { name: 'Audit log entries' });
  await expect(sourceEntries.getByText('category.merge')).toBeVisible();
  await expect(sourceEntries.getByText('category.create')).toBeVisible();
  await gotoReady(page, `/staff/audit-log?targetType=category&targetId=${target._id}`);
  const targetEntries = page.getByRole('list', { name: 'Audit log entries' });
  await expect(targetEntries.getByText('category.create')).toBeVisible();
  await expect(targetEntries.getByText('category.update')).toBeVisible();
  await expectReady(page);
  await staffApi.dispose();
});

/** A lot of the seller's event in `categoryId`, at the event's location. */
function lotBody(number: string, name: string, categoryId: string, locationId: string) {
  return {
    number,
    name,
    description: 'A wheel loader.',
    productCategoryId: categoryId,
    brand: null,
    catalogProductId: null,
    quantity: 1,
    type: 'AuctionLot',
    startingBid: 10_000,
    reserveBid: null,
    buyItNowPrice: null,
    bestOfferEnabled: false,
    managedShipping: false,
    riggingCost: null,
    riggingParty: null,
    loadingCost: null,
    loadingParty: null,
    shippingCost: null,
    shippingParty: null,
    shippingOptions: [],
    shippingPackageType: null,
    shippingPackageCount: null,
    marketDemand: null,
    forcedLiquidationValue: null,
    orderlyLiquidationValue: null,
    grossBookValue: null,
    netBookValue: null,
    transferValue: null,
    dispositionLocationId: locationId,
  };
}
