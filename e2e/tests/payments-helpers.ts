import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { expectReady, gotoReady } from '../support/ready';
import { siteOrigin } from '../support/sign-in';
import { ORDER_URL, openLot } from './buy-now-helpers';
import { activateByApi, newAccountByApi } from './pages-helpers';

/**
 * Helpers for the payments specs (issue 15; decision 0044): a fresh buyer made
 * verified through the API (verification-journey.spec.ts goes through the pages)
 * with the sandbox cards of our choice, and a buy-now item bought through the buy box.
 */

/** The sandbox's cards: saved, but every hold and charge on it is declined; and one that always pays. */
export const DECLINING_CARD = '4000 0000 0000 0341';
export const GOOD_CARD = '4242 4242 4242 4242';

const uniqueEmail = (prefix: string) =>
  `e2e-${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** A billing or shipping address in Houston, through the account API (the form has addresses.spec.ts). */
async function addAddress(request: APIRequestContext, userId: string, type: 'billing' | 'shipping') {
  const res = await request.post(`/marketplace-api/users/${userId}/addresses`, {
    data: {
      type,
      name: 'Paula Payer',
      line1: '1200 Main Street',
      city: 'Houston',
      country: 'US',
      region: 'TX',
      postalCode: '77002',
      phone: '+1 713 555 0100',
    },
    headers: { origin: siteOrigin() },
  });
  expect(res.status(), `${type} address: ${await res.text()}`).toBe(201);
}

/**
 * A card saved through the sandbox provider as the account page's "Add a card" does, without the pages (they
 * have verification-journey.spec.ts): start a setup, post the provider's card form, complete the setup. The
 * first card saved is the default.
 */
async function addCard(request: APIRequestContext, userId: string, number: string) {
  const headers = { origin: siteOrigin() };
  const started = await request.post(`/marketplace-api/users/${userId}/payment-setups`, { headers });
  expect(started.status(), `card setup: ${await started.text()}`).toBe(201);
  const setup = (await started.json()).data as { id: string; next: { type: string; url?: string } };
  expect(setup.next.type, 'the sandbox provider').toBe('redirect');
  const provider = new URL(setup.next.url ?? '', siteOrigin());
  const entered = await request.post(`${provider.pathname}${provider.search}`, {
    form: { number, expiry: '12 / 34', cvc: '123', name: 'Paula Payer' },
    headers,
    maxRedirects: 0,
  });
  expect(entered.status(), `the sandbox's card form: ${await entered.text()}`).toBe(303);
  const completed = await request.post(`/marketplace-api/users/${userId}/payment-setups/${setup.id}/complete`, {
    headers,
  });
  expect(completed.status(), `card ${number}: ${await completed.text()}`).toBe(201);
}

/**
 * A new person, signed in on `page`, made a verified buyer through the API (the pages of these steps have their
 * own specs: verification-journey, addresses): sign-up, activation with the link from the local outbox, a
 * billing and a shipping address, then `cards` saved in order (the first is the default). Ends on /account,
 * which says the person is a verified bidder.
 */
export async function newVerifiedBuyer(page: Page, prefix: string, cards: string[]): Promise<string> {
  const email = uniqueEmail(prefix);
  await newAccountByApi(page, { name: 'Paula Payer', email });
  await activateByApi(page, email);
  const me = (await (await page.request.get('/marketplace-api/users/me')).json()).data as { id: string };
  await addAddress(page.request, me.id, 'billing');
  await addAddress(page.request, me.id, 'shipping');
  for (const card of cards) await addCard(page.request, me.id, card);
  await gotoReady(page, '/account');
  await expect(
    page.getByRole('region', { name: 'Verification' }).getByText('You are a verified bidder.'),
  ).toBeVisible();
  return email;
}

type Listed = { _id: string; _source: { name: string; bestOfferEnabled: boolean; currency: string } };

/**
 * An open buy-now item in `currency`, without Best Offer, with at least 2 units left (so buying one sells
 * nothing out). Taken from the END of the listing, as the other specs take theirs from its start; `skip`
 * spreads tests and projects over different items.
 */
export async function buyNowItemIn(
  request: APIRequestContext,
  currency: string,
  skip: number,
): Promise<{ id: string; name: string }> {
  const esQuery = JSON.stringify({
    operator: 'and',
    params: [
      { field: 'type', op: 'eq', value: 'BuyItNowItem' },
      { field: 'status', op: 'in', value: ['Active'] },
      { field: 'endedAt', op: 'gte', value: new Date(Date.now() + 86_400_000).toISOString() },
    ],
  });
  const lots: Listed[] = [];
  for (let pageNumber = 1; pageNumber <= 5; pageNumber++) {
    const res = await request.get(
      `/marketplace/api/event/event-lots?pageSize=100&pageNumber=${pageNumber}&esQuery=${encodeURIComponent(esQuery)}`,
    );
    expect(res.status()).toBe(200);
    const found = (await res.json()).data.eventLots as Listed[];
    lots.push(...found);
    if (found.length < 100) break;
  }
  let skipped = 0;
  for (const lot of lots.reverse()) {
    if (lot._source.bestOfferEnabled || lot._source.currency !== currency) continue;
    const res = await request.get(`/marketplace/api/event/event-lots/${lot._id}/buy-now`);
    if (!res.ok()) continue;
    const state = (await res.json()).data;
    if (!state.open || state.quantity < 2) continue;
    if (skipped++ < skip) continue;
    return { id: lot._id, name: lot._source.name };
  }
  throw new Error(`no open ${currency} buy-now item with 2 units left (skip ${skip})`);
}

/** Buys one unit through the lot page's buy box; answers the new order's id (the page lands on it). */
export async function buyOneUnit(page: Page, lotId: string): Promise<string> {
  await openLot(page, lotId);
  // The buy box's button opens a dialog: a click before hydration is lost.
  await expectReady(page);
  await page.getByTestId('buy-box').getByRole('button', { name: 'Buy now' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm your purchase' })
    .getByRole('button', { name: 'Confirm purchase' })
    .click();
  await expect(page).toHaveURL(ORDER_URL, { timeout: 30_000 });
  return decodeURIComponent(page.url().split('/').pop() ?? '');
}

/** The order as the API answers it to its buyer (the page's own source). */
export async function readOrder(request: APIRequestContext, orderId: string) {
  const me = (await (await request.get('/marketplace-api/users/me')).json()).data;
  const res = await request.get(`/marketplace-api/users/${me.id}/orders/${orderId}`);
  expect(res.status()).toBe(200);
  return (await res.json()).data.order as {
    _id: string;
    number: string;
    status: string;
    source: string;
    currency: string;
    total: number;
    depositApplied: number;
    amountDue: number;
    paymentError: string | null;
    paymentKind: string | null;
  };
}

/** Money as the pages print it (apps/web's formatMoney: whole amounts drop the cents). */
export function money(minor: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency, trailingZeroDisplay: 'stripIfInteger' }).format(
    minor / 100,
  );
}
