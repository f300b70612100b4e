import { expect, test } from '@playwright/test';
import { canBid, placeBid, registerForEvent } from '../support/bidding';
import { gotoReady } from '../support/ready';
import { type ApiLot, findLots } from './cards-helpers';
import { GOOD_CARD, newVerifiedBuyer } from './payments-helpers';

/**
 * The live stream (decision 0039): a visitor's browse page follows the lots it
 * shows; when a bid is committed elsewhere the card's price, its bid count and
 * the bid-change hooks (0.5 s bounce, 5 s bell) update without a reload.
 *
 * The bid is placed by a verified buyer of the test's own (made through the
 * API) through the contract's POST bids (the engine slice of issue 14).
 */

test('a card on the browse page shows a committed bid without reload, with the bounce and the bell', async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  // A visitor (no sign-in) on the auction lots tab: the first result in an event, open for a while yet.
  const streamOpened = page.waitForResponse((r) => r.url().includes('/marketplace/api/live?eventLotIds='));
  await gotoReady(page, '/marketplace/lots?sale-format=auction');
  // The page's one live stream, through the web origin.
  const stream = await streamOpened;
  expect(stream.status()).toBe(200);
  expect(await stream.headerValue('content-type')).toBe('text/event-stream; charset=utf-8');
  const ids = await page
    .getByRole('list', { name: 'Lots' })
    .locator('article[data-live-lot-id]')
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-live-lot-id') ?? ''));
  const lots = await findLots(page.request, [{ field: '_id', op: 'in', value: ids }]);
  const candidates = lots.filter(
    (l) =>
      (l._source as { eventId?: string | null }).eventId &&
      l._source.endedAt &&
      Date.parse(l._source.endedAt) > Date.now() + 10 * 60_000,
  ) as (ApiLot & { _source: { eventId: string } })[];
  expect(candidates.length).toBeGreaterThan(0);

  // The bidder, in a context of their own: a verified buyer of the test's own, made through the API.
  const bidder = await browser.newContext();
  await newVerifiedBuyer(await bidder.newPage(), 'live-prices', [GOOD_CARD]);
  // The first lot whose event lets the bidder bid at once (not one waiting for the seller's approval).
  let lot: (typeof candidates)[number] | undefined;
  for (const candidate of candidates) {
    if (canBid(await registerForEvent(bidder.request, origin, candidate._source.eventId))) {
      lot = candidate;
      break;
    }
  }
  if (!lot) throw new Error('no lot on the page in an event the bidder can bid in at once');
  const card = page.getByRole('list', { name: 'Lots' }).locator(`article[data-live-lot-id="${lot._id}"]`);
  await expect(card).toBeVisible();
  const amount = card.locator('[data-live-bid-amount]');
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
  // The bounce lasts 0.5 s: on a busy machine it can come and go between two of the test's looks, so the page
  // itself notes every bounce and bell the card shows.
  await card.evaluate((el) => {
    const seen = { bouncing: false, ringing: false };
    (window as unknown as { liveSeen: typeof seen }).liveSeen = seen;
    new MutationObserver(() => {
      if (el.querySelector('[data-bouncing="true"]')) seen.bouncing = true;
      if (el.querySelector('[data-ringing="true"]')) seen.ringing = true;
    }).observe(el, { subtree: true, attributes: true, attributeFilter: ['data-bouncing', 'data-ringing'] });
  });
  const liveSeen = () => page.evaluate(() => (window as unknown as { liveSeen: object }).liveSeen);

  try {
    expect(await liveSeen()).toEqual({ bouncing: false, ringing: false });
    const after = await placeBid(bidder.request, origin, lot._id);

    await expect(amount).toHaveAttribute('data-live-bid-amount', String(after.currentBid.amount));
    await expect.poll(liveSeen).toEqual({ bouncing: true, ringing: true });
    await expect(card.getByText(after.bidsCount === 1 ? '1 bid' : `${after.bidsCount} bids`)).toBeVisible();
    await expect(card.getByText('Current bid', { exact: true })).toBeVisible();
    // The bounce ends after 0.5 s, the bell after 5 s.
    await expect(amount).not.toHaveAttribute('data-bouncing', 'true', { timeout: 5_000 });
    await expect(card.locator('[data-ringing="true"]')).toHaveCount(0, { timeout: 10_000 });
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  } finally {
    await bidder.close();
  }
});
