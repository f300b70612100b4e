import { expect, type Page, test } from '@playwright/test';
import { gotoReady } from '../support/ready';
import { signUpAndSignIn } from '../support/sign-up';

/**
 * From sign-up to verified bidder (spec §4): activation through the local
 * mail page, a billing and a shipping address, a card saved on the payment
 * provider's own page (the sandbox: a declined card first, which stores
 * nothing, then Visa 4242), the bidder terms, and /account says verified.
 */

const uniqueEmail = () => `e2e-verify-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

async function addAddress(page: Page, type: 'Billing' | 'Shipping') {
  // The form under "Add an address" (each listed address has its own edit form with the same labels).
  const section = page
    .getByRole('region', { name: 'Addresses' })
    .locator('form')
    .filter({ has: page.getByRole('button', { name: 'Add address' }) });
  await section.getByRole('radio', { name: type }).check();
  await section.getByLabel('Full name or company').fill('Vera Bidder');
  await section.getByLabel('Street address').fill('1200 Main Street');
  await section.getByLabel('City').fill('Houston');
  await section.getByLabel('Country').selectOption('US');
  await section.getByLabel('State or province').selectOption('TX');
  await section.getByLabel('ZIP or postal code').fill('77002');
  await section.getByLabel('Phone').fill('+1 713 555 0100');
  await section.getByRole('button', { name: 'Add address' }).click();
  await expect(section.getByRole('status')).toHaveText(`${type} address added.`);
}

async function fillCard(page: Page, card: { number: string; expiry: string }) {
  await page.getByLabel('Card number').fill(card.number);
  await page.getByLabel('Expiry (MM / YY)').fill(card.expiry);
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Name on card').fill('Vera Bidder');
  await page.getByRole('button', { name: 'Save card' }).click();
}

async function myCards(page: Page) {
  const me = (await (await page.request.get('/marketplace-api/users/me')).json()).data;
  const res = await page.request.get(`/marketplace-api/users/${me.id}/payment-methods`);
  return (await res.json()).data as unknown[];
}

// Phone: the verification journey clicked through on a phone: the address forms, the provider's card page and the
// account's steps in one column.
test('a new user becomes a verified bidder: activation, addresses, a card on the provider page, bidder terms', {
  tag: '@phone',
}, async ({ page }) => {
  // A long journey through many pages on a shared, slow machine.
  test.setTimeout(120_000);
  const email = uniqueEmail();
  await signUpAndSignIn(page, { name: 'Vera Bidder', email });

  const verification = page.getByRole('region', { name: 'Verification' });
  await expect(verification.getByText('Complete the missing steps to become a verified bidder.')).toBeVisible();
  const steps = verification.getByRole('list', { name: 'Verification steps' });
  await expect(steps.getByRole('listitem')).toHaveCount(4);
  await expect(steps.getByRole('listitem').filter({ hasText: 'Payment method' })).toContainText('missing');
  await expect(steps.getByRole('link', { name: 'Add a card' })).toHaveAttribute('href', '#payment-methods-title');

  // Activation, through the local outbox.
  await gotoReady(page, '/dev/mail');
  await page
    .getByRole('article')
    .filter({ hasText: email })
    .filter({ has: page.getByRole('heading', { name: 'Activate your Lotline account' }) })
    .first()
    .getByRole('link')
    .click();
  await page.getByRole('button', { name: 'Confirm my e-mail address' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText('Your account is activated.');
  await gotoReady(page, '/account');
  await expect(steps.getByRole('listitem').filter({ hasText: 'E-mail activation' })).toContainText('done');

  await addAddress(page, 'Billing');
  await addAddress(page, 'Shipping');
  await expect(steps.getByRole('listitem').filter({ hasText: 'Shipping address' })).toContainText('done');

  // The card is typed on the provider's page, not ours.
  const cards = page.getByRole('region', { name: 'Payment methods' });
  await expect(cards.getByText('To bid, add a card.')).toBeVisible();
  await cards.getByRole('button', { name: 'Add a card' }).click();
  await expect(page).toHaveURL(/\/payments-sandbox\/setup\/seti_sbx_/);
  await expect(page.getByRole('heading', { name: 'Add a card' })).toBeVisible();

  await fillCard(page, { number: '4242 4242 4242 4242', expiry: '01 / 20' });
  await expect(page.getByText("Your card's expiration date is in the past.")).toBeVisible();
  await expect(page.getByLabel('Expiry (MM / YY)')).toHaveAttribute('aria-invalid', 'true');

  await fillCard(page, { number: '4000 0000 0000 0002', expiry: '12 / 34' });
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
  expect(await myCards(page)).toEqual([]);

  await fillCard(page, { number: '4242 4242 4242 4242', expiry: '12 / 34' });
  await expect(page).toHaveURL(/\/account\/payment-methods\/return\?setup=pms_/);
  await expect(page.getByRole('heading', { name: 'Card added' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Visa ending 4242 is saved as your default card.');
  expect(await myCards(page)).toHaveLength(1);
  await page.getByRole('link', { name: 'Back to your account' }).click();

  const card = cards.getByRole('listitem', { name: 'Visa ending 4242' });
  await expect(card).toContainText('Default');
  await expect(card).toContainText('Expires 12/2034');
  await expect(verification.getByText('You are a verified bidder.')).toBeVisible();

  const terms = page.getByRole('region', { name: 'Bidder terms' });
  await terms.getByRole('button', { name: 'I agree to the bidder terms' }).click();
  await expect(terms.getByText(/^You agreed to the bidder terms on /)).toBeVisible();

  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Verification' }).getByText('You are a verified bidder.'),
  ).toBeVisible();
  await expect(page.getByText('Verified bidder', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Bidder terms' }).getByRole('button')).toHaveCount(0);
  const me = await (await page.request.get('/marketplace-api/users/me')).json();
  expect(me.data.verified).toBe(true);
});
