import { expect, type Page, test } from '@playwright/test';
import { withFlags } from '../support/flags';
import { buyNowItemIn, buyOneUnit, DECLINING_CARD, newVerifiedBuyer, readOrder } from './payments-helpers';

/**
 * CAD_WIRE_TRANSFER switched (issue 15; decision 0044): off, a CAD order
 * offers no wire transfer (no "Pay by wire transfer" on its page, and the
 * API refuses the choice with 409, changing nothing); on, the page offers it
 * and choosing it shows the CAD instructions with the order number. The CAD
 * order must be pending: a new buyer whose only card (0341) is declined buys
 * a CAD buy-now item (a demo buyer's card would pay it at once).
 */

const paymentPanel = (page: Page) => page.getByRole('region', { name: 'Payment', exact: true });

test('CAD_WIRE_TRANSFER off: a CAD order offers no wire transfer; on: it does', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const base = baseURL ?? '';
  await newVerifiedBuyer(page, 'cad-wire', [DECLINING_CARD]);
  const item = await buyNowItemIn(page.request, 'CAD', 0);
  const orderId = await buyOneUnit(page, item.id);
  const order = await readOrder(page.request, orderId);
  expect(order).toMatchObject({ status: 'OrderPending', currency: 'CAD', paymentError: 'Your card was declined.' });
  const me = (await (await page.request.get('/marketplace-api/users/me')).json()).data;
  const wireUrl = `/marketplace-api/users/${me.id}/orders/${orderId}/wire`;

  await withFlags(base, { CAD_WIRE_TRANSFER: false }, async () => {
    await page.reload();
    await expect(paymentPanel(page).getByRole('button', { name: 'Pay now' })).toBeVisible();
    await expect(page.getByText('Pay by wire transfer')).toHaveCount(0);
    await expect(page.getByText(`Reference: ${order.number}`)).toHaveCount(0);
    const refused = await page.request.post(wireUrl, { headers: { origin: base }, data: {} });
    expect(refused.status(), await refused.text()).toBe(409);
    expect(await readOrder(page.request, orderId)).toMatchObject({
      status: 'OrderPending',
      paymentKind: order.paymentKind,
    });
  });

  await withFlags(base, { CAD_WIRE_TRANSFER: true }, async () => {
    await page.reload();
    await paymentPanel(page).getByRole('button', { name: 'Pay by wire transfer' }).click();
    await expect(paymentPanel(page)).toContainText('You chose to pay by wire transfer.');
    const instructions = paymentPanel(page).getByRole('list');
    await expect(instructions).toContainText(`Reference: ${order.number}`);
    await expect(instructions).toContainText('Northern Maple Bank');
    expect(await readOrder(page.request, orderId)).toMatchObject({ status: 'OrderPending', paymentKind: 'wire' });
  });
});
