import { type Browser, expect, type TestInfo, test } from '@playwright/test';
import { signInAt } from '../support/sign-in';
import { signUpAndSignIn } from '../support/sign-up';

/**
 * Tax exemptions (spec §3, §4): a reseller sends a certificate, which counts
 * for verification while in review; staff approve it on the review page, the
 * reseller sees it active; staff revoke it, the reseller sees it revoked and
 * the step missing again. The desktop run uses the seeded reseller; the phone
 * run, in parallel, a reseller it signs up, so the two never share an account.
 * Also: the Preferences section's persona switch shows and hides the section.
 */

const uniqueEmail = (what: string) =>
  `e2e-${what}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
const CERTIFICATE = {
  name: 'resale-certificate.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
};

/** A second browser context for the staff, with the project's viewport. */
async function staffPage(browser: Browser, testInfo: TestInfo) {
  const { baseURL, viewport, isMobile, hasTouch } = testInfo.project.use;
  const context = await browser.newContext({
    ...(baseURL ? { baseURL } : {}),
    ...(viewport ? { viewport } : {}),
    isMobile: isMobile ?? false,
    hasTouch: hasTouch ?? false,
  });
  const page = await context.newPage();
  await signInAt(page, 'staff@example.com', '/staff/tax-exemptions');
  return page;
}

test('a reseller sends a certificate; staff approve it, then revoke it', async ({ page, browser }, testInfo) => {
  // Two people's pages (reseller and staff), a dozen page loads: on a busy 2-core machine it took over 30 s.
  test.setTimeout(90_000);
  let email = 'reseller@example.com';
  if (testInfo.project.name === 'desktop') {
    await signInAt(page, email, '/account');
  } else {
    email = uniqueEmail('reseller');
    await signUpAndSignIn(page, { name: 'Rita Reseller', email, reseller: true });
  }

  const section = page.getByRole('region', { name: 'Tax exemption', exact: true });
  await expect(section.getByText('Tax exemption step: Missing.')).toBeVisible();

  // Nothing chosen: explained next to the fields, nothing sent.
  await section.getByRole('button', { name: 'Submit certificate' }).click();
  await expect(section.getByText('Choose the certificate file.')).toBeVisible();
  await expect(section.getByText('Choose the state or province the certificate was issued for.')).toBeVisible();
  await expect(section.getByRole('list', { name: 'Your tax exemption certificates' })).toHaveCount(0);

  await section.getByLabel('Exemption certificate').setInputFiles(CERTIFICATE);
  await section.getByLabel('Issued for (state or province)').selectOption('TX');
  await section.getByRole('button', { name: 'Submit certificate' }).click();
  await expect(section.getByRole('status')).toHaveText('Certificate submitted. Lotline staff will review it.');
  await expect(section.getByRole('listitem', { name: 'Certificate for Texas: In review' })).toBeVisible();
  await expect(section.getByText('Tax exemption step: Complete.')).toBeVisible();

  // Only staff see the review page.
  await page.goto('/staff/tax-exemptions');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

  const staff = await staffPage(browser, testInfo);
  await expect(staff.getByRole('heading', { name: 'Tax exemptions', level: 1 })).toBeVisible();
  const queued = staff.getByRole('listitem', { name: new RegExp(`\\(${email.replaceAll('.', '\\.')}\\), Texas`) });
  await expect(queued).toContainText('In review');
  const href = await queued.getByRole('link', { name: /Open the certificate/ }).getAttribute('href');
  const file = await staff.request.get(href ?? '');
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toContain('application/pdf');
  await queued.getByRole('button', { name: 'Approve' }).click();
  await expect(queued).toHaveCount(0);
  await staff.getByRole('navigation', { name: 'Filter by status' }).getByRole('link', { name: 'Active' }).click();
  const active = staff.getByRole('listitem', { name: new RegExp(`\\(${email.replaceAll('.', '\\.')}\\), Texas`) });
  await expect(active).toContainText('Active');

  await page.goto('/account');
  const mine = page.getByRole('region', { name: 'Tax exemption', exact: true });
  const approved = mine.getByRole('listitem', { name: 'Certificate for Texas: Active' });
  await expect(approved).toBeVisible();
  await expect(approved.getByText('Expires')).toBeVisible();
  await expect(mine.getByText('Tax exemption step: Complete.')).toBeVisible();

  // Revoking needs a reason.
  await active.getByRole('button', { name: 'Revoke' }).click();
  await expect(active.getByText('Say why the exemption is revoked.')).toBeVisible();
  await active.getByLabel('Reason for revoking').fill('The state withdrew this certificate');
  await active.getByRole('button', { name: 'Revoke' }).click();
  await expect(active).toHaveCount(0);
  await staff.getByRole('navigation', { name: 'Filter by status' }).getByRole('link', { name: 'Revoked' }).click();
  // Newest first: on a reused server the seeded reseller may have older revoked certificates.
  await expect(
    staff.getByRole('listitem', { name: new RegExp(`\\(${email.replaceAll('.', '\\.')}\\), Texas`) }).first(),
  ).toContainText('The state withdrew this certificate');
  await staff.context().close();

  await page.reload();
  await expect(mine.getByRole('listitem').first()).toHaveAccessibleName('Certificate for Texas: Revoked');
  await expect(mine.getByText('Tax exemption step: Missing.')).toBeVisible();
});

test('choosing Reseller in Preferences shows the tax exemption section; switching back hides it', async ({ page }) => {
  await signUpAndSignIn(page, { name: 'Pia Preferences', email: uniqueEmail('preferences') });
  const preferences = page.getByRole('region', { name: 'Preferences' });
  const exemption = page.getByRole('region', { name: 'Tax exemption', exact: true });
  await expect(preferences.getByRole('radio', { name: /^Personal\/Business End User/ })).toBeChecked();
  await expect(exemption).toHaveCount(0);

  await preferences.getByRole('radio', { name: /^Reseller/ }).check();
  await preferences.getByLabel('Time zone').selectOption('America/Chicago');
  await preferences.getByRole('checkbox', { name: 'When I am outbid' }).uncheck();
  await preferences.getByRole('checkbox', { name: 'Text me (SMS) about auctions I bid in' }).check();
  await preferences.getByRole('button', { name: 'Save preferences' }).click();
  await expect(preferences.getByRole('status')).toHaveText('Preferences saved.');
  await expect(exemption.getByText('Tax exemption step: Missing.')).toBeVisible();

  // Stored, not only shown.
  await page.reload();
  await expect(preferences.getByLabel('Time zone')).toHaveValue('America/Chicago');
  await expect(preferences.getByRole('checkbox', { name: 'When I am outbid' })).not.toBeChecked();
  await expect(preferences.getByRole('checkbox', { name: 'Text me (SMS) about auctions I bid in' })).toBeChecked();
  await expect(preferences.getByRole('radio', { name: /^Reseller/ })).toBeChecked();

  await preferences.getByRole('radio', { name: /^Personal\/Business End User/ }).check();
  await preferences.getByRole('button', { name: 'Save preferences' }).click();
  await expect(preferences.getByRole('status')).toHaveText('Preferences saved.');
  await expect(exemption).toHaveCount(0);
});
