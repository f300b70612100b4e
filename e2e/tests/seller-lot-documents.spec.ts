import { expect, request as playwrightRequest, test } from '@playwright/test';
import { gotoReady } from '../support/ready';
import { auctionEventBody } from '../support/seller-events';
import { signInByApi } from '../support/sign-in';
import { apiAs } from './offers-helpers';

/**
 * A lot's documents (issue 16; decision 0056): a demo seller uploads a small
 * generated PDF with a description on the lot's console page and sees it
 * listed; a visitor cannot read the file while the event is a draft, and
 * reads it from the lot page's "Documents" once the event is published. The
 * seller reorders two documents, before publishing with Move up and after it
 * by keyboard drag; the lot page lists them in that order. Its own event, far
 * in the future (each project makes its own).
 */

const SLUG = 'prairie-heavy-equipment';
const EMAIL = `seller-${SLUG}@example.com`;
const DAY = 86_400_000;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGMwaDiAFTEMLQkAztVcAX2XhiIAAAAASUVORK5CYII=',
  'base64',
);
/** The smallest PDF a reader opens: one empty page. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj ' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const word = `zq${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

test('a seller attaches a document to a lot; buyers read it once the lot is published', async ({ page, baseURL }) => {
  const origin = baseURL ?? '';
  const seller = await apiAs(origin, EMAIL);
  const visitor = await playwrightRequest.newContext({ baseURL: origin });
  const featured = (await (await seller.get('/marketplace/api/companies/featured')).json()).data.companies as {
    _id: string;
    slug: string;
  }[];
  const companyId = featured.find((c) => c.slug === SLUG)?._id;
  const tree = await (await seller.get('/marketplace/api/category/product-categories/tree')).json();
  const created = await seller.post('/marketplace-api/seller/events', {
    data: auctionEventBody({
      companyId,
      name: `Manuals ${word}`,
      title: 'Documented surplus',
      description: 'Pumps with their manuals.',
      startAt: new Date(Date.now() + 60 * DAY).toISOString(),
      endAt: new Date(Date.now() + 70 * DAY).toISOString(),
    }),
  });
  expect(created.status(), await created.text()).toBe(201);
  const eventId = (await created.json()).data._id as string;
  const located = await seller.post(`/marketplace-api/seller/events/${eventId}/locations`, {
    data: { city: 'Regina', region: 'SK', country: 'CA', taxRate: 6, lat: 50.45, lon: -104.61 },
  });
  expect(located.status(), await located.text()).toBe(201);
  const lot = await seller.post(`/marketplace-api/seller/events/${eventId}/lots`, {
    data: {
      number: '1',
      name: `Pump ${word}`,
      description: 'A pump.',
      productCategoryId: tree.data.tree[0].node._id,
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
      dispositionLocationId: (await located.json()).data._id,
    },
  });
  expect(lot.status(), await lot.text()).toBe(201);
  const lotId = (await lot.json()).data._id as string;

  await signInByApi(page, EMAIL);
  await gotoReady(page, `/seller/lots/${lotId}`);
  await page.getByLabel('Add photos').setInputFiles({ name: 'pump.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Upload photos' }).click();
  await expect(page.getByText('1 photo added.')).toBeVisible({ timeout: 15_000 });

  const documents = page.getByRole('region', { name: 'Documents' });
  await documents.getByLabel('Add a document').setInputFiles({
    name: 'manual.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await documents.getByLabel('Description', { exact: true }).fill('Operator manual');
  await documents.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText('Document added.')).toBeVisible({ timeout: 15_000 });
  const link = documents.getByRole('link', { name: 'manual.pdf' });
  await expect(link).toBeVisible();
  await expect(documents.getByLabel('Description of document 1')).toHaveValue('Operator manual');
  const href = (await link.getAttribute('href')) ?? '';
  expect((await visitor.get(href)).status(), 'a draft lot’s document is the company’s only').toBe(404);
  expect((await seller.get(href)).status()).toBe(200);

  // A second document, then reordering: the no-JavaScript button (decision 0056's amendment).
  await documents
    .getByLabel('Add a document')
    .setInputFiles({ name: 'parts.pdf', mimeType: 'application/pdf', buffer: PDF });
  await documents.getByLabel('Description', { exact: true }).fill('Parts list');
  await documents.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(documents.getByRole('link', { name: 'parts.pdf' })).toBeVisible({ timeout: 15_000 });
  const fileLinks = documents.getByRole('link');
  await expect(fileLinks).toHaveText(['manual.pdf', 'parts.pdf']);
  await documents.getByRole('button', { name: 'Move parts.pdf up' }).click();
  await expect(page.getByText('Documents reordered.')).toBeVisible();
  await expect(fileLinks).toHaveText(['parts.pdf', 'manual.pdf']);
  await expect(documents.getByLabel('Description of document 1')).toHaveValue('Parts list');

  const published = await seller.post(`/marketplace-api/seller/events/${eventId}/publish`, {
    data: { as: 'published' },
  });
  expect(published.status(), await published.text()).toBe(200);
  expect((await visitor.get(href)).status()).toBe(200);
  await gotoReady(page, `/marketplace/lots?keyword=${word}&status=upcoming`);
  await page
    .getByRole('link', { name: `Pump ${word}` })
    .first()
    .click();
  const section = page.getByRole('region', { name: 'Documents' });
  await expect(section.getByRole('link', { name: 'Operator manual' })).toHaveAttribute('href', href);
  await expect(section.getByText(/PDF · manual\.pdf · \d+ bytes/)).toBeVisible();
  const lotDocuments = section.getByRole('link', { name: /^(Operator manual|Parts list)$/ });
  await expect(lotDocuments).toHaveText(['Parts list', 'Operator manual']);
  const lotPage = page.url();

  // Published, the documents are still ordered, by keyboard drag (@dnd-kit), and the lot page follows.
  await gotoReady(page, `/seller/lots/${lotId}`);
  await documents.getByRole('button', { name: 'Drag parts.pdf' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Picked up parts.pdf, at position 1 of 2.')).toBeAttached();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText('parts.pdf is over position 2 of 2.')).toBeAttached();
  await page.keyboard.press('Space');
  await expect(page.getByText('parts.pdf dropped at position 2 of 2.')).toBeAttached();
  await expect(page.getByText('Documents reordered.')).toBeVisible();
  await page.reload();
  await expect(fileLinks).toHaveText(['manual.pdf', 'parts.pdf']);
  await page.goto(lotPage);
  await expect(lotDocuments).toHaveText(['Operator manual', 'Parts list']);
  await visitor.dispose();
  await seller.dispose();
});
