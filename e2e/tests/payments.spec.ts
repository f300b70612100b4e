import { expect, type Page, test } from '@playwright/test';
import { gotoReady } from '../support/ready';
import { signInByApi } from '../support/sign-in';
import {
  buyNowItemIn,
  buyOneUnit,
  DECLINING_CARD,
  GOOD_CARD,
  money,
  newVerifiedBuyer,
  readOrder,
} from './payments-helpers';

/**
 * Paying orders (decision 0044), on the merged order page: bidder4 pays their
 * demo auction order (deposit applied) with "Pay now"; a buyer whose default
 * card is declined pays with another saved card; a buyer chooses wire and
 * staff mark it received on /staff/wires. That a visitor and another person
 * cannot open an order is orders.spec.ts's (and the API's orders.test.ts).
 */

const AUCTION_BUYER = 'bidder4@example.com';

/** bidder4's pending demo auction order (demoAuctionOrders: its deposit captured toward it). */
async function pendingAuctionOrder(page: Page) {
  const me = (await (await page.request.get('/marketplace-api/users/me')).json()).data;
  const res = await page.request.get(`/marketplace-api/users/${me.id}/orders?pageSize=100`);
  expect(res.status()).toBe(200);
  const orders = (await res.json()).data.orders as { _id: string; number: string; source: string; status: string }[];
  const order = orders.find((o) => o.source === 'auction' && o.status === 'OrderPending');
  expect(order, 'demo data: a pending auction order of bidder4').toBeTruthy();
  return readOrder(page.request, order?._id ?? '');
}

const paymentPanel = (page: Page) => page.getByRole('region', { name: 'Payment', exact: true });
const statusHeading = (page: Page, label: string) =>
  page.getByRole('heading', { name: `Status: ${label}`, exact: true });

// Desktop only: it pays the one demo auction order, which a phone run would find paid.
test('bidder4 pays the auction order they won: deposit applied, the rest with "Pay now"', async ({ page }) => {
  await signInByApi(page, AUCTION_BUYER);
  await gotoReady(page, '/account/orders');
  const order = await pendingAuctionOrder(page);
  expect(order.depositApplied).toBeGreaterThan(0);
  expect(order.amountDue).toBe(order.total - order.depositApplied);

  const table = page.getByRole('table', { name: 'Your orders' });
  await expect(table.getByRole('row', { name: new RegExp(order.number) })).toContainText('Awaiting payment');
  await table.getByRole('link', { name: order.number }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.number}` })).toBeVisible();
  await expect(statusHeading(page, 'Awaiting payment')).toBeVisible();
  const cur = order.currency;
  await expect(paymentPanel(page)).toContainText(
    `Amount due: ${money(order.amountDue, cur)} (your bid deposit of ${money(order.depositApplied, cur)} is applied)`,
  );
  await expect(page.getByRole('row', { name: /Deposit applied/ })).toContainText(money(order.depositApplied, cur));
  await expect(page.getByRole('row', { name: /Amount due/ })).toContainText(money(order.amountDue, cur));
  await expect(page.getByRole('list').filter({ hasText: 'Order placed' })).toContainText('Deposit applied');

  await paymentPanel(page).getByRole('button', { name: 'Pay now' }).click();
  await expect(statusHeading(page, 'Paid')).toBeVisible({ timeout: 30_000 });
  await expect(paymentPanel(page)).toHaveCount(0);
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByRole('listitem').filter({ hasText: /: Paid$/ })).toHaveCount(1);
  await expect(page.getByRole('row', { name: /Amount due/ })).toContainText(money(0, cur));
  const after = await readOrder(page.request, order._id);
  expect(after).toMatchObject({ status: 'OrderPaid', amountDue: 0, paymentError: null });
  await page.goto('/account/orders');
  await expect(
    page.getByRole('table', { name: 'Your orders' }).getByRole('row', { name: new RegExp(order.number) }),
  ).toContainText('Paid');
});

// Phone: paying clicked through on a phone: the pay controls, the saved cards' radios and the alert in the
// one-column order page.
test(
  'the default card is declined; the buyer pays with another saved card',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    // Sign-up to verified through the pages, a purchase, then the payment: long on a shared machine.
    test.setTimeout(120_000);
    await newVerifiedBuyer(page, 'declined', [DECLINING_CARD, GOOD_CARD]);
    const item = await buyNowItemIn(page.request, 'USD', testInfo.project.name === 'desktop' ? 0 : 1);
    const orderId = await buyOneUnit(page, item.id);

    // The automatic charge on the default card (0341) was declined: the order waits, with the message.
    const declined = await readOrder(page.request, orderId);
    expect(declined).toMatchObject({ status: 'OrderPending', paymentError: 'Your card was declined.' });
    await expect(statusHeading(page, 'Awaiting payment')).toBeVisible();
    // Announced once: the pay controls' alert (the summary lists it as a fact).
    await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toHaveCount(1);
    await expect(paymentPanel(page).getByRole('alert')).toHaveText('Your card was declined.');
    await expect(paymentPanel(page)).toContainText(`Amount due: ${money(declined.amountDue, 'USD')}`);
    await expect(page.getByRole('region', { name: 'History' })).toContainText('Payment failed');

    await paymentPanel(page).getByText('Pay with another card').click();
    const other = paymentPanel(page).getByRole('group', { name: 'Your saved cards' });
    await expect(other.getByRole('radio')).toHaveCount(1);
    await other.getByRole('radio', { name: 'Visa ending 4242' }).check();
    await paymentPanel(page).getByRole('button', { name: 'Pay with this card' }).click();
    await expect(statusHeading(page, 'Paid')).toBeVisible({ timeout: 30_000 });
    // The refusal's alert is gone with the payment; the history keeps it (Next's route announcer is an alert too).
    await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'History' }).getByRole('listitem').last()).toContainText('Paid');
    expect(await readOrder(page.request, orderId)).toMatchObject({
      status: 'OrderPaid',
      amountDue: 0,
      paymentError: null,
      paymentKind: 'card',
    });
  },
);

test('the buyer chooses wire transfer; staff mark it received on /staff/wires; the order is paid', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  // Only the declining card: the purchase's charge fails and the order waits for payment.
  await newVerifiedBuyer(page, 'wire', [DECLINING_CARD]);
  const item = await buyNowItemIn(page.request, 'USD', testInfo.project.name === 'desktop' ? 2 : 3);
  const orderId = await buyOneUnit(page, item.id);
  const order = await readOrder(page.request, orderId);
  // The declined automatic charge leaves no payment kind (the card attempt is over); choosing wire sets it.
  expect(order).toMatchObject({
    status: 'OrderPending',
    currency: 'USD',
    paymentError: 'Your card was declined.',
    paymentKind: null,
  });

  await paymentPanel(page).getByRole('button', { name: 'Pay by wire transfer' }).click();
  await expect(paymentPanel(page)).toContainText('You chose to pay by wire transfer.');
  const instructions = paymentPanel(page).getByRole('list');
  await expect(instructions).toContainText(`Reference: ${order.number}`);
  await expect(instructions).toContainText('Account number: 000123456789');
  await expect(paymentPanel(page).getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'History' })).toContainText('Wire transfer chosen');
  expect((await readOrder(page.request, orderId)).paymentKind).toBe('wire');

  const context = await browser.newContext();
  const staff = await context.newPage();
  await signInByApi(staff, 'staff@example.com');
  await gotoReady(staff, '/staff/wires');
  const row = staff.getByRole('list', { name: 'Orders awaiting a wire transfer' }).getByRole('listitem', {
    name: `Order ${order.number}`,
  });
  await expect(row).toContainText(money(order.amountDue, 'USD'));
  await row.getByRole('button', { name: `Mark received: order ${order.number}` }).click();
  await expect(row).toHaveCount(0, { timeout: 30_000 });
  await context.close();

  await page.reload();
  await expect(statusHeading(page, 'Paid')).toBeVisible();
  await expect(page.getByRole('region', { name: 'History' })).toContainText('Wire transfer received');
  await expect(paymentPanel(page)).toHaveCount(0);
  expect(await readOrder(page.request, orderId)).toMatchObject({ status: 'OrderPaid', amountDue: 0 });
});
