import { expect, request as playwrightRequest, test } from '@playwright/test';
import { gotoReady } from '../support/ready';
import { auctionEventBody } from '../support/seller-events';
import { signInByApi } from '../support/sign-in';
import { apiAs } from './offers-helpers';

/**
 * An event's attachments are uploads (decision 0085): on its own draft event, a demo seller
 * chooses a PDF in the event form, sees it uploaded, describes it and saves; the event lists the
 * upload with its name and size, the file is the company's while the event is a draft, and a file
 * of a type that may not be uploaded is refused with its message before anything is sent.
 */

const SLUG = 'prairie-heavy-equipment';
const EMAIL = `seller-${SLUG}@example.com`;
const DAY = 86_400_000;
/** The smallest PDF a reader opens: one empty page. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj ' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const word = `zq${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

test('a seller uploads an event attachment in the event form; it is stored as the upload', async ({
  page,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  const seller = await apiAs(origin, EMAIL);
  const visitor = await playwrightRequest.newContext({ baseURL: origin });
  const featured = (await (await seller.get('/marketplace/api/companies/featured')).json()).data.companies as {
    _id: string;
    slug: string;
  }[];
  const created = await seller.post('/marketplace-api/seller/events', {
    data: auctionEventBody({
      companyId: featured.find((c) => c.slug === SLUG)?._id,
      name: `Catalogue ${word}`,
      title: 'An event with a catalogue',
      startAt: new Date(Date.now() + 60 * DAY).toISOString(),
      endAt: new Date(Date.now() + 70 * DAY).toISOString(),
    }),
  });
  expect(created.status(), await created.text()).toBe(201);
  const eventId = (await created.json()).data._id as string;

  await signInByApi(page, EMAIL);
  await gotoReady(page, `/seller/events/${eventId}`);
  const attachments = page.getByRole('group', { name: 'Attachments' });
  const input = attachments.getByLabel(/^Add files/);

  // Refused in the browser with its message: nothing is asked of the API.
  await input.setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  await expect(attachments.getByRole('alert')).toHaveText(
    'setup.exe cannot be added: this type of file is not allowed',
  );

  await input.setInputFiles({ name: 'catalog.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(attachments.getByRole('status')).toHaveText('Uploaded catalog.pdf. Save the event to keep it.', {
    timeout: 15_000,
  });
  const row = attachments.getByRole('group', { name: 'Attachment 1: catalog.pdf' });
  await row.getByLabel('Description').fill('Sale catalogue');
  await page.getByRole('button', { name: 'Save event' }).click();
  await expect(page.getByText('Event saved.')).toBeVisible({ timeout: 15_000 });

  const stored = (await (await seller.get(`/marketplace-api/seller/events/${eventId}`)).json()).data.attachments;
  expect(stored).toEqual([
    expect.objectContaining({
      description: 'Sale catalogue',
      fileName: 'catalog.pdf',
      size: PDF.length,
      contentType: 'application/pdf',
      uploadId: expect.stringMatching(/^uploads\/marketplace\/.+\.pdf$/),
    }),
  ]);
  const href = stored[0].url as string;
  expect((await visitor.get(href)).status(), 'a draft event’s attachment is the company’s only').toBe(404);
  expect((await seller.get(href)).status()).toBe(200);
  // After the save the form shows the stored row.
  await expect(page.getByRole('group', { name: 'Attachment 1: catalog.pdf' }).getByLabel('Description')).toHaveValue(
    'Sale catalogue',
  );
});
