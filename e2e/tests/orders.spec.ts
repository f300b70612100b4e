import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, seriousA11yViolations } from '../support/axe';
import { expectReady, gotoReady } from '../support/ready';
import { signInByApi } from '../support/sign-in';

/**
 * Orders (issue 15): the buyer's order pages, the PDF, the order's thread and
 * the seller's fulfilment, on the demo orders of reseller@example.com
 * (`demoOrders`: awaiting approval, rejected, paid by wire, shipped), which no
 * other spec touches.
 */
const BUYER = 'reseller@example.com';
/** These tests change (or read what the others change of) reseller@'s few demo orders: they run once, on desktop. */
const ONE_OFF = 'uses the one-off demo orders of reseller@example.com, which the desktop project changes';

type DemoOrder = {
  _id: string;
  number: string;
  status: string;
  approval: string;
  fulfilment: string;
  seller: { _id: string };
};

/** Signs `email` in through the API (the cookie is the page's context's) and opens `path`, hydrated. */
async function signedInOn(page: Page, email: string, path: string) {
  await signInByApi(page, email);
  await gotoReady(page, path);
}

async function ordersOf(page: Page): Promise<DemoOrder[]> {
  const me = await page.request.get('/marketplace-api/users/me');
  const userId = (await me.json()).data.id as string;
  const res = await page.request.get(`/marketplace-api/users/${userId}/orders`);
  expect(res.status()).toBe(200);
  return (await res.json()).data.orders;
}

test('the buyer lists their orders, opens one, downloads its PDF and writes to the seller', async ({ page }, info) => {
  test.skip(info.project.name !== 'desktop', ONE_OFF);
  await signedInOn(page, BUYER, '/account/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
  const orders = await ordersOf(page);
  const shipped = orders.find((o) => o.fulfilment === 'shipped');
  const awaiting = orders.find((o) => o.approval === 'awaiting');
  expect(shipped && awaiting).toBeTruthy();
  const table = page.getByRole('table', { name: 'Your orders' });
  await expect(table.getByRole('row', { name: new RegExp(awaiting?.number ?? '') })).toContainText(
    'Awaiting seller approval',
  );

  await table.getByRole('link', { name: shipped?.number ?? '' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${shipped?.number}` })).toBeVisible();
  // A new page (the table's links are plain links): its message form acts once the page has hydrated.
  await expectReady(page);
  await expect(page.getByRole('heading', { name: /Status: Paid · Shipped/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Amount due/ })).toBeVisible();
  await expect(page.getByRole('list').filter({ hasText: 'Order placed' })).toContainText('Shipped');

  const pdfHref = await page.getByRole('link', { name: 'Download the invoice (PDF)' }).getAttribute('href');
  const pdf = await page.request.get(pdfHref ?? '');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  await page.getByLabel('Message to the seller').fill('Could you send the tracking number?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('status')).toHaveText('Message sent.');
  await page.getByRole('link', { name: 'Open the conversation' }).click();
  await expect(page.getByText('Could you send the tracking number?')).toBeVisible();
});

// Phone: the orders table, the order's summary and the seller console's navigation and tables reflow to one column.
test("the buyer's and the seller's order pages have no serious axe violations", { tag: '@phone' }, async ({ page }) => {
  // Reads only: the orders the desktop tests change are still pages of the same templates.
  await signedInOn(page, BUYER, '/account/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, { template: 'account orders' });
  const order = (await ordersOf(page)).find((o) => o.fulfilment === 'shipped');
  expect(order, 'a shipped demo order of reseller@').toBeTruthy();
  await gotoReady(page, `/account/orders/${order?._id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order?.number}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page, { template: 'account order' });

  const company = await page.request.get(`/marketplace/api/companies/${order?.seller._id}`);
  const slug = (await company.json()).data.company.slug as string;
  await signedInOn(page, `seller-${slug}@example.com`, '/seller');
  await expect(page.getByRole('heading', { level: 1, name: 'Seller console' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, { template: 'seller console' });
  await gotoReady(page, '/seller/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, { template: 'seller orders' });
});

test('another person cannot open the order (404), and a visitor is sent to sign in', async ({ page, browser }) => {
  // The buyer's orders, read through the API: no page of theirs is under test here.
  await signInByApi(page, BUYER);
  const [order] = await ordersOf(page);
  const visitor = await browser.newPage();
  await visitor.goto(`/account/orders/${order?._id}`);
  await expect(visitor).toHaveURL(/\/login\?next=/);
  await signInByApi(visitor, 'bidder4@example.com');
  const res = await visitor.goto(`/account/orders/${order?._id}`);
  expect(res?.status()).toBe(404);
  await visitor.context().close();
});

test('the seller marks a paid order shipped from the seller console', async ({ page, browser }, info) => {
  test.skip(info.project.name !== 'desktop', ONE_OFF);
  await signInByApi(page, BUYER);
  const paid = (await ordersOf(page)).find((o) => o.status === 'OrderPaid' && o.fulfilment === 'none');
  expect(paid).toBeTruthy();
  const company = await page.request.get(`/marketplace/api/companies/${paid?.seller._id}`);
  const slug = (await company.json()).data.company.slug as string;

  const context = await browser.newContext();
  const seller = await context.newPage();
  await signedInOn(seller, `seller-${slug}@example.com`, '/seller');
  await expect(seller.getByRole('heading', { level: 1, name: 'Seller console' })).toBeVisible();
  await seller.getByRole('link', { name: /^Orders/ }).click();
  await seller.getByRole('link', { name: 'Paid', exact: true }).click();
  await seller.getByRole('link', { name: paid?.number ?? '' }).click();
  await expect(seller.getByRole('heading', { level: 1, name: `Order ${paid?.number}` })).toBeVisible();
  await expectReady(seller);
  await seller.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(seller.getByRole('heading', { name: /Status: Paid · Shipped/ })).toBeVisible();
  await expect(seller.getByRole('button', { name: 'Mark shipped' })).toHaveCount(0);
  await context.close();
});

test('the seller rejects an order awaiting approval, saying why, in a dialog', async ({ page, browser }, info) => {
  test.skip(info.project.name !== 'desktop', ONE_OFF);
  await signInByApi(page, BUYER);
  const awaiting = (await ordersOf(page)).find((o) => o.approval === 'awaiting');
  expect(awaiting).toBeTruthy();
  const company = await page.request.get(`/marketplace/api/companies/${awaiting?.seller._id}`);
  const slug = (await company.json()).data.company.slug as string;

  const context = await browser.newContext();
  const seller = await context.newPage();
  await signedInOn(seller, `seller-${slug}@example.com`, '/seller/orders?approval=awaiting&status=OrderPending');
  await seller.getByRole('link', { name: awaiting?.number ?? '' }).click();
  // The dialog opens by script: a click before the new page hydrated was lost (CI, 2026-12-02).
  await expect(seller.getByRole('heading', { level: 1, name: `Order ${awaiting?.number}` })).toBeVisible();
  await expectReady(seller);
  const opener = seller.getByRole('button', { name: 'Reject order' });
  await opener.click();
  const dialog = seller.getByRole('dialog', { name: 'Reject this order' });
  await expect(dialog.getByLabel('Reason (the buyer is told)')).toBeFocused();
  // Desktop only: the one order awaiting approval is rejected here, so the dialog cannot be opened twice.
  expect(await seriousA11yViolations(seller, { include: 'dialog[open]' })).toEqual([]);
  await dialog.getByRole('button', { name: 'Reject order' }).click();
  await expect(dialog.getByText('Say why you reject the order.')).toBeVisible();
  await dialog.getByLabel('Reason (the buyer is told)').fill('The item failed our final inspection.');
  await dialog.getByRole('button', { name: 'Reject order' }).click();
  await expect(seller.getByRole('heading', { name: /Status: Cancelled/ })).toBeVisible();
  await expect(seller.getByText('Rejected by the seller — The item failed our final inspection.')).toBeVisible();
  await context.close();
});
