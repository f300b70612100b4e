import type { SellerLotsResponse, SellerResultsResponse } from '@lotline/contracts';
import { expect, type Page, test } from '@playwright/test';
import { placeBid, registerForEvent } from '../support/bidding';
import { gotoReady } from '../support/ready';
import { startEventForm, typeTime } from '../support/seller-events';
import { importLots } from '../support/seller-import';
import { addLot, uniqueWord } from '../support/seller-lots';
import { signInByApi } from '../support/sign-in';
import { RANGE } from './browse-helpers';
import { GOOD_CARD, newVerifiedBuyer } from './payments-helpers';

/**
 * Issue 16's seller journey, in one test on desktop: a demo seller creates an
 * event in the console (terms, a deposit, two locations, registrations that
 * need approval, no stagger and no soft close, so every lot ends at the
 * event's end), adds two lots by hand with photos, imports 200 more from the
 * template with a ZIP of photos after fixing a bad cell (the suite's one
 * browser test of the import page; its rules are apps/api's seller-import
 * tests), publishes, and finds the event and its
 * lots in browse and search at once. A verified bidder of the test's own
 * (made through the API) registers through the API, the seller approves on
 * the registrations page, the bidder bids on the first lot; after the lot clock
 * closes the event, the seller reads the results (the lot sold to the bidder)
 * and downloads the CSV and the settlement PDF.
 *
 * The schedule is real time: the event starts LEAD_MINUTES after the test
 * begins (publishing needs a future start, and creating 202 lots on a busy
 * machine takes minutes) and ends RUN_MINUTES later.
 */

/** Another featured seller than the events, lots and access specs take (they create drafts only). */
const SLUG = 'keystone-machinery-auctions';
const EMAIL = `seller-${SLUG}@example.com`;
const LEAD_MINUTES = 5;
const RUN_MINUTES = 2;
const IMPORTED = 200;
const MINUTE = 60_000;

/** The date picker's digits (MMDDYYYYHHmm) of a UTC instant. */
const pickerDigits = (at: Date) =>
  [at.getUTCMonth() + 1, at.getUTCDate(), at.getUTCFullYear(), at.getUTCHours(), at.getUTCMinutes()]
    .map((n, i) => String(n).padStart(i === 2 ? 4 : 2, '0'))
    .join('');

/** Step 1: the event form, then the event's two locations. Returns the new event's id. */
async function createEvent(page: Page, name: string, startAt: Date, endAt: Date): Promise<string> {
  await signInByApi(page, EMAIL);
  await gotoReady(page, '/seller/events');
  await startEventForm(page, name, 'Everything of a closing Houston plant');
  await typeTime(page, 'Start', pickerDigits(startAt));
  await typeTime(page, 'End', pickerDigits(endAt));
  // Every lot ends at the event's end (no stagger) and a bid near it extends nothing (no soft close).
  await page.getByLabel('Stagger interval (seconds)').fill('0');
  await page.getByLabel('Soft-close window (seconds)').fill('0');
  await page.getByLabel('Registrations need my approval').check();
  await page.getByRole('button', { name: 'Create event' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByTestId('event-status')).toHaveText('Draft');
  const eventId = page.url().split('/').at(-1) as string;
  const stored = (await (await page.request.get(`/marketplace-api/seller/events/${eventId}`)).json()).data;
  expect([stored.startAt, stored.endAt].map((t: string) => new Date(t).getTime())).toEqual([
    startAt.getTime(),
    endAt.getTime(),
  ]);
  expect(stored.settings).toMatchObject({ staggerIntervalSeconds: 0, registrationApprovalRequired: true });
  expect(stored.bidDeposit).toMatchObject({ amount: 50_000 });

  const add = page.getByRole('form', { name: 'Add a location' });
  for (const [city, lat, lon] of [
    ['Houston', '29.76', '-95.37'],
    ['Dallas', '32.78', '-96.8'],
  ] as const) {
    await add.getByLabel('City').fill(city);
    await add.getByLabel('State or province').selectOption('TX');
    await add.getByLabel('Tax rate (%)').fill('8.25');
    await add.getByLabel('Latitude').fill(lat);
    await add.getByLabel('Longitude').fill(lon);
    await add.getByRole('button', { name: 'Add location' }).click();
    await expect(page.getByRole('list', { name: 'Locations' })).toContainText(`${city}, TX, US`);
  }
  return eventId;
}

/** The event's lot with that number, through the console's API (as the signed-in seller). */
async function lotNumbered(page: Page, eventId: string, number: string) {
  const answer = await page.request.get(`/marketplace-api/seller/events/${eventId}/lots?pageSize=10`);
  const lot = ((await answer.json()).data as SellerLotsResponse).lots.find((l) => l.number === number);
  if (!lot) throw new Error(`no lot ${number} in the journey's event`);
  return lot;
}

test('one seller: create, add lots, import 200, publish, approve a bidder, close, read results and settlement', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(15 * MINUTE);
  const origin = baseURL as string;
  const word = uniqueWord();
  const name = `Plant closure ${word}`;
  // Whole minutes (the picker has no seconds), LEAD_MINUTES from now at least.
  const startAt = new Date(Math.ceil((Date.now() + LEAD_MINUTES * MINUTE) / MINUTE) * MINUTE);
  const endAt = new Date(startAt.getTime() + RUN_MINUTES * MINUTE);

  // 1. The event.
  const eventId = await createEvent(page, name, startAt, endAt);

  // 2. Two lots by hand, each with a photo.
  await addLot(page, eventId, '1', `Pump ${word}`);
  await addLot(page, eventId, '2', `Compressor ${word}`);

  // 3. The template, a 200-row sheet with a bad cell, the fix, the import (in lot 1's category).
  const pump = await lotNumbered(page, eventId, '1');
  await gotoReady(page, `/seller/events/${eventId}/lots`);
  await importLots(page, name, {
    lots: IMPORTED,
    namePrefix: `Pallet ${word}`,
    location: 'Houston',
    category: pump.categoryName ?? '',
  });
  await expect(page.getByRole('table').getByRole('rowheader')).toHaveCount(IMPORTED + 2);

  // 4. Publish: the checks pass, before the start.
  await gotoReady(page, `/seller/events/${eventId}`);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  // A published event's page has no "Publish" any more: its status says it.
  await expect(page.getByTestId('event-status')).toHaveText('Published', { timeout: 30_000 });
  expect(Date.now(), 'published before the start').toBeLessThan(startAt.getTime());

  // 5. At once, public: the event's page with its lots, and a search by the lots' word with its total.
  await page.goto(`/marketplace/event/event/${eventId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Lots in this event' })).toBeVisible();
  const inEvent = await page.request.get(`/marketplace/api/search/lots?event-id=${eventId}`);
  expect((await inEvent.json()).data.pagination.totalItems).toBe(IMPORTED + 2);
  await page.goto(`/marketplace/lots?keyword=${word}&status=upcoming`);
  await expect(page.getByText(RANGE)).toHaveText(new RegExp(` of ${IMPORTED + 2} items$`));
  await page.goto(`/marketplace/lots?keyword=pump+${word}&status=upcoming`);
  await expect(page.getByText(RANGE)).toHaveText('1-1 of 1 items');
  await expect(page.getByText(`Pump ${word}`).first()).toBeVisible();

  // 6. The bidder registers (API; the deposit is held), the seller approves on the registrations page.
  const bidderContext = await browser.newContext();
  const bidderEmail = await newVerifiedBuyer(await bidderContext.newPage(), 'journey-bidder', [GOOD_CARD]);
  const bidder = bidderContext.request;
  const registration = await registerForEvent(bidder, origin, eventId);
  expect(registration.status).toBe('pending');
  await gotoReady(page, `/seller/events/${eventId}/registrations`);
  await expect(page.getByRole('heading', { name: 'Registrations', level: 1 })).toBeVisible();
  const row = page.locator('[data-registration-id]').filter({ hasText: bidderEmail });
  await expect(row.getByTestId('registration-status')).toHaveText('Awaiting your decision');
  await row.getByRole('button', { name: /^Approve / }).click();
  await expect(row.getByTestId('registration-status')).toHaveText('Approved');

  // …and, once the lot clock has opened the lots, bids on the first lot.
  const bidding = `/marketplace/api/event/event-lots/${pump._id}/bidding`;
  await expect
    .poll(async () => (await (await bidder.get(bidding)).json()).data.status, {
      timeout: LEAD_MINUTES * MINUTE + 2 * MINUTE,
      intervals: [5_000],
    })
    .toBe('Active');
  const bid = await placeBid(bidder, origin, pump._id);
  expect(bid.bidsCount).toBe(1);
  await bidderContext.close();

  // 7. After the close: the results, with the lot sold to the bidder; the CSV and the settlement PDF.
  const resultsApi = `/marketplace-api/seller/events/${eventId}/results?pageSize=10`;
  await expect
    .poll(async () => ((await (await page.request.get(resultsApi)).json()).data as SellerResultsResponse).closed, {
      timeout: Math.max(endAt.getTime() - Date.now(), 0) + 3 * MINUTE,
      intervals: [5_000],
    })
    .toBe(true);
  await page.goto(`/seller/events/${eventId}/results`);
  await expect(page.getByRole('heading', { level: 1, name: `Results: ${name}` })).toBeVisible();
  await expect(page.getByTestId('results-state')).toHaveText(/Every lot has closed/);
  const sold = page.getByTestId('results-rows').getByRole('row', { name: `1 · Pump ${word}` });
  await expect(sold).toContainText('Sold at auction');
  await expect(sold).toContainText(bidderEmail);

  const csvHref = await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
  const csv = await page.request.get(csvHref ?? '');
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  const text = await csv.text();
  expect(text.split('\r\n')[0]).toMatch(/^Lot number,Lot,Type,Outcome,Winner,/);
  expect(text).toContain(bidderEmail);
  const pdfHref = await page.getByRole('link', { name: 'Download settlement (PDF)' }).getAttribute('href');
  const pdf = await page.request.get(pdfHref ?? '');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
});
