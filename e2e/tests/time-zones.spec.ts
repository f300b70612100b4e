import { expect, type Page, test } from '@playwright/test';
import { eventTimeZone, placeTimeZone } from '../../apps/web/src/lib/time/region-zones';
import { gotoReady } from '../support/ready';
import { activeFor, findLots } from './cards-helpers';
import { eventFor } from './event-helpers';
import { activateByApi, newAccountByApi } from './pages-helpers';

/**
 * Dates and times on pages (issue 12): in the signed-in user's time zone
 * (Preferences), else the event's local time, never silently in UTC; the
 * zone is always named. The signed-in test makes an account of its own
 * through the API, as it changes that account's Preferences.
 */

const USER_ZONE = 'Pacific/Honolulu';

/** What the pages show: "Nov 24, 2026, 3:00 PM CST". */
const shown = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  }).format(new Date(iso));

interface LotPlace {
  _id: string;
  endedAt: string;
  zone: string;
}

/** An active lot with an end time and a place whose zone is known. */
async function lotWithPlace(page: Page): Promise<LotPlace> {
  const lots = await findLots(page.request, activeFor(30), 30);
  for (const lot of lots) {
    const detail = (await (await page.request.get(`/marketplace/api/lots/${encodeURIComponent(lot._id)}`)).json()).data
      .lot._source;
    const zone = placeTimeZone(detail.dispositionLocation ?? detail.companyLocation);
    if (zone && detail.endedAt) return { _id: lot._id, endedAt: detail.endedAt, zone };
  }
  throw new Error('no seeded lot with a known place');
}

const closesFact = (page: Page) =>
  page
    .getByRole('region', { name: 'Details' })
    .locator('div', { has: page.locator('dt', { hasText: /^Closes$/ }) })
    .locator('dd');

async function setTimeZone(page: Page, zone: string) {
  await gotoReady(page, '/account');
  const preferences = page.getByRole('region', { name: 'Preferences' });
  await preferences.getByLabel('Time zone').selectOption(zone);
  await preferences.getByRole('button', { name: 'Save preferences' }).click();
  await expect(preferences.getByRole('status')).toHaveText('Preferences saved.');
}

test("a visitor sees the event's and the lot's local time, with the zone named", async ({ page }, info) => {
  const event = await eventFor(page.request, info.project.name);
  const zone = eventTimeZone(event.locations);
  if (!zone) throw new Error(`event ${event.id} has no location with a known zone`);
  await page.goto(event.path);
  await expect(page.getByText(/^Ends /).first()).toHaveText(`Ends ${shown(event.endAt, zone)}`);

  const lot = await lotWithPlace(page);
  await page.goto(`/marketplace/bid/lot/${encodeURIComponent(lot._id)}`);
  await expect(closesFact(page)).toHaveText(shown(lot.endedAt, lot.zone));
});

test('a signed-in user with a time zone sees every time in that zone', async ({ page }, info) => {
  const email = `e2e-zone-${info.project.name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const event = await eventFor(page.request, info.project.name);
  const lot = await lotWithPlace(page);
  await newAccountByApi(page, { name: 'Zoe Zone', email });
  await activateByApi(page, email);
  await setTimeZone(page, USER_ZONE);
  try {
    await page.goto(event.path);
    await expect(page.getByText(/^Ends /).first()).toHaveText(`Ends ${shown(event.endAt, USER_ZONE)}`);
    await expect(page.getByText(/^Ends /).first()).toContainText('HST');

    await page.goto(`/marketplace/bid/lot/${encodeURIComponent(lot._id)}`);
    await expect(closesFact(page)).toHaveText(shown(lot.endedAt, USER_ZONE));
  } finally {
    await setTimeZone(page, '');
  }
});
