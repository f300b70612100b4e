import { type Browser, expect, type Page, type TestInfo, test } from '@playwright/test';
import { expectReady, gotoReady } from '../support/ready';
import { signInByApi } from '../support/sign-in';
import { NEW_ACCOUNT_PASSWORD } from '../support/sign-up';

/**
 * Tax exemptions (spec §3, §4): a reseller sends a certificate, which counts
 * for verification while in review; staff approve it on the review page, the
 * reseller sees it active; staff revoke it, the reseller sees it revoked and
 * the step missing again. Each run signs up a reseller of its own, so the two
 * projects never share an account and the seeded reseller@example.com, whose
 * missing steps contact-seller.spec.ts counts, is never touched (a certificate
 * left on it once failed that spec). Also: the Preferences section's persona
 * switch shows and hides the section. The new accounts are made and signed in
 * through the API: the sign-up and sign-in forms are accounts.spec.ts's.
 */

const uniqueEmail = (what: string) =>
  `e2e-${what}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
const CERTIFICATE = {
  name: 'resale-certificate.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
};

/**
 * A new person signed up through the API (as the sign-up form would, a reseller with the persona "I buy to
 * resell"), then signed in on `page`; not activated, which nothing here needs.
 */
async function signUpByApi(page: Page, person: { name: string; email: string; reseller?: boolean }) {
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const res = await page.request.post('/marketplace-api/auth/sign-up', {
    data: {
      name: person.name,
      email: person.email,
      password: NEW_ACCOUNT_PASSWORD,
      ...(person.reseller ? { buyerPersona: 'Reseller' } : {}),
    },
    headers: { origin },
  });
  expect(res.status(), `sign-up of ${person.email}: ${await res.text()}`).toBe(202);
  await signInByApi(page, person.email, NEW_ACCOUNT_PASSWORD);
}

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
  await signInByApi(page, 'staff@example.com');
  await gotoReady(page, '/staff/tax-exemptions');
  return page;
}

// Phone: the certificate form (file, state, submit) and the staff's review list with its revoke form, both at the
// phone's width.
test(
  'a reseller sends a certificate; staff approve it, then revoke it',
  { tag: '@phone' },
  async ({ page, browser }, testInfo) => {
    // Two people's pages (reseller and staff), a dozen page loads: on a busy 2-core machine it took over 30 s.
    test.setTimeout(90_000);
    const email = uniqueEmail('reseller');
    await signUpByApi(page, { name: 'Rita Reseller', email, reseller: true });
    await gotoReady(page, '/account');

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

    await gotoReady(page, '/account');
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
    await expect(
      staff.getByRole('listitem', { name: new RegExp(`\\(${email.replaceAll('.', '\\.')}\\), Texas`) }),
    ).toContainText('The state withdrew this certificate');
    await staff.context().close();

    await page.reload();
    await expect(mine.getByRole('listitem').first()).toHaveAccessibleName('Certificate for Texas: Revoked');
    await expect(mine.getByText('Tax exemption step: Missing.')).toBeVisible();
  },
);

// Phone: the Preferences form (persona radios, time zone, notification boxes) in one column, saved from there.
test('choosing Reseller in Preferences shows the tax exemption section; switching back hides it', {
  tag: '@phone',
}, async ({ page }) => {
  await signUpByApi(page, { name: 'Pia Preferences', email: uniqueEmail('preferences') });
  await gotoReady(page, '/account');
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
  await expectReady(page);
  await expect(preferences.getByLabel('Time zone')).toHaveValue('America/Chicago');
  await expect(preferences.getByRole('checkbox', { name: 'When I am outbid' })).not.toBeChecked();
  await expect(preferences.getByRole('checkbox', { name: 'Text me (SMS) about auctions I bid in' })).toBeChecked();
  await expect(preferences.getByRole('radio', { name: /^Reseller/ })).toBeChecked();

  await preferences.getByRole('radio', { name: /^Personal\/Business End User/ }).check();
  await preferences.getByRole('button', { name: 'Save preferences' }).click();
  await expect(preferences.getByRole('status')).toHaveText('Preferences saved.');
  await expect(exemption).toHaveCount(0);
});
