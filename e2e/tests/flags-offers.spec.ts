import type { OfferView } from '@lotline/contracts';
import { expect, test } from '@playwright/test';
import { withFlags } from '../support/flags';
import { signInAt } from '../support/sign-in';
import { apiAs, BUYER, buyerOffers, sellerEmailOf } from './offers-helpers';

/**
 * COUNTER_OFFER off (issue 15; decision 0046): /seller/offers shows no
 * counter control and the API refuses a counter with a clear message; on
 * again, the control is back.
 */
test('COUNTER_OFFER off: no counter control, and the API refuses a counter', async ({ page, baseURL }) => {
  const origin = baseURL as string;
  const buyer = await apiAs(origin, BUYER);
  const { offers } = await buyerOffers(buyer);
  const any = offers[0] as OfferView;
  const seller = await apiAs(origin, sellerEmailOf(any));
  const pendingOf = async () =>
    ((await (await seller.get('/marketplace-api/seller/offers?status=pending')).json()).data.offers as OfferView[])[0];
  let pending = await pendingOf();
  if (!pending) {
    // Every demo offer was answered by the other specs: bidder3 makes one on an item with no open offer of theirs.
    // The first such item still on sale (an accepted offer may have sold another out).
    const free = offers.filter(
      (o) => !offers.some((x) => x.lot._id === o.lot._id && ['pending', 'countered'].includes(x.status)),
    );
    let made = false;
    for (const o of free) {
      const amount = Math.floor(((o.lot.buyItNowPrice ?? 0) * 0.5) / 100) * 100;
      const res = await buyer.post(`/marketplace/api/event/event-lots/${o.lot._id}/offers`, { data: { amount } });
      if (res.status() === 201) {
        made = true;
        break;
      }
      expect(res.status(), await res.text()).toBe(409);
    }
    expect(made, 'bidder3 could make a new offer on one of their items').toBe(true);
    pending = await pendingOf();
  }
  expect(pending).toBeTruthy();
  const open = pending as OfferView;

  await withFlags(origin, { COUNTER_OFFER: false }, async () => {
    await signInAt(page, sellerEmailOf(any), '/seller/offers');
    const row = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: open.lot.name }) })
      .filter({ hasText: 'Waiting for the seller' })
      .first();
    await expect(row.getByRole('button', { name: `Accept the offer on ${open.lot.name}` })).toBeVisible();
    await expect(row.getByRole('button', { name: /^Counter/ })).toHaveCount(0);
    await expect(row.getByLabel('Counter-offer per unit')).toHaveCount(0);
    const res = await seller.post(`/marketplace-api/seller/offers/${open._id}/counter`, {
      data: { amount: open.amount + 100 },
    });
    expect(res.status()).toBe(409);
    expect((await res.json()).errors[0]).toEqual({
      code: 'COUNTER_OFFER_OFF',
      message: 'Counter-offers are turned off: accept or decline the offer.',
    });
  });
  await page.reload();
  await expect(page.getByLabel('Counter-offer per unit').first()).toBeVisible();
  await buyer.dispose();
  await seller.dispose();
});
