import { expect, test } from '@playwright/test';
import { expectReady, gotoReady } from '../support/ready';
import { signInByApi, siteOrigin } from '../support/sign-in';
import { buyNowItem } from './buy-now-helpers';
import { GOOD_CARD, money, newVerifiedBuyer, readOrder } from './payments-helpers';

/**
 * Refunds (decision 0062): a featured seller refunds part of an order in the seller console's dialog, and the
 * buyer's order page shows what was paid, refunded and due, with the credit note. The buyer is a person of its
 * own (made through the API), who buys one unit through the API: the buy box has buy-now.spec.ts.
 */

/** Minor units as a person types them: "129.90". */
const typed = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

test('a seller refunds part of a paid order and the buyer sees the credit note', async ({ page, browser }, info) => {
  test.skip(info.project.name !== 'desktop', 'The dialog and the order page are the same templates on a phone.');
  await newVerifiedBuyer(page, 'refund', [GOOD_CARD]);
  const featured = (await (await page.request.get('/marketplace/api/companies/featured')).json()).data.companies as {
    _id: string;
    slug: string;
  }[];
  const item = await buyNowItem(
    page.request,
    (quantity) => quantity >= 2,
    info.parallelIndex,
    featured.map((c) => c._id),
  );
  const bought = await page.request.post(`/marketplace/api/event/event-lots/${item.id}/purchases`, {
    data: { quantity: 1 },
    headers: { origin: siteOrigin(), 'idempotency-key': `refund-${Date.now()}` },
  });
  expect(bought.status(), await bought.text()).toBe(201);
  const orderId = (await bought.json()).data.order._id as string;
  // The demo approves buy-now orders at once and charges the saved card right after the purchase.
  await expect.poll(async () => (await readOrder(page.request, orderId)).status).toBe('OrderPaid');
  const order = await readOrder(page.request, orderId);
  const company = await page.request.get(`/marketplace/api/companies/${(await bought.json()).data.order.seller._id}`);
  const slug = (await company.json()).data.company.slug as string;

  const context = await browser.newContext();
  const seller = await context.newPage();
  await signInByApi(seller, `seller-${slug}@example.com`);
  await gotoReady(seller, `/seller/orders/${orderId}`);
  await expect(seller.getByRole('heading', { level: 1, name: `Order ${order.number}` })).toBeVisible();
  await expectReady(seller);
  await seller.getByRole('button', { name: 'Refund', exact: true }).click();
  const dialog = seller.getByRole('dialog', { name: 'Refund the buyer' });
  const amount = dialog.getByLabel('Amount to refund');
  await expect(amount).toBeFocused();
  await expect(dialog.getByText(`At most ${money(order.total, order.currency)} can be refunded.`)).toBeVisible();
  // More than was paid: the API's refusal stays in the dialog, under the amount.
  await amount.fill(typed(order.total + 100));
  await dialog.getByLabel('Reason (printed on the credit note)').fill('One valve arrived cracked.');
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(amount).toHaveAccessibleDescription(/can be refunded\.$/);
  const part = Math.floor(order.total / 200);
  await amount.fill(typed(part));
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(seller.getByRole('region', { name: 'Refund' }).getByRole('status')).toContainText(
    `Refunded ${money(part, order.currency)}: credit note CN-`,
  );
  await expect(seller.getByRole('row', { name: /^Refunded/ })).toContainText(money(part, order.currency));
  await context.close();

  await gotoReady(page, `/account/orders/${orderId}`);
  await expect(page.getByRole('row', { name: /^Paid/ })).toContainText(money(order.total, order.currency));
  await expect(page.getByRole('row', { name: /^Refunded/ })).toContainText(money(part, order.currency));
  await expect(page.getByRole('row', { name: /^Amount due/ })).toContainText(money(0, order.currency));
  const refunds = page.getByRole('region', { name: 'Refunds and credit notes' });
  await expect(refunds).toContainText('One valve arrived cracked.');
  const link = refunds.getByRole('link', { name: /^Credit note CN-\d+ \(PDF\)$/ });
  const pdf = await page.request.get((await link.getAttribute('href')) ?? '');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
});
