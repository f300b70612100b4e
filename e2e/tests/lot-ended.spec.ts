import { expect, test } from '@playwright/test';
import { firstLot, setLotsViewed } from './cards-helpers';

/**
 * Spec §4: a lot whose status is Ended shows the ENDED state on its card and
 * on its page, and no timer, whatever its end time (issue 12).
 */

test('an Ended lot shows ENDED on its card and on its page', async ({ page, context, request, baseURL }) => {
  const ended = await firstLot(request, [
    { field: 'status', op: 'eq', value: 'Ended' },
    { field: 'type', op: 'in', value: ['AuctionLot', 'TenderLot'] },
  ]);
  await setLotsViewed(context, baseURL, [ended._id]);
  await page.goto('/marketplace/lots');
  const card = page.getByTestId('recently-viewed').getByRole('article');
  await expect(card).toHaveCount(1);
  await expect(card).toHaveAttribute('data-state', 'ENDED');
  await expect(card.getByText('ENDED', { exact: true })).toBeVisible();
  await expect(card.getByTestId('lot-timer')).toHaveCount(0);

  // The lot page (any slug is redirected to the canonical one).
  await page.goto(`/marketplace/bid/lot/${encodeURIComponent(ended._id)}`);
  await expect(page.getByRole('heading', { level: 1, name: ended._source.name })).toBeVisible();
  await expect(page.getByRole('main').getByText('ENDED', { exact: true })).toBeVisible();
  await expect(page.getByTestId('lot-timer')).toHaveCount(0);
  // The page says the lot is closed: the general statement, or the bid panel's or tender box's own words.
  await expect(
    page
      .getByText(
        /^(This lot is no longer open for bids or offers\.|Bidding on this lot has closed\.|Tendering on this lot has closed\.)$/,
      )
      .first(),
  ).toBeVisible();
});
