import { expect, test } from '@playwright/test';
import { gotoReady } from '../support/ready';
import { signInByApi } from '../support/sign-in';

/**
 * The staff page of the receiving bank accounts (decision 0070), the one
 * browser test of its form: a mistake is shown at its field and nothing is
 * saved; the demo's CAD account saved again as it was is confirmed, and is
 * in the audit log, reached from the header (decision 0073). Access,
 * validation and what invoices print are apps/api's wire-accounts.test.ts.
 */
test('staff see the demo banks, a blank field is refused at the field, and a save is confirmed', async ({ page }) => {
  await signInByApi(page, 'staff@example.com');
  await gotoReady(page, '/staff/wire-accounts');
  await expect(page.getByRole('heading', { name: 'Wire transfer instructions' })).toBeVisible();
  const usd = page.getByRole('region', { name: 'USD account' });
  await expect(usd.getByLabel('IBAN or account number')).toHaveValue('000123456789');

  const cad = page.getByRole('region', { name: 'CAD account' });
  const beneficiary = cad.getByLabel('Beneficiary (account holder)');
  const before = await beneficiary.inputValue();
  expect(before).not.toBe('');
  await beneficiary.fill('   ');
  await cad.getByRole('button', { name: 'Save the CAD account' }).click();
  await expect(cad.getByRole('alert').filter({ hasText: 'Check the fields marked below.' })).toBeVisible();
  await expect(beneficiary).toHaveAccessibleDescription(/The beneficiary is required/);

  await beneficiary.fill(before);
  await cad.getByRole('button', { name: 'Save the CAD account' }).click();
  await expect(
    cad.getByRole('status').filter({ hasText: 'Saved: CAD invoices now offer wire transfer' }),
  ).toBeVisible();
  await expect(cad.getByRole('button', { name: 'Stop offering wire transfer in CAD' })).toBeVisible();

  // The save is in the audit log (decision 0073), reached by the header's Staff link; the staff navigation marks it.
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Staff', exact: true }).click();
  const staffNav = page.getByRole('navigation', { name: 'Staff' });
  await expect(staffNav.getByRole('link', { name: 'Audit log' })).toHaveAttribute('aria-current', 'page');
  await page.getByLabel('Record kind (e.g. user, order)').fill('wire-account');
  await page.getByRole('button', { name: 'Filter' }).click();
  const newest = page.getByRole('list', { name: 'Audit log entries' }).getByRole('listitem').first();
  await expect(newest).toContainText('wire-account.set');
  await expect(newest.getByRole('link', { name: 'wire-account CAD' })).toBeVisible();
});
