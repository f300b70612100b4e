import { expect, test } from '@playwright/test';
import { expectReady, gotoReady } from '../support/ready';
import { newAccountByApi } from './pages-helpers';

/**
 * The Addresses section of the account page: a wrong postal code is explained
 * next to its field and nothing is saved; a valid address is added, listed,
 * and survives a reload (it is stored by the API, not only shown).
 */

const uniqueEmail = () => `e2e-address-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

test('add, edit and remove an address on the account page; wrong ZIP and region are explained', async ({ page }) => {
  // A new account (through the API: the sign-up form has its own specs), on the account page.
  await newAccountByApi(page, { name: 'Addy Tester', email: uniqueEmail() });
  await gotoReady(page, '/account');

  const section = page.getByRole('region', { name: 'Addresses' });
  await expect(section.getByText('To bid, add a billing and a shipping address.')).toBeVisible();
  await expect(section.getByRole('list', { name: 'Your addresses' })).toHaveCount(0);

  await section.getByRole('radio', { name: 'Billing' }).check();
  await section.getByLabel('Full name or company').fill('Addy Tester');
  await section.getByLabel('Street address').fill('1200 Main Street');
  await section.getByLabel('City').fill('Houston');
  await section.getByLabel('Country').selectOption('US');
  await section.getByLabel('State or province').selectOption('TX');
  await section.getByLabel('ZIP or postal code').fill('7700');
  await section.getByLabel('Phone').fill('+1 713 555 0100');
  await section.getByRole('button', { name: 'Add address' }).click();

  await expect(section.getByText('Enter a US ZIP code, like 77002 or 77002-1234.')).toBeVisible();
  await expect(section.getByLabel('ZIP or postal code')).toHaveAttribute('aria-invalid', 'true');
  // What was typed is kept, and nothing was saved.
  await expect(section.getByLabel('Street address')).toHaveValue('1200 Main Street');
  await expect(section.getByRole('list', { name: 'Your addresses' })).toHaveCount(0);

  await section.getByLabel('ZIP or postal code').fill('77002');
  await section.getByRole('button', { name: 'Add address' }).click();
  await expect(section.getByRole('status')).toHaveText('Billing address added.');
  const item = section.getByRole('listitem', { name: 'Billing address at 1200 Main Street, Houston' });
  await expect(item).toContainText('Houston, Texas 77002');
  await expect(section.getByText('To bid, add a shipping address.')).toBeVisible();

  await page.reload();
  await expectReady(page);
  const stored = page
    .getByRole('region', { name: 'Addresses' })
    .getByRole('listitem', { name: 'Billing address at 1200 Main Street, Houston' });
  await expect(stored).toBeVisible();

  // Edit it into a Canadian shipping address: a US state does not fit Canada, and says so.
  await stored.getByText('Edit').click();
  await stored.getByRole('radio', { name: 'Shipping' }).check();
  await stored.getByLabel('City').fill('Ottawa');
  await stored.getByLabel('Country').selectOption('CA');
  await stored.getByLabel('ZIP or postal code').fill('k1a 0a2');
  await stored.getByRole('button', { name: 'Save address' }).click();
  await expect(stored.getByText('Choose a Canadian province or territory.')).toBeVisible();
  await stored.getByLabel('State or province').selectOption('ON');
  await stored.getByRole('button', { name: 'Save address' }).click();
  const edited = section.getByRole('listitem', { name: 'Shipping address at 1200 Main Street, Ottawa' });
  await expect(edited).toContainText('Ottawa, Ontario K1A 0A2');
  await expect(section.getByText('To bid, add a billing address.')).toBeVisible();

  await edited.getByRole('button', { name: 'Remove Shipping address at 1200 Main Street, Ottawa' }).click();
  await expect(section.getByRole('listitem')).toHaveCount(0);
  await expect(section.getByText('To bid, add a billing and a shipping address.')).toBeVisible();
});
