import { expect, type Page, test } from '@playwright/test';
import { gotoReady } from '../support/ready';
import { auctionEventBody } from '../support/seller-events';
import { signInByApi } from '../support/sign-in';

/**
 * The company's locations and roles (issue 16; decision 0054), desktop: a
 * featured seller's owner saves a location with its tax rate on the company
 * page, copies it into a new draft event from the event's Locations section,
 * and is told the last owner cannot become staff. It takes the last featured
 * seller (as the events spec does), creates its own event, and changes no role.
 */

async function seller(page: Page): Promise<{ email: string; slug: string }> {
  const res = await page.request.get('/marketplace/api/companies/featured');
  expect(res.status()).toBe(200);
  const slugs: string[] = (await res.json()).data.companies.map((c: { slug: string }) => c.slug);
  const slug = slugs.filter((s) => s !== 'gulf-coast-asset-recovery').at(-1) as string;
  return { email: `seller-${slug}@example.com`, slug };
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

test('an owner saves a location with its tax rate and copies it into an event; the last owner stays an owner', async ({
  page,
  baseURL,
}, info) => {
  test.skip(info.project.name !== 'desktop', 'The console is exercised on desktop.');
  const city = `Austin ${Math.random().toString(36).slice(2, 6)}`;
  const { email, slug } = await seller(page);
  await signInByApi(page, email);
  await gotoReady(page, '/seller/company');

  const add = page.getByRole('form', { name: 'Add a company location' });
  await add.getByLabel('City').fill(city);
  await add.getByLabel('State or province').selectOption('TX');
  await add.getByLabel('Tax rate (%)').fill('31');
  await add.getByLabel('Latitude').fill('30.27');
  await add.getByLabel('Longitude').fill('-97.74');
  await add.getByRole('button', { name: 'Add location' }).click();
  await expect(add.getByText('The tax rate can be at most 30%.')).toBeVisible();
  await add.getByLabel('Tax rate (%)').fill('6.25');
  await add.getByRole('button', { name: 'Add location' }).click();
  await expect(add.getByRole('status')).toContainText(`${city} added.`);
  await expect(page.getByRole('list', { name: 'Company locations' })).toContainText(`${city}, TX, US · tax 6.25%`);
  // The page's axe scan, at both sizes, is seller-company.spec.ts's (this test changes the company: desktop only).

  // The only owner of the demo company tries to become staff: refused, the role stays.
  const companies = await page.request.get('/marketplace-api/seller/companies');
  const company = (await companies.json()).data.companies.find((c: { slug: string }) => c.slug === slug);
  const me = page.getByRole('list', { name: 'Members' }).getByRole('listitem').filter({ hasText: email });
  const roleForm = me.getByRole('form', { name: /^Role of / });
  await roleForm.getByRole('combobox').selectOption('staff');
  await roleForm.getByRole('button', { name: /^Save the role of / }).click();
  await expect(roleForm.getByRole('alert')).toContainText('A company needs an owner');
  await page.reload();
  await expect(page.getByText(/You are an owner of/)).toBeVisible();

  // A new draft event of the company (through the API, as the seller's own systems would).
  const created = await page.request.post('/marketplace-api/seller/events', {
    headers: { origin: baseURL as string },
    data: auctionEventBody({
      companyId: company._id,
      name: `Locations ${city}`,
      title: 'Assets of an Austin warehouse',
      startAt: inDays(2),
      endAt: inDays(9),
    }),
  });
  expect(created.status(), await created.text()).toBe(201);
  await gotoReady(page, `/seller/events/${(await created.json()).data._id}`);
  const copy = page.getByRole('form', { name: "Add one of your company's locations" });
  await copy.getByRole('button', { name: 'Add this location' }).click();
  await expect(copy.getByText('Choose one of your locations.')).toBeVisible();
  await copy.getByLabel("One of your company's locations").selectOption({ label: `${city}, TX, US · tax 6.25%` });
  await copy.getByRole('button', { name: 'Add this location' }).click();
  await expect(copy.getByRole('status')).toContainText(`${city} added.`);
  await expect(page.getByRole('list', { name: 'Locations', exact: true })).toContainText(`${city}, TX, US · tax 6.25%`);
});
