import { expect, test } from '@playwright/test';
import { expectReady, gotoReady } from '../support/ready';
import { auctionEventBody } from '../support/seller-events';
import { addLot, uniqueWord } from '../support/seller-lots';
import { signInByApi } from '../support/sign-in';
import { apiAs } from './offers-helpers';

/**
 * The seller console's lots (issue 16; decision 0050): a demo seller adds two
 * lots by hand with a photo each, reorders them, publishes the event (through
 * the API) and finds the lots in the public search at once. Its own seller
 * (Prairie Heavy Equipment; the events spec uses Gulf Coast) and its own event
 * (one a project: desktop and phone each make theirs). The console's widgets
 * (decision 0055): the lot form's steps, keyboard drag-and-drop, sorting,
 * filtering and the bulk actions.
 */

const SLUG = 'prairie-heavy-equipment';
const EMAIL = `seller-${SLUG}@example.com`;
const DAY = 86_400_000;
const word = uniqueWord();

test('a seller adds two lots with photos, reorders them, publishes, and finds them in search at once', async ({
  page,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  const seller = await apiAs(origin, EMAIL);
  const featured = (await (await seller.get('/marketplace/api/companies/featured')).json()).data.companies as {
    _id: string;
    slug: string;
  }[];
  const companyId = featured.find((c) => c.slug === SLUG)?._id;
  expect(companyId, 'the featured demo seller').toBeTruthy();
  // Far in the future, so the event's lots stay out of the other specs' first pages.
  const created = await seller.post('/marketplace-api/seller/events', {
    data: auctionEventBody({
      companyId,
      name: `Yard clearance ${word}`,
      title: 'Surplus of a Regina yard',
      description: 'Pumps and compressors.',
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

  await signInByApi(page, EMAIL);
  await addLot(page, eventId, '1', `Pump ${word}`);
  await addLot(page, eventId, '2', `Compressor ${word}`);

  await gotoReady(page, `/seller/events/${eventId}/lots`);
  const numbers = page.getByRole('table').getByRole('rowheader');
  await expect(numbers).toHaveText(['1', '2']);
  // Drag-and-drop with the keyboard (@dnd-kit): pick lot 1 up, move it down, drop it; the order is saved.
  // Each step waits for its screen-reader announcement (the lots' positions are measured on pick-up).
  await page.getByRole('button', { name: 'Drag lot 1' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Picked up lot 1, at position 1 of 2.')).toBeAttached();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText('lot 1 is over position 2 of 2.')).toBeAttached();
  await page.keyboard.press('Space');
  await expect(page.getByText('lot 1 dropped at position 2 of 2.')).toBeAttached();
  await expect(page.getByText('Lots reordered.')).toBeVisible();
  await expect(numbers).toHaveText(['2', '1']);
  await page.reload();
  await expectReady(page);
  await expect(numbers).toHaveText(['2', '1']);
  // The no-JavaScript buttons still work.
  await page.getByRole('button', { name: 'Move lot 1 up' }).click();
  await expect(page.getByText('Lot moved up.')).toBeVisible();
  await expect(numbers).toHaveText(['1', '2']);

  // Sorting and filtering (TanStack Table) change the view, not the order.
  await page.getByRole('button', { name: 'Name' }).click();
  await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(numbers).toHaveText(['2', '1']);
  await page.getByRole('button', { name: 'Name' }).click();
  await expect(numbers).toHaveText(['1', '2']);
  await page.getByLabel('Filter lots').fill('compressor');
  await expect(numbers).toHaveText(['2']);
  await page.getByLabel('Filter lots').fill('');
  await page.getByLabel('Status').selectOption('Sold');
  await expect(numbers).toHaveCount(0);
  await page.getByLabel('Status').selectOption('');
  await page.getByRole('button', { name: 'Name' }).click();
  await expect(numbers).toHaveText(['1', '2']);

  // Bulk: copy lot 2, then delete the copy after the confirmation.
  await page.getByLabel('Select lot 2').check();
  await page.getByRole('button', { name: 'Copy selected (1)' }).click();
  await expect(page.getByText('1 lot copied: the copies are last.')).toBeVisible();
  await expect(numbers).toHaveCount(3);
  await page
    .getByRole('checkbox', { name: /^Select lot / })
    .nth(2)
    .check();
  await page.getByRole('button', { name: 'Delete selected (1)' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete 1 lot?' });
  await expect(confirm.getByRole('button', { name: 'Delete the selected lots' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Delete the selected lots' }).click();
  await expect(page.getByText('1 lot deleted.')).toBeVisible();
  await expect(numbers).toHaveText(['1', '2']);

  const published = await seller.post(`/marketplace-api/seller/events/${eventId}/publish`, {
    data: { as: 'published' },
  });
  expect(published.status(), await published.text()).toBe(200);

  await page.goto(`/marketplace/lots?keyword=${word}&status=upcoming`);
  await expect(page.getByText(`Compressor ${word}`).first()).toBeVisible();
  await expect(page.getByText(`Pump ${word}`).first()).toBeVisible();
  await seller.dispose();
});

// Desktop only: the form's lock is a rule of the API's (seller-lots/published-lots.test.ts); this is its wiring.
test('a lot buyers have bid on shows its location locked, with the reason, and its name still editable', async ({
  page,
  baseURL,
}) => {
  // Reads only: an open demo lot of this seller with bids, in a published event that ends days from now.
  const seller = await apiAs(baseURL ?? '', EMAIL);
  const events = (await (await seller.get('/marketplace-api/seller/events?status=published&pageSize=100')).json()).data
    .events as { _id: string; endAt: string }[];
  let lotId: string | undefined;
  for (const event of events.filter((e) => Date.parse(e.endAt) > Date.now() + DAY)) {
    const lots = (await (await seller.get(`/marketplace-api/seller/events/${event._id}/lots?pageSize=100`)).json()).data
      .lots as { _id: string; bidsCount: number; status: string }[];
    // An open lot: a lot another spec withdrew (Unsold) may sit in this seller's events too.
    lotId = lots.find((l) => l.bidsCount > 0 && l.status === 'Active')?._id;
    if (lotId) break;
  }
  await seller.dispose();
  expect(lotId, 'a demo lot of this seller with bids, ending days from now').toBeTruthy();

  await signInByApi(page, EMAIL);
  await gotoReady(page, `/seller/lots/${lotId}`);
  await expect(page.getByLabel('Location')).toBeDisabled();
  await expect(
    page.getByText(
      'Buyers have already registered, bid, offered, tendered or bought on this lot: its location (and so its tax rate) cannot change.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeEnabled();
});
