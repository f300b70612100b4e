import { expect, test } from '@playwright/test';
import { gotoReady } from '../support/ready';
import { signInByApi } from '../support/sign-in';
import { activateByApi, newAccountByApi } from './pages-helpers';

/**
 * Seller onboarding (decision 0074), the one browser test of its pages: a new, activated person applies at
 * /sell/apply; staff approve the application on /staff/seller-applications; the applicant then opens the seller
 * console as the owner of the new company, and the audit log shows the decision. It adds a company to the shared
 * lists, so it runs on the site beside. Validation, the decline and access are apps/api's seller-applications
 * tests.
 */

test('a person applies to sell, staff approve, the applicant owns the new company; the audit log has it', async ({
  page,
  browser,
}) => {
  test.slow();
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `e2e-apply-${stamp}@example.com`;
  const companyName = `Apply Tools ${stamp}`;
  const applicantContext = await browser.newContext();
  try {
    const applicant = await applicantContext.newPage();
    await newAccountByApi(applicant, { name: 'Ada Applicant', email });
    await activateByApi(applicant, email);
    await gotoReady(applicant, '/sell/apply');
    await applicant.getByLabel('Company name').fill(companyName);
    await applicant.getByLabel('Country').selectOption('US');
    await applicant.getByLabel('State or province (optional)').selectOption('TX');
    await applicant.getByLabel('What you sell (optional)').fill('Used cranes and forklifts.');
    await applicant.getByRole('button', { name: 'Send the application' }).click();
    await expect(applicant.getByText('Thank you: your application is sent.')).toBeVisible();

    await signInByApi(page, 'staff@example.com');
    await gotoReady(page, '/staff/seller-applications');
    const item = page.getByRole('listitem', { name: `${companyName}, from Ada Applicant (${email})` });
    await expect(item).toContainText('Used cranes and forklifts.');
    await item.getByRole('button', { name: 'Approve' }).click();
    // Decided, it leaves the pending list (the page is read again) for the approved one.
    await expect(item).toHaveCount(0);
    await gotoReady(page, '/staff/seller-applications?status=approved');
    await expect(item.getByText('Decided')).toBeVisible();

    await gotoReady(applicant, '/seller/company');
    await expect(applicant.getByRole('heading', { name: companyName, level: 1 })).toBeVisible();
    await expect(applicant.getByText(`You are an owner of ${companyName}.`)).toBeVisible();
    await gotoReady(applicant, '/seller');
    await expect(applicant.getByRole('navigation', { name: 'Seller console' })).toBeVisible();

    const listed = await page.request.get('/marketplace-api/staff/seller-applications?status=approved&pageSize=100');
    type Listed = { _id: string; companyName: string };
    const decided = ((await listed.json()).data.applications as Listed[]).find((a) => a.companyName === companyName);
    expect(decided, `${companyName} among the approved applications`).toBeDefined();
    const target = encodeURIComponent(decided?._id ?? '');
    await gotoReady(page, `/staff/audit-log?targetType=seller-application&targetId=${target}`);
    const entry = page.getByRole('list', { name: 'Audit log entries' }).getByRole('listitem').first();
    await expect(entry.getByRole('heading')).toContainText('seller-application.approve');
    await expect(entry).toContainText('staff@example.com');
    await entry.getByText('Before and after').click();
    await expect(entry).toContainText(`"name": "${companyName}"`);
  } finally {
    await applicantContext.close();
  }
});
