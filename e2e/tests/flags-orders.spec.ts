import { expect, test } from '@playwright/test';
import { withFlags } from '../support/flags';
import { signInAt } from '../support/sign-in';

/**
 * Flags of the orders slice (issue 15), switched as staff do and put back:
 * ORDER_CONVERSATION off → an order page has no thread and the API refuses
 * one; BUY_NOW_INVOICES off → a buy-now order gets a receipt, not an invoice
 * (the purchase is the buy-now slice's POST purchases).
 */
const BUYER = 'reseller@example.com';

async function firstOrder(page: import('@playwright/test').Page) {
  const me = await page.request.get('/marketplace-api/users/me');
  const userId = (await me.json()).data.id as string;
  const res = await page.request.get(`/marketplace-api/users/${userId}/orders`);
  return { userId, order: (await res.json()).data.orders[0] as { _id: string } };
}

test('ORDER_CONVERSATION off: no thread on the order page, and the API refuses to start one', async ({
  page,
  baseURL,
}) => {
  await signInAt(page, BUYER, '/account/orders');
  const { order } = await firstOrder(page);
  await withFlags(baseURL as string, { ORDER_CONVERSATION: false }, async () => {
    await page.goto(`/account/orders/${order._id}`);
    await expect(page.getByRole('heading', { name: /^Order LL-/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Messages about this order' })).toHaveCount(0);
    const res = await page.request.post(`/marketplace-api/orders/${order._id}/messages`, {
      data: { body: 'Hello?' },
      headers: { origin: baseURL as string },
    });
    expect(res.status()).toBe(404);
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Messages about this order' })).toBeVisible();
});

test('BUY_NOW_INVOICES off: a buy-now order gets a receipt PDF', async ({ page, baseURL }) => {
  await signInAt(page, 'buyer@example.com', '/account/orders');
  type Card = { _id: string; _source: { type: string; status: string; quantity: number } };
  const lots: Card[] = [];
  for (let pageNumber = 1; pageNumber <= 10 && lots.length < 5; pageNumber++) {
    const res = await page.request.get(`/marketplace/api/event/event-lots?pageSize=100&pageNumber=${pageNumber}`);
    const cards = (await res.json()).data.eventLots as Card[];
    lots.push(
      ...cards.filter(
        (c) => c._source.type === 'BuyItNowItem' && c._source.status === 'Active' && c._source.quantity > 1,
      ),
    );
  }
  expect(lots.length, 'buy-now items on sale in the demo data').toBeGreaterThan(0);
  await withFlags(baseURL as string, { BUY_NOW_INVOICES: false, BUY_NOW_AUTO_APPROVE: true }, async () => {
    let orderId: string | null = null;
    for (const lot of lots) {
      const res = await page.request.post(`/marketplace/api/event/event-lots/${lot._id}/purchases`, {
        data: { quantity: 1 },
        headers: { origin: baseURL as string, 'idempotency-key': `flags-orders-${lot._id}` },
      });
      if (res.status() === 201 || res.status() === 200) {
        orderId = (await res.json()).data.order._id;
        break;
      }
    }
    expect(orderId, 'a buy-now purchase').not.toBeNull();
    await page.goto(`/account/orders/${orderId}`);
    const link = page.getByRole('link', { name: 'Download the receipt (PDF)' });
    await expect(link).toBeVisible();
    const pdf = await page.request.get((await link.getAttribute('href')) ?? '');
    expect(pdf.headers()['content-type']).toBe('application/pdf');
  });
});
