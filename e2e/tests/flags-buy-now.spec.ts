import { expect, request as playwrightRequest, test } from '@playwright/test';
import { withFlags } from '../support/flags';
import { DEMO_PASSWORD, signInAt } from '../support/sign-in';
import { buyNowItem, lotPath, ORDER_URL, openLot } from './buy-now-helpers';
import { findLots } from './cards-helpers';

/**
 * Buy now with its flags switched (issue 15): BUY_NOW_AUTO_APPROVE off, the
 * order awaits the seller, who approves it, and it is then paid;
 * BUY_NOW_ALL_IN_PRICING off, neither the lot page nor the cards show an
 * all-in price (the plain price only).
 */

test('auto-approve off: the order awaits the seller; approved, it is paid', async ({ page, baseURL }) => {
  const base = baseURL ?? '';
  await withFlags(base, { BUY_NOW_AUTO_APPROVE: false }, async () => {
    // An item of a featured seller: the seed gives those companies their seller users, who approve.
    const featured = (await (await page.request.get('/marketplace/api/companies/featured')).json()).data.companies;
    const item = await buyNowItem(
      page.request,
      (q) => q >= 2,
      0,
      (featured as { _id: string }[]).map((c) => c._id),
    );
    await signInAt(page, 'bidder4@example.com', '/account');
    await openLot(page, item.id);
    await page.getByTestId('buy-box').getByRole('button', { name: 'Buy now' }).click();
    await page
      .getByRole('dialog', { name: 'Confirm your purchase' })
      .getByRole('button', { name: 'Confirm purchase' })
      .click();
    await expect(page).toHaveURL(ORDER_URL, { timeout: 30_000 });
    const orderId = decodeURIComponent(page.url().split('/').pop() ?? '');
    const me = (await (await page.request.get('/marketplace-api/users/me')).json()).data;
    const orderUrl = `/marketplace-api/users/${me.id}/orders/${orderId}`;
    const read = await page.request.get(orderUrl);
    expect(read.status()).toBe(200);
    expect((await read.json()).data.order).toMatchObject({ approval: 'awaiting', status: 'OrderPending' });

    const seller = await sellerOf(base, (await read.json()).data.order.seller._id);
    const approved = await seller.post(`/marketplace-api/seller/orders/${orderId}/approve`);
    expect(approved.status(), await approved.text()).toBe(200);
    await seller.dispose();
    await expect
      .poll(async () => (await (await page.request.get(orderUrl)).json()).data.order.status, { timeout: 15_000 })
      .toBe('OrderPaid');
  });
});

test('all-in pricing off: no all-in price on the lot page or the cards', async ({ page, baseURL }) => {
  await withFlags(baseURL ?? '', { BUY_NOW_ALL_IN_PRICING: false }, async () => {
    const item = await buyNowItem(page.request, (q) => q >= 1);
    expect(item.allInPrice).toBeNull();
    await openLot(page, item.id);
    await expect(page.getByTestId('buy-box')).toContainText('Buy now price');
    await expect(page.getByTestId('all-in-price')).toHaveCount(0);
    const cards = await findLots(page.request, [{ field: 'type', op: 'eq', value: 'BuyItNowItem' }]);
    expect(cards.every((c) => (c._source as { allInPrice?: number | null }).allInPrice === null)).toBe(true);
    await page.goto('/marketplace/lots?sale-format=buy-now');
    await expect(page.getByText('All-in price')).toHaveCount(0);
  });
  // Back on: the lot page shows it again.
  const item = await buyNowItem(page.request, (q) => q >= 1);
  await page.goto(lotPath(item.id));
  await expect(page.getByTestId('all-in-price')).toBeVisible();
});

/** A request context signed in as a user of the seller company (the seed's seller-<slug>@example.com). */
async function sellerOf(baseURL: string, companyId: string) {
  const context = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const company = (await (await context.get(`/marketplace/api/companies/${companyId}`)).json()).data;
  const slug = company?.company?.slug ?? company?.slug;
  const res = await context.post('/marketplace-api/auth/sign-in', {
    data: { email: `seller-${slug}@example.com`, password: DEMO_PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(200);
  return context;
}
