import { expect, test } from '@playwright/test';
import { withFlags } from '../support/flags';
import { gotoReady } from '../support/ready';
import { signInByApi } from '../support/sign-in';

/**
 * A feature flag switched as staff do, and put back, end to end: the one
 * browser test of the switch (issue 24). With ORDER_CONVERSATION off an order
 * page has no thread; on again, it has. The other flags' page halves are
 * render tests of what the API answers (apps/web: offer-list, seller offers
 * page, buy-box, order-payment), their API halves apps/api's tests
 * (answer-offer, purchases, seller-orders, orders, order-payments,
 * order-conversation).
 */
const BUYER = 'reseller@example.com';

test('ORDER_CONVERSATION switched off by staff: no thread on the order page; on again, it is back', async ({
  page,
  baseURL,
}) => {
  await signInByApi(page, BUYER);
  const me = (await (await page.request.get('/marketplace-api/users/me')).json()).data as { id: string };
  const orders = await page.request.get(`/marketplace-api/users/${me.id}/orders`);
  const order = (await orders.json()).data.orders[0] as { _id: string };
  const thread = page.getByRole('heading', { name: 'Messages about this order' });
  await withFlags(baseURL as string, { ORDER_CONVERSATION: false }, async () => {
    await gotoReady(page, `/account/orders/${order._id}`);
    await expect(page.getByRole('heading', { name: /^Order LL-/ })).toBeVisible();
    await expect(thread).toHaveCount(0);
  });
  await page.reload();
  await expect(thread).toBeVisible();
});
