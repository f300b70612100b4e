import { expect, test } from '@playwright/test';
import { gotoReady } from '../support/ready';
import { drawer, filters, isPhone, sortMenu } from './browse-helpers';

/** Location: a place picked from suggestions (combobox), the distance, and near-me through geolocation. */

const CHICAGO = 'Chicago, IL, US';

test('picking a place sets the distance (1000mi) and the coordinates; clearing the text clears them', async ({
  page,
}, info) => {
  await gotoReady(page, '/marketplace/lots?page=2');
  const controls = await filters(page, info);
  const box = controls.getByRole('combobox', { name: 'City or postal area' });
  await box.fill('Chicago, IL');
  const option = controls.getByRole('option', { name: CHICAGO });
  await expect(option).toBeVisible();
  // The keyboard path of the combobox: arrow down to Chicago, then Enter.
  for (let i = 0; i < 8 && (await option.getAttribute('aria-selected')) !== 'true'; i++) await box.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  if (isPhone(info)) await drawer(page).getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/\/marketplace\/lots\?geo-distance=1000mi&geo-lat=41\.8\d*&geo-lon=-87\.6\d*$/);
  await expect(page.getByRole('link', { name: /^Remove filter Within 1000mi/ })).toBeVisible();

  const again = await filters(page, info);
  await again.getByRole('region', { name: 'Location' }).getByRole('link', { name: '100mi' }).click();
  if (isPhone(info)) await drawer(page).getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/\?geo-distance=100mi&geo-lat=41\.8\d*&geo-lon=-87\.6\d*$/);

  const third = await filters(page, info);
  const place = third.getByRole('combobox', { name: 'City or postal area' });
  if (isPhone(info)) {
    await place.fill('');
    await drawer(page).getByRole('button', { name: 'Apply filters' }).click();
  } else {
    // The box acts once the new page's script has taken it over: on a loaded machine the first
    // clearing can land before that, so type and clear again until the address follows.
    await expect(async () => {
      await place.fill('C');
      await place.fill('');
      await expect(page).toHaveURL(/\/marketplace\/lots\?geo-distance=100mi$/, { timeout: 2000 });
    }).toPass({ timeout: 15_000 });
  }
  await expect(page).toHaveURL(/\/marketplace\/lots\?geo-distance=100mi$/);
});

test('clearing the distance clears the coordinates', async ({ page }, info) => {
  await gotoReady(page, '/marketplace/lots?geo-distance=500mi&geo-lat=41.8781&geo-lon=-87.6298');
  const controls = await filters(page, info);
  // The chosen distance is a toggle: choosing it again clears it.
  await controls.getByRole('region', { name: 'Location' }).getByRole('link', { name: '500mi' }).click();
  if (isPhone(info)) await drawer(page).getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/\/marketplace\/lots$/);
});

test.describe('near me', () => {
  test.use({ geolocation: { latitude: 43.6532, longitude: -79.3832 }, permissions: ['geolocation'] });

  test('the near-me sort sets geo-lat and geo-lon from the browser', async ({ page }) => {
    await gotoReady(page, '/marketplace/lots?page=3');
    await sortMenu(page).click();
    await page.getByRole('list', { name: 'Sort options' }).getByRole('button', { name: 'Near Me' }).click();
    await expect(page).toHaveURL(/\/marketplace\/lots\?sort=near-me&geo-lat=43\.6532&geo-lon=-79\.3832$/);
    await expect(sortMenu(page)).toHaveText('Sort: Near Me');
  });
});

test.describe('near me refused', () => {
  test.use({ permissions: [] });

  test('says so when the browser refuses its location', async ({ page, context }) => {
    await context.clearPermissions();
    await gotoReady(page, '/marketplace/lots');
    await sortMenu(page).click();
    await page.getByRole('list', { name: 'Sort options' }).getByRole('button', { name: 'Near Me' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'We could not get your location.' })).toHaveText(
      'We could not get your location. Allow location access in your browser to sort by Near Me.',
    );
    await expect(page).toHaveURL(/\/marketplace\/lots$/);
  });
});
