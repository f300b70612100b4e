import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { expectReady, gotoReady } from '../support/ready';
import { signInByApi } from '../support/sign-in';
import { activateByApi, newAccountByApi } from './pages-helpers';

/**
 * The seller console's company page (issue 16; decision 0048), as a featured
 * seller's demo user (an owner). It works on a featured seller the other specs
 * do not edit or name (event-helpers.ts uses the first two by slug; tenders the
 * Gulf Coast one), and restores the profile it changed. Desktop only: both
 * projects would edit the same company at once.
 */

const SLUG = 'prairie-heavy-equipment';
const SELLER = `seller-${SLUG}@example.com`;
const uniqueEmail = () => `invited-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

test.describe.configure({ mode: 'serial' });
const desktopOnly = () => test.skip(test.info().project.name !== 'desktop', 'one company, edited by one project');

async function companyOf(page: Page) {
  const answer = await page.request.get('/marketplace-api/seller/companies');
  expect(answer.status()).toBe(200);
  const company = (await answer.json()).data.companies.find((c: { slug: string }) => c.slug === SLUG);
  if (!company) throw new Error(`${SELLER} does not answer for ${SLUG}`);
  return company as { _id: string; name: string; displayName: string | null; description: string };
}

test('an owner edits the display name and description, and the public seller page shows them', async ({ page }) => {
  desktopOnly();
  await signInByApi(page, SELLER);
  await gotoReady(page, '/seller/company');
  const before = await companyOf(page);
  const profile = page.getByRole('form', { name: 'Company profile' });
  try {
    const name = `Prairie Iron ${Date.now().toString(36)}`;
    const description = 'Graders, loaders and combines from Western Canada, inspected before every sale.';
    await profile.getByLabel('Display name').fill(name);
    await profile.getByLabel('Description').fill(description);
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await expect(profile.getByRole('status')).toHaveText('Profile saved. Buyers see it on your seller page now.');

    // A field-level error: a logo that is not an image is refused next to its field.
    await profile
      .getByLabel('Logo', { exact: true })
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await expect(profile.getByText('The logo must be an image (JPG, PNG, WEBP, BMP or HEIC).')).toBeVisible();
    await expect(profile.getByLabel('Logo', { exact: true })).toHaveAttribute('aria-invalid', 'true');

    await page.getByRole('link', { name: 'Open your public seller page' }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText(description)).toBeVisible();
  } finally {
    const restored = await page.request.put(`/marketplace-api/seller/companies/${before._id}`, {
      data: { displayName: before.displayName, description: before.description },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(restored.status()).toBe(200);
  }
});

test('an owner invites a new address; the person signs up from the mail, activates, accepts and sees the console; the owner removes them', async ({
  page,
  browser,
}) => {
  desktopOnly();
  const email = uniqueEmail();
  await signInByApi(page, SELLER);
  await gotoReady(page, '/seller/company');
  const invite = page.getByRole('form', { name: 'Invite a member' });
  await invite.getByLabel('E-mail address').fill(email);
  await invite.getByLabel('Role').selectOption('staff');
  await invite.getByRole('button', { name: 'Invite' }).click();
  await expect(invite.getByRole('status')).toContainText(`Invitation sent to ${email}.`);
  await expect(page.getByRole('list', { name: 'Pending invitations' })).toContainText(email);

  // The invited person, in a browser of their own: the link comes from the local outbox.
  const context = await browser.newContext();
  const invited = await context.newPage();
  try {
    await invited.goto('/dev/mail');
    const mail = invited
      .getByRole('article')
      .filter({ hasText: email })
      .filter({ has: invited.getByRole('heading', { name: /^Join .+ on Lotline$/ }) })
      .first();
    const href = await mail.getByRole('link', { name: /\/seller\/invitations\?token=/ }).getAttribute('href');
    if (!href) throw new Error('no invitation link in the mail');
    // The token rides in the query, never the path (request logs keep paths).
    const { pathname, search } = new URL(href);
    expect(pathname).toBe('/seller/invitations');
    const invitationPath = `${pathname}${search}`;
    // No account has the address: the mail's first link is the sign-up page, which leads back to the invitation.
    const signUp = new URL((await mail.getByRole('link', { name: /\/signup\?next=/ }).getAttribute('href')) ?? '');
    expect(signUp.pathname).toBe('/signup');
    expect(signUp.searchParams.get('next')).toBe(invitationPath);

    await invited.goto(invitationPath);
    await expect(invited.getByRole('link', { name: 'Sign in to answer' })).toBeVisible();
    // The person signs up (through the API: the sign-up form has its own specs), signed in in their browser.
    await newAccountByApi(invited, { name: 'Ivy Invited', email });

    // Signing up does not prove the address: the account must be activated before it may join.
    await invited.goto(invitationPath);
    await expect(invited.getByRole('main').getByRole('alert')).toContainText(
      'Activate your account from the e-mail we sent',
    );
    await expect(invited.getByRole('button', { name: /^Accept / })).toHaveCount(0);
    // Activated with the mailed link (through the API: the activation page is accounts.spec.ts's).
    await activateByApi(invited, email);

    await gotoReady(invited, invitationPath);
    const join = invited.getByRole('button', { name: /^Accept and join / });
    const companyName = ((await join.textContent()) ?? '').replace(/^Accept and join /, '');
    await expect(invited.getByRole('heading', { level: 1, name: `Join ${companyName}?` })).toBeVisible();
    await expect(invited.getByRole('button', { name: 'Decline' })).toBeVisible();
    await join.click();
    await expect(invited).toHaveURL(/\/seller\/company\?company=/);
    await expect(invited.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
    await expect(invited.getByText(/You are a staff member of/)).toBeVisible();
    await expect(
      invited.getByText('Only an owner of the company can invite or remove members and change their roles.'),
    ).toBeVisible();
    await invited.goto('/seller');
    await expect(invited.getByRole('link', { name: 'Company profile and members' })).toBeVisible();
  } finally {
    await context.close();
  }

  // The owner sees the new member and removes them after a confirmation.
  await page.reload();
  await expectReady(page);
  const members = page.getByRole('list', { name: 'Members' });
  await expect(members).toContainText(email);
  await expect(page.getByRole('list', { name: 'Pending invitations' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Remove Ivy Invited' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove Ivy Invited' });
  await expect(dialog).toContainText('They keep their Lotline account');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  await expect(members).not.toContainText(email);
});

test('an invited account declines: it does not join, and the owner no longer sees the invitation', async ({
  page,
  browser,
}) => {
  desktopOnly();
  const email = uniqueEmail();
  const context = await browser.newContext();
  const person = await context.newPage();
  try {
    await newAccountByApi(person, { name: 'Dee Decliner', email });
    await activateByApi(person, email);
    await signInByApi(page, SELLER);
    await gotoReady(page, '/seller/company');
    const invite = page.getByRole('form', { name: 'Invite a member' });
    await invite.getByLabel('E-mail address').fill(email);
    await invite.getByRole('button', { name: 'Invite' }).click();
    // The same words as for an address without an account: the page never tells which it was.
    await expect(invite.getByRole('status')).toHaveText(
      `Invitation sent to ${email}. They join once they accept it; the link works for 7 days.`,
    );
    await expect(page.getByRole('list', { name: 'Members' })).not.toContainText(email);

    await person.goto('/dev/mail');
    const href = await person
      .getByRole('article')
      .filter({ hasText: email })
      .filter({ has: person.getByRole('heading', { name: /^Join .+ on Lotline$/ }) })
      .first()
      .getByRole('link', { name: /\/seller\/invitations\?token=/ })
      .getAttribute('href');
    const { pathname, search } = new URL(href ?? '');
    await gotoReady(person, `${pathname}${search}`);
    await person.getByRole('button', { name: 'Decline' }).click();
    await expect(person.getByRole('status')).toHaveText('You declined the invitation. You did not join the company.');
    await expect(person.getByRole('button', { name: /^Accept / })).toHaveCount(0);
  } finally {
    await context.close();
  }
  await page.reload();
  await expectReady(page);
  await expect(page.getByRole('main')).not.toContainText(email);
});

// Phone: the company page's forms, locations and members in the phone's one column are scanned too. It only reads,
// so it runs on both devices beside the tests above.
test('the company page has no serious accessibility violations', { tag: '@phone' }, async ({ page }) => {
  await signInByApi(page, SELLER);
  await gotoReady(page, '/seller/company');
  await expect(page.getByRole('form', { name: 'Company profile' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, { template: 'seller company' });
});

test('a buyer opening /seller/company is told they have no seller console', async ({ page }) => {
  await signInByApi(page, 'buyer@example.com');
  await page.goto('/seller/company');
  await expect(page.getByRole('heading', { level: 1, name: 'Company' })).toBeVisible();
  await expect(page.getByText('Only the users of a seller company have a seller console.')).toBeVisible();
});
