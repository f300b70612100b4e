import { expect, test } from '@playwright/test';
import { gotoReady } from '../support/ready';
import { sortMenu } from './browse-helpers';
import { findLots } from './cards-helpers';

/**
 * Spec §4: "Tender events hide the ending-soon and recent sorts and default
 * to 'sequence'": on a tender event's page the lots view offers Lot Sequence
 * (and Near Me, which needs the browser's place), sorted by sequence.
 */

async function tenderEventPath(request: import('@playwright/test').APIRequestContext) {
  const lots = await findLots(request, [{ field: 'type', op: 'eq', value: 'TenderLot' }], 100);
  const ids = [...new Set(lots.map((l) => (l._source as { eventId?: string | null }).eventId).filter(Boolean))];
  for (const id of ids.sort()) {
    const event = (await (await request.get(`/marketplace/api/event/events/${id}`)).json()).data?.event;
    if (event?.saleFormat !== 'tender' || !['published', 'view-only', 'finalized'].includes(event.status)) continue;
    // Any slug leads to the canonical address.
    return `/marketplace/event/event/${event._id}`;
  }
  throw new Error('no public tender event in the seed');
}

test("a tender event's lots are sorted by sequence, with no ending-soon or recent sort", async ({ page, request }) => {
  await gotoReady(page, await tenderEventPath(request));
  const path = new URL(page.url()).pathname;
  const menu = sortMenu(page);
  await expect(menu).toHaveText('Sort: Lot Sequence');
  await menu.click();
  await expect(page.getByRole('list', { name: 'Sort options' }).getByRole('listitem')).toHaveText([
    'Lot Sequence',
    'Near Me',
  ]);

  // A hidden sort in the address is dropped: the page goes to its canonical address, sorted by sequence.
  for (const sort of ['ending-soon', 'recent']) {
    await page.goto(`${path}?sort=${sort}`);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(menu).toHaveText('Sort: Lot Sequence');
  }
});

test('an auction event keeps the ending-soon default', async ({ page, request }) => {
  const lots = await findLots(request, [{ field: 'type', op: 'eq', value: 'AuctionLot' }], 20);
  const eventId = lots.map((l) => (l._source as { eventId?: string | null }).eventId).find(Boolean);
  await page.goto(`/marketplace/event/event/${eventId}`);
  await expect(sortMenu(page)).toHaveText('Sort: Ending Soon');
});
