import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { signUpAndSignIn } from '../support/sign-up';
import { ORDER_URL, openLot } from './buy-now-helpers';

/**
 * Helpers for the payments specs (issue 15; decision 0044): a fresh buyer made
 * verified through the pages (as verification-journey.spec.ts does) with the
 * sandbox cards of our choice, and a buy-now item bought through the buy box.
 */

/** The sandbox's cards: saved, but every hold and charge on it is declined; and one that always pays. */
export const DECLINING_CARD = '4000 0000 0000 0341';
export const GOOD_CARD = '4242 4242 4242 4242';

const uniqueEmail = (prefix: string) =>
  `e2e-${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

async function addAddress(page: Page, type: 'Billing' | 'Shipping') {
  const section = page
    .getByRole('region', { name: 'Addresses' })
    .locator('form')
    .filter({ has: page.getByRole('button', { name: 'Add address' }) });
  await section.getByRole('radio', { name: type }).check();
  await section.getByLabel('Full name or company').fill('Paula Payer');
  await section.getByLabel('Street address').fill('1200 Main Street');
  await section.getByLabel('City').fill('Houston');
  await section.getByLabel('Country').selectOption('US');
  await section.getByLabel('State or province').selectOption('TX');
  await section.getByLabel('ZIP or postal code').fill('77002');
  await section.getByLabel('Phone').fill('+1 713 555 0100');
  await section.getByRole('button', { name: 'Add address' }).click();
  await expect(section.getByRole('status')).toHaveText(`${type} address added.`);
}

/** "Add a card" on /account, typed on the sandbox provider's page; the first card saved is the default. */
async function addCard(page: Page, number: string) {
  await page.getByRole('region', { name: 'Payment methods' }).getByRole('button', { name: 'Add a card' }).click();
  await expect(page).toHaveURL(/\/payments-sandbox\/setup\/seti_sbx_/);
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Name on card').fill('Paula Payer');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByRole('heading', { name: 'Card added' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(`Visa ending ${number.slice(-4)} is saved`);
  await page.getByRole('link', { name: 'Back to your account' }).click();
}

/**
 * A new person, signed in on `page`, made a verified buyer through the pages: sign-up, activation through
 * the local outbox, a billing and a shipping address, then `cards` saved in order (the first is the default).
 */
export async function newVerifiedBuyer(page: Page, prefix: string, cards: string[]): Promise<string> {
  const email = uniqueEmail(prefix);
  await signUpAndSignIn(page, { name: 'Paula Payer', email });
  await page.goto('/dev/mail');
  await page
    .getByRole('article')
    .filter({ hasText: email })
    .filter({ has: page.getByRole('heading', { name: 'Activate your Lotline account' }) })
    .first()
    .getByRole('link')
    .click();
  await page.getByRole('button', { name: 'Confirm my e-mail address' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText('Your account is activated.');
  await page.goto('/account');
  await addAddress(page, 'Billing');
  await addAddress(page, 'Shipping');
  for (const card of cards) await addCard(page, card);
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
