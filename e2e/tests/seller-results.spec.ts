import type { SellerEventsResponse, SellerResultsResponse } from '@lotline/contracts';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { gotoReady } from '../support/ready';
import { signInByApi } from '../support/sign-in';
import { signedInAs } from './offers-helpers';

/**
 * Results and settlement (issue 16; decision 0053), desktop (the axe scan at both sizes): the demo
 * seller whose closed auction has orders (`demoSellerResults`) opens the
 * event's results from the event page, sees the totals and a winner, and
 * downloads the CSV and the settlement statement (PDF). The spec only reads.
 */

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Found = { email: string; eventId: string; results: SellerResultsResponse };

/** The featured seller's closed event with orders, found through the API as that seller (only they may read it). */
async function demoResults(page: Page, baseURL: string): Promise<Found> {
  const res = await page.request.get('/marketplace/api/companies/featured');
  const slugs: string[] = (await res.json()).data.companies.map((c: { slug: string }) => c.slug);
  for (const slug of slugs) {
    const email = `seller-${slug}@example.com`;
    const api = await signedInAs(baseURL, email);
    if (!api) continue;
    try {
      const list = (await (await api.get('/marketplace-api/seller/events?pageSize=100')).json()).data;
      for (const event of (list as SellerEventsResponse).events) {
        if (event.saleFormat !== 'auction' || Date.parse(event.endAt) > Date.now()) continue;
        const answer = await api.get(`/marketplace-api/seller/events/${event._id}/results?pageSize=500`);
        const results = (await answer.json()).data as SellerResultsResponse;
        if (results.closed && results.rows.some((r) => r.order && r.winner))
          return { email, eventId: event._id, results };
      }
    } finally {
      await api.dispose();
    }
  }
  throw new Error('no featured seller has a closed event with orders (demoSellerResults)');
}

test('a seller reads a closed event’s results, sees totals and a winner, downloads the CSV and the settlement', async ({
  page,
  baseURL,
}, info) => {
  test.skip(info.project.name !== 'desktop', 'The console is exercised on desktop.');
  const { email, eventId, results } = await demoResults(page, baseURL ?? '');
  await signInByApi(page, email);
  await gotoReady(page, `/seller/events/${eventId}`);
  await page.getByRole('link', { name: 'Results', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/seller/events/${eventId}/results$`));
  await expect(page.getByRole('heading', { level: 1, name: `Results: ${results.event.name}` })).toBeVisible();
  await expect(page.getByTestId('results-state')).toHaveText(/Every lot has closed/);

  const totals = page.getByTestId('results-totals');
  const [first] = results.totals;
  await expect(totals.getByRole('row', { name: /Lots sold/ })).toContainText(String(first?.lotsSold));
  await expect(totals.getByRole('row', { name: /Total sales/ })).toBeVisible();
  // What the seller is paid (decision 0078): the API's figure, as the page formats it.
  const money = (minor: number, currency: string) =>
    new Intl.NumberFormat('en-US', { style: 'currency', currency, trailingZeroDisplay: 'stripIfInteger' }).format(
      minor /
        10 **
          (new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
            2),
    );
  await expect(totals.getByRole('row', { name: /Net payout/ })).toContainText(
    money(first?.netPayout ?? -1, first?.currency ?? 'USD'),
  );
  await expect(totals.getByRole('row', { name: /Commission/ })).toContainText(
    money(first?.commission ?? -1, first?.currency ?? 'USD'),
  );
  const sale = results.rows.find((r) => r.order && r.winner);
  const saleRow = page
    .getByTestId('results-rows')
    .getByRole('row', { name: new RegExp(literal(sale?.name ?? '')) })
    .first();
  await expect(saleRow).toContainText(sale?.winner?.name ?? '');
  await expect(saleRow).toContainText(sale?.order?.number ?? '');

  const csvHref = await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
  const csv = await page.request.get(csvHref ?? '');
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  const text = await csv.text();
  expect(text.split('\r\n')[0]).toMatch(/^Lot number,Lot,Type,Outcome,Winner,.*,Commission,Seller fees,Net payout,/);
  expect(text).toContain(sale?.winner?.email ?? '');

  const pdfHref = await page.getByRole('link', { name: 'Download settlement (PDF)' }).getAttribute('href');
  const pdf = await page.request.get(pdfHref ?? '');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
});

// Phone: the console's navigation, the totals and the results table at the phone's width.
test('the results page has no serious axe violations', { tag: '@phone' }, async ({ page, baseURL }) => {
  const { email, eventId, results } = await demoResults(page, baseURL ?? '');
  await signInByApi(page, email);
  await gotoReady(page, `/seller/events/${eventId}/results`);
  await expect(page.getByRole('heading', { level: 1, name: `Results: ${results.event.name}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page, { template: 'seller event results' });
});
