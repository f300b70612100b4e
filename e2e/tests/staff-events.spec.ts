import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { placeBid, registerForEvent } from '../support/bidding';
import { expectReady, gotoReady } from '../support/ready';
import { auctionEventBody } from '../support/seller-events';
import { PNG } from '../support/seller-lots';
import { signInByApi } from '../support/sign-in';
import { apiAs, userIdOf } from './offers-helpers';
import { GOOD_CARD, newVerifiedBuyer } from './payments-helpers';

/**
 * Staff run events across companies (decisions 0081 and 0082), desktop: a demo seller publishes an event of the
 * test's own with one auction lot (a photo added on its console page) opening 40 seconds later; a bidder of the test's own registers and bids. Staff
 * pause the event (decision 0087: the lot page says so instead of the bid panel; an open one's timer follows the pause and the resume live, 0093) and resume it, then withdraw the lot with a reason from /staff/events/{id} (a dialog); the bidder is mailed the reason (the local
 * outbox) and the lot page shows it instead of the bid panel. Staff then disable the bidder on /staff/users/{id}
 * and the bidder's session stops working. The audit log shows both.
 */

const SLUG = 'prairie-heavy-equipment';
const SELLER = `seller-${SLUG}@example.com`;
const DAY = 86_400_000;
const word = `zq${randomUUID().slice(0, 8)}`;

test('staff pause and resume the event, withdraw a lot with a reason its bidder is told, then disable the bidder', async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.skip(info.project.name !== 'desktop', 'Staff pages are exercised on desktop; the withdrawal happens once.');
  test.setTimeout(120_000);
  const origin = new URL(baseURL as string).origin;
  const seller = await apiAs(origin, SELLER);
  const featured = (await (await seller.get('/marketplace/api/companies/featured')).json()).data.companies as {
    _id: string;
    slug: string;
  }[];
  const companyId = featured.find((c) => c.slug === SLUG)?._id;
  const tree = await (await seller.get('/marketplace/api/category/product-categories/tree')).json();
  // Opens in 40 seconds (after the photo and the publication) and ends far away, so the lot stays out of the other specs' "ending soon" rows.
  const created = await seller.post('/marketplace-api/seller/events', {
    data: auctionEventBody({
      companyId,
      name: `Withdrawals ${word}`,
      title: 'A sale staff step into',
      startAt: new Date(Date.now() + 40_000).toISOString(),
      endAt: new Date(Date.now() + 60 * DAY).toISOString(),
    }),
  });
  expect(created.status(), await created.text()).toBe(201);
  const eventId = (await created.json()).data._id as string;
  const located = await seller.post(`/marketplace-api/seller/events/${eventId}/locations`, {
    data: { city: 'Regina', region: 'SK', country: 'CA', taxRate: 6, lat: 50.45, lon: -104.61 },
  });
  expect(located.status(), await located.text()).toBe(201);
  const lotName = `Excavator ${word}`;
  const made = await seller.post(`/marketplace-api/seller/events/${eventId}/lots`, {
    data: {
      number: '1',
      name: lotName,
      description: 'A tracked excavator.',
      productCategoryId: tree.data.tree[0].node._id,
      brand: null,
      catalogProductId: null,
      quantity: 1,
      type: 'AuctionLot',
      startingBid: 10_000,
      reserveBid: null,
      buyItNowPrice: null,
      bestOfferEnabled: false,
      managedShipping: false,
      riggingCost: null,
      riggingParty: null,
      loadingCost: null,
      loadingParty: null,
      shippingCost: null,
      shippingParty: null,
      shippingOptions: [],
      shippingPackageType: null,
      shippingPackageCount: null,
      marketDemand: null,
      forcedLiquidationValue: null,
      orderlyLiquidationValue: null,
      grossBookValue: null,
      netBookValue: null,
      transferValue: null,
      dispositionLocationId: (await located.json()).data._id,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const lotId = (await made.json()).data._id as string;
  // Publishing needs a photo on every lot: the seller adds one on the lot's console page, in a browser of its own.
  const sellerContext = await browser.newContext();
  const sellerPage = await sellerContext.newPage();
  await signInByApi(sellerPage, SELLER);
  await gotoReady(sellerPage, `/seller/lots/${lotId}`);
  await sellerPage.getByLabel('Add photos').setInputFiles({ name: 'boom.png', mimeType: 'image/png', buffer: PNG });
  await sellerPage.getByRole('button', { name: 'Upload photos' }).click();
  await expect(sellerPage.getByText('1 photo added.')).toBeVisible({ timeout: 15_000 });
  await sellerContext.close();
  const published = await seller.post(`/marketplace-api/seller/events/${eventId}/publish`, {
    data: { as: 'published' },
  });
  expect(published.status(), await published.text()).toBe(200);
  await seller.dispose();

  // The bidder, in a browser of their own: verified, registered, and the lot's first bid once the clock opens it.
  const bidderContext = await browser.newContext();
  const bidderPage = await bidderContext.newPage();
  const email = await newVerifiedBuyer(bidderPage, 'staff-events', [GOOD_CARD]);
  const bidder = bidderContext.request;
  const bidderId = await userIdOf(bidder);
  await registerForEvent(bidder, origin, eventId);
  await expect
    .poll(
      async () => (await (await bidder.get(`/marketplace/api/event/event-lots/${lotId}/bidding`)).json()).data.status,
      { timeout: 60_000, intervals: [2_000], message: 'the lot clock opens the lot' },
    )
    .toBe('Active');
  await placeBid(bidder, origin, lotId);

  // Staff find the event among every company's and withdraw the lot with a reason.
  await signInByApi(page, 'staff@example.com');
  await gotoReady(page, `/staff/events?q=${word}`);
  await page.getByRole('link', { name: `Withdrawals ${word}` }).click();
  await expectReady(page);
  await expect(page.getByRole('heading', { level: 1, name: `Withdrawals ${word}` })).toBeVisible();

  // Staff pause the event: the open lot page's timer says so at once, through the live stream (decision 0093);
  // loaded again, it says so in place of the bid panel, its clock stopped; then they resume it and the open page's
  // countdown comes back, without a reload.
  const pauseReason = `Checking a buyer's report (${word}).`;
  await gotoReady(bidderPage, `/marketplace/bid/lot/${lotId}`);
  const timer = bidderPage.getByTestId('lot-timer');
  await expect(timer).toContainText(/\d+d \d+h \d+m/);
  await page.getByLabel('Reason for pausing (e-mailed to its bidders and shown on its pages)').fill(pauseReason);
  await page.getByRole('button', { name: 'Pause the event' }).click();
  await expect(page.getByRole('button', { name: 'Resume the event' })).toBeVisible();
  await expect(timer).toContainText('Bidding paused');
  await gotoReady(bidderPage, `/marketplace/bid/lot/${lotId}`);
  await expect(bidderPage.getByText(`Bidding is paused by the marketplace: ${pauseReason}`)).toBeVisible();
  await expect(bidderPage.getByTestId('bid-panel')).toHaveCount(0);
  await expect(timer).toContainText('Bidding paused');
  await page.getByRole('button', { name: 'Resume the event' }).click();
  await expect(page.getByRole('button', { name: 'Pause the event' })).toBeVisible();
  await expect(timer).toContainText(/\d+d \d+h \d+m/);
  const reason = `The seller found a cracked boom (${word}).`;
  await page.getByRole('button', { name: `Withdraw lot 1 ${lotName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Withdraw lot 1 ${lotName}` });
  const field = dialog.getByLabel('Reason (e-mailed to its bidders and shown on the lot page)');
  await expect(field).toBeFocused();
  await dialog.getByRole('button', { name: 'Withdraw the lot' }).click();
  await expect(dialog.getByText('Give a reason of at least 3 characters')).toBeVisible();
  await field.fill(reason);
  await dialog.getByRole('button', { name: 'Withdraw the lot' }).click();
  // The row's Withdraw gives way to the reason once the withdrawal commits.
  await expect(page.getByRole('status').filter({ hasText: `Withdrawn: ${reason}` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Withdraw lot 1 ${lotName}` })).toHaveCount(0);

  // The bidder is told by e-mail, and the lot page says why instead of offering the bid panel.
  await expect
    .poll(
      async () => {
        const outbox = await page.request.get('/marketplace-api/dev/outbox');
        const messages = (await outbox.json()).data.messages as { to: string; subject: string; text: string }[];
        return messages.find((m) => m.to.includes(email) && m.subject.includes('was withdrawn'))?.text ?? '';
      },
      { message: `the withdrawal mailed to ${email}` },
    )
    .toContain(`The reason given: ${reason}`);
  await gotoReady(bidderPage, `/marketplace/bid/lot/${lotId}`);
  await expect(bidderPage.getByText(`Withdrawn by the marketplace: ${reason}`)).toBeVisible();
  await expect(bidderPage.getByTestId('bid-panel')).toHaveCount(0);

  // Staff disable the bidder: their session stops working at once.
  await gotoReady(page, `/staff/users/${bidderId}`);
  await page.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText('Account disabled; its sessions have ended.')).toBeVisible();
  expect((await bidder.get('/marketplace-api/users/me')).status()).toBe(401);
  await bidderContext.close();

  // Both steps are in the audit log.
  await gotoReady(page, `/staff/audit-log?targetType=lot&targetId=${lotId}`);
  await expect(page.getByRole('list', { name: 'Audit log entries' }).getByText('lot.withdraw')).toBeVisible();
  await gotoReady(page, `/staff/audit-log?targetType=user&targetId=${bidderId}`);
  await expect(page.getByRole('list', { name: 'Audit log entries' }).getByText('user.disable')).toBeVisible();
});
