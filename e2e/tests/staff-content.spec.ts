import { expect, test } from '@playwright/test';
import { expectReady, gotoReady } from '../support/ready';
import { signInByApi } from '../support/sign-in';

/**
 * Staff content (decision 0084), the one browser test of its pages: staff
 * replace a featured seller and the home page shows the new one; edit a
 * filler section, see it in the preview before saving, then on the home page;
 * both changes are in the audit log. It changes the shared home page, so it
 * runs on the site beside. Validation, access and the Terms of Use versions
 * are apps/api's staff-content tests.
 */

type Featured = { _id: string; name: string; displayName: string | null }[];

test('staff replace a featured seller and edit a home row with a preview; the audit log has both', async ({ page }) => {
  test.slow();
  await signInByApi(page, 'staff@example.com');

  // Featured sellers: remove the last, add another active company, save.
  await gotoReady(page, '/staff/content/featured-sellers');
  const list = page.getByRole('list', { name: 'Featured sellers, in order' });
  await expect(list.getByRole('listitem')).toHaveCount(6);
  const sixth = (await list.getByRole('listitem').nth(5).locator('span').first().innerText()).replace(/^6\.\s*/, '');
  await list.getByRole('button', { name: `Remove ${sixth}` }).click();
  await expectReady(page);
  await expect(list.getByRole('listitem')).toHaveCount(5);
  const add = page.getByLabel('Add a company');
  const choice = add.locator('option').nth(1);
  const addedId = await choice.getAttribute('value');
  const addedName = (await choice.innerText()).trim();
  await add.selectOption(addedId as string);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expectReady(page);
  await expect(list.getByRole('listitem').nth(5)).toContainText(addedName);
  // The keyboard moves it up: a real button, focused and pressed.
  await list.getByRole('button', { name: `Move ${addedName} up` }).focus();
  await page.keyboard.press('Enter');
  await expectReady(page);
  await expect(list.getByRole('listitem').nth(4)).toContainText(addedName);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved: the home page shows these sellers now.')).toBeVisible();

  const featured = (await (await page.request.get('/marketplace/api/companies/featured')).json()).data
    .companies as Featured;
  expect(featured.map((c) => c._id)[4]).toBe(addedId);
  const added = featured[4] as Featured[number];
  await gotoReady(page, '/');
  const logos = page.getByRole('region', { name: 'FEATURED SELLERS' });
  await expect(logos.getByRole('link', { name: added.displayName || added.name, exact: true })).toBeVisible();
  await expect(logos.getByRole('link', { name: sixth, exact: true })).toHaveCount(0);

  // A filler section: new title and text, put on the home page; previewed, then saved.
  await gotoReady(page, '/staff/content/sections');
  const popular = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'popular', exact: true }) });
  await popular
    .first()
    .getByRole('link', { name: /^Edit / })
    .click();
  await expectReady(page);
  const title = `Staff picks ${Date.now().toString(36)}`;
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Text under the title (optional)').fill('Chosen by the Lotline team this week.');
  await page.getByLabel('Visible on the browse pages').check();
  await page.getByLabel('Also a row of the home page').check();
  await page.getByRole('button', { name: 'Preview' }).click();
  await expectReady(page);
  const preview = page.getByRole('region', { name: 'Preview (not saved)' });
  await expect(preview.getByRole('heading', { name: title.toUpperCase() })).toBeVisible();
  await expect(preview.getByText('Chosen by the Lotline team this week.')).toBeVisible();
  // The preview saved nothing: the home page does not have it yet.
  const home = await (await page.request.get('/')).text();
  expect(home).not.toContain(title.toUpperCase());

  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved: the home and browse pages show it now.')).toBeVisible();
  await gotoReady(page, '/');
  const row = page.getByRole('region', { name: title.toUpperCase() });
  await expect(row.getByText('Chosen by the Lotline team this week.')).toBeVisible();

  // Both are in the audit log, under the record kind of content sections.
  await gotoReady(page, '/staff/audit-log');
  await page.getByLabel('Record kind (e.g. user, order)').fill('cms-section');
  await page.getByRole('button', { name: 'Filter' }).click();
  const entries = page.getByRole('list', { name: 'Audit log entries' });
  await expect(entries.getByRole('listitem').filter({ hasText: 'content.section' }).first()).toBeVisible();
  await expect(entries.getByRole('listitem').filter({ hasText: 'content.featured-sellers' }).first()).toBeVisible();
});
