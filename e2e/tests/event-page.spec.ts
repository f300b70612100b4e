import { readFile } from 'node:fs/promises';
import { type APIRequestContext, type BrowserContext, expect, type Page, type Request, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { attributeOf, jsonLdOfType, renderedHtml } from '../support/html';
import { gotoReady } from '../support/ready';
import { signInByApi } from '../support/sign-in';
import { chooseFilter, lotCards } from './browse-helpers';
import { type DemoEvent, demoEvents, endedEvent } from './event-helpers';

/**
 * The event page's elements (spec §2 "Event page", §4 countdown, §5
 * attachment filter, §8 map retries), for a visitor; then what a sign-in
 * changes on the page (a verified buyer, buyer@example.com): the lot cards'
 * watch buttons and the header. The rest of the page is the same page for
 * both, so it is checked once. The tests with a filter drawer, the map and an
 * axe scan also run on the phone. Contact Seller and the event's watch button
 * are in contact-seller.spec.ts.
 */

/** Leaflet's own attribution text: the one chunk of the site that holds it is the map code. */
const LEAFLET_MARK = 'A JavaScript library for interactive maps';
const MEDIA = /\.(jpe?g|png)$/i;

/**
 * A published demo event still open for at least an hour, with lots: every element has something to show.
 * Both projects read the same event; these tests change nothing on it.
 */
async function openEvent(request: APIRequestContext): Promise<DemoEvent> {
  const event = (await demoEvents(request)).find(
    (e) => e.status === 'published' && Date.parse(e.endAt) > Date.now() + 3_600_000 && e.lotsCount > 0,
  );
  if (!event) throw new Error('no open published demo event');
  return event;
}

/**
 * Every request the page and its popups send to our own origin while `act`
 * runs, but the page's live stream: the page (re)opens that subscription by
 * itself whenever its lots stream in, which is no call of the action's.
 */
async function ownRequestsDuring(context: BrowserContext, origin: string, act: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const live = `${origin}/marketplace/api/live?`;
  const listener = (request: Request) => {
    if (request.url().startsWith(origin) && !request.url().startsWith(live)) seen.push(request.url());
  };
  context.on('request', listener);
  try {
    await act();
  } finally {
    context.off('request', listener);
  }
  return seen;
}

const basicUtc = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

test.describe('event page (visitor)', () => {
  test.describe.configure({ timeout: 120_000 });
  let event: DemoEvent;
  test.beforeEach(async ({ request }) => {
    event = await openEvent(request);
  });

  test('title, description, canonical, Open Graph and a JSON-LD Event that parses', { tag: '@requests' }, async ({
    request,
    baseURL,
  }) => {
    const html = await renderedHtml(request, event.path);
    expect(html.title).toContain(event.name);
    const canonical = `${baseURL}${event.path}`;
    expect(attributeOf(html, 'link[rel="canonical"]', 'href')).toBe(canonical);
    expect(attributeOf(html, 'meta[name="description"]', 'content')).toMatch(/\S/);
    expect(attributeOf(html, 'meta[property="og:title"]', 'content')).toBe(event.name);
    const data = jsonLdOfType(html, 'Event') as { location: { name: string }[] } & Record<string, unknown>;
    expect(data).toMatchObject({
      '@type': 'Event',
      name: event.name,
      endDate: event.endAt,
      eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
      organizer: { '@type': 'Organization', name: event.seller.name },
      url: canonical,
    });
    expect(data.location[0]).toEqual({ '@type': 'VirtualLocation', url: canonical });
    // A wrong slug moved for good to the canonical address.
    const moved = await request.get(event.path.replace(/\/event\/[^/]+\//, '/event/old-name/'), {
      maxRedirects: 0,
    });
    expect(moved.status()).toBe(308);
    expect(moved.headers().location).toBe(event.path);
    expect(data.location.slice(1).map((p: { name: string }) => p.name)).toEqual(
      event.locations.map((l) => `${l.city}, ${l.region}`),
    );
  });

  test('the countdown shows days and hours, then ticks h:mm:ss each second, then ends', async ({ page }) => {
    await page.clock.install();
    await page.goto(event.path);
    const countdown = page.getByTestId('event-countdown');
    // The header says when the last lot closes when a staggered or soft close runs past the scheduled end.
    if (Date.parse(event.effectiveEndAt) > Date.parse(event.endAt)) {
      await expect(page.locator(`header time[datetime="${event.effectiveEndAt}"]`)).toBeVisible();
    } else {
      await expect(page.getByText('Last lot closes')).toHaveCount(0);
    }
    // To the effective end: when the event's last lot closes, past the scheduled end by the staggered close.
    const leftMs = Date.parse(event.effectiveEndAt) - Date.now();
    // The demo events used here end in the future; the first text is the server's.
    expect(leftMs).toBeGreaterThan(60_000);
    await expect(countdown).toHaveText(leftMs >= 86_400_000 ? /^\d+d \d+h$/ : /^\d+:\d\d:\d\d$/);
    // The countdown takes the browser clock's offset once React has hydrated it (slow on a busy machine): a move
    // of the clock before that would be taken back.
    await expect(countdown).toHaveAttribute('data-ticking', 'true');
    // Forward the browser's clock to about half a minute before the end: h:mm:ss, ticking.
    await page.clock.fastForward(leftMs - 30_000);
    await expect(countdown).toHaveText(/^0:00:[0-3]\d$/);
    const before = await countdown.textContent();
    await page.clock.fastForward(2_000);
    await expect(countdown).not.toHaveText(before ?? '');
    await expect(countdown).toHaveText(/^0:00:[0-3]\d$/);
    await page.clock.fastForward(60_000);
    await expect(countdown).toHaveText('Ending');
  });

  test("an event that has ended shows 'Ending' while published, else 'Event Ended'", async ({ page }) => {
    const ended = await endedEvent(page.request);
    await page.goto(ended.path);
    await expect(page.getByTestId('event-countdown')).toHaveText(
      ended.status === 'published' ? 'Ending' : 'Event Ended',
    );
  });

  test('Add to Calendar opens the end in Google Calendar and the .ics downloads, neither calling our server', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.route('https://calendar.google.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>calendar</title>' }),
    );
    await gotoReady(page, event.path);
    const link = page.getByRole('link', { name: /^Add to Calendar/ });
    const href = new URL((await link.getAttribute('href')) ?? '');
    expect(`${href.origin}${href.pathname}`).toBe('https://calendar.google.com/calendar/render');
    expect(href.searchParams.get('action')).toBe('TEMPLATE');
    expect(href.searchParams.get('text')).toBe(`Auction - ${event.name}`);
    // The effective end: when the event's last lot closes.
    const end = basicUtc(event.effectiveEndAt);
    expect(href.searchParams.get('dates')).toBe(`${end}/${end}`);

    const origin = new URL(baseURL ?? '').origin;
    let popup: Page | undefined;
    const calendarCalls = await ownRequestsDuring(context, origin, async () => {
      [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
      await popup.waitForLoadState();
    });
    expect(popup?.url()).toBe(href.toString());
    expect(calendarCalls).toEqual([]);
    await popup?.close();

    const file = page.getByRole('link', { name: /^Download \.ics/ });
    let text = '';
    const fileCalls = await ownRequestsDuring(context, origin, async () => {
      const [download] = await Promise.all([page.waitForEvent('download'), file.click()]);
      expect(download.suggestedFilename()).toMatch(/^auction-.+\.ics$/);
      text = await readFile((await download.path()) ?? '', 'utf8');
    });
    expect(fileCalls).toEqual([]);
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const unfolded = text.replace(/\r\n /g, '');
    expect(unfolded).toContain(`DTSTART:${end}\r\n`);
    expect(unfolded).toContain(`SUMMARY:Auction - ${event.name.replace(/([\\;,])/g, '\\$1')}\r\n`);
  });

  // Phone: the attachment filter's links and list in the one-column page, used there.
  test('attachments filter by type: all, media (jpg, jpeg, png) and files', { tag: '@phone' }, async ({ page }) => {
    await gotoReady(page, event.path);
    const section = page.getByRole('region', { name: 'Attachments' });
    const shown = section.getByRole('list', { name: 'Attachments shown' }).getByRole('listitem');
    const media = event.attachments.filter((a) => MEDIA.test(a.url));
    const files = event.attachments.filter((a) => !MEDIA.test(a.url));
    await expect(shown).toHaveCount(event.attachments.length);

    await section.getByRole('link', { name: /^Media attachments \(\d+\)$/ }).click();
    await expect(page).toHaveURL(/[?&]attachments=media#event-attachments$/);
    await expect(section.getByRole('link', { name: /^Media/ })).toHaveAttribute('aria-current', 'true');
    if (media.length > 0) await expect(shown).toHaveText(media.map((a) => new RegExp(`^${a.description}`)));
    else await expect(section.getByText('This event has no photos among its attachments.')).toBeVisible();

    await section.getByRole('link', { name: /^Files/ }).click();
    await expect(page).toHaveURL(/[?&]attachments=file#event-attachments$/);
    if (files.length > 0) await expect(shown).toHaveText(files.map((a) => new RegExp(`^${a.description}`)));
    else await expect(section.getByText('This event has no documents.')).toBeVisible();

    await section.getByRole('link', { name: /^All/ }).click();
    await expect(shown).toHaveCount(event.attachments.length);
    expect(new URL(page.url()).search).toBe('');
  });

  test('the terms panel has a Bid Deposit block and one "{Type} Terms" block per term', async ({ page }) => {
    await page.goto(event.path);
    const panel = page.getByRole('region', { name: 'Terms', exact: true });
    const blocks = panel.getByRole('heading', { level: 3 });
    await expect(blocks).toHaveText(['Bid Deposit', ...event.terms.map((t) => `${t.type} Terms`)]);
    for (const term of event.terms)
      await expect(panel.getByRole('region', { name: `${term.type} Terms` })).toContainText(term.text);
  });

  // Phone: the filters are in the drawer, the cards one column, and the page's axe scan is of that layout.
  test(
    "the event's lots with the browse filters, scoped to the event and kept in its URL",
    { tag: '@phone' },
    async ({ page }, info) => {
      await gotoReady(page, event.path);
      await expect(page.getByRole('heading', { level: 2, name: 'Lots in this event' })).toBeVisible();
      const cards = lotCards(page);
      const search = await page.request.get(`/marketplace/api/search/lots?event-id=${event.id}`);
      const total = (await search.json()).data.pagination.totalItems as number;
      expect(total).toBeGreaterThan(0);
      await expect(cards).toHaveCount(Math.min(total, 30));
      // The browse tabs, without Events inside an event.
      const tabs = page.getByRole('navigation', { name: 'Browse' }).getByRole('link');
      await expect(tabs).toHaveText(['All', 'Auction Lots', 'Buy Now', 'Tender']);
      // A visitor's cards have no watch button (their heart leads to sign-in); the signed-in test below has one.
      await expect(cards.first().getByRole('button', { name: /watchlist/i })).toHaveCount(0);

      await chooseFilter(page, info, 'Sale Format', /^Auction/);
      await expect(page).toHaveURL(new RegExp(`${event.path}\\?sale-format=auction$`));
      await expect(page.getByRole('heading', { level: 1, name: event.name })).toBeVisible();
      const count = await cards.count();
      for (let i = 0; i < count; i++) await expect(cards.nth(i)).toContainText('AUCTION');

      await page.getByRole('navigation', { name: 'Browse' }).getByRole('link', { name: 'All' }).click();
      await expect(page).toHaveURL(new RegExp(`${event.path}$`));
      // A stray parameter is redirected to the canonical address.
      await page.goto(`${event.path}?sale-format=all&browse=events`);
      await expect(page).toHaveURL(new RegExp(`${event.path}$`));
      await expectNoSeriousA11yViolations(page, { template: 'event' });
    },
  );

  // Phone: the map and the list stack in one column; markers are reached and the page scanned at that size.
  test('Event Locations: the map with a marker per location and the list grouped by country', {
    tag: '@phone',
  }, async ({ page }) => {
    await gotoReady(page, event.path);
    await page.getByRole('navigation', { name: 'Event views' }).getByRole('link', { name: 'Event Locations' }).click();
    await expect(page).toHaveURL(new RegExp(`${event.path}\\?tab=locations$`));
    await expect(page.getByRole('heading', { level: 2, name: 'Event Locations' })).toBeVisible();
    await expect(lotCards(page)).toHaveCount(0);

    const entries = page.getByTestId('event-location');
    await expect(entries).toHaveCount(event.locations.length);
    for (const [i, l] of event.locations.entries()) {
      await expect(entries.nth(i)).toContainText(`${l.city}, ${l.region}`);
      await expect(entries.nth(i)).toContainText(`Tax rate${l.taxRate}%`);
      await expect(entries.nth(i)).toContainText(/Asset Count\d+/);
    }
    const countries = [...new Set(event.locations.map((l) => l.country))];
    const view = page.getByRole('region', { name: 'Event Locations' });
    await expect(view.getByRole('heading', { level: 3 })).toHaveText(
      countries.map((c) => new Intl.DisplayNames('en', { type: 'region' }).of(c) ?? c),
    );

    const map = page.getByRole('region', { name: 'Map of the event locations' });
    await expect(map).toHaveAttribute('data-state', 'ready');
    await expect(page.getByText('Map tiles are not configured')).toBeVisible();
    const markers = map.getByRole('button', { name: /Tax Rate/ });
    await expect(markers).toHaveCount(event.locations.length);
    const first = event.locations[0];
    if (first) {
      await markers.first().hover();
      const tooltip = page.locator('.leaflet-tooltip');
      await expect(tooltip).toContainText(`${first.city}, ${first.region}`);
      await expect(tooltip).toContainText(`Tax Rate: ${first.taxRate}%`);
      // Keyboard: a marker takes focus and shows its tooltip.
      await page.mouse.move(0, 0);
      await markers.last().focus();
      await expect(markers.last()).toBeFocused();
      await expect(tooltip).toContainText('Tax Rate:');
    }
    // The event's header and shell were scanned with its lots; this is the locations view.
    await expectNoSeriousA11yViolations(page, { include: 'main' });
  });
});

test("signed in, the lot cards get watch buttons and the header the account; the rest is the visitor's page", async ({
  page,
}) => {
  // What a sign-in changes on the page; the SEO tags, countdown, calendar, attachments, terms and lot filters are
  // the same page for everyone (the visitor battery above).
  const event = await openEvent(page.request);
  await signInByApi(page, 'buyer@example.com');
  await gotoReady(page, event.path);
  await expect(page.getByRole('heading', { level: 1, name: event.name })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign out' })).toBeVisible();
  const card = lotCards(page).first();
  await expect(card.getByRole('button', { name: /watchlist/i })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Add to watchlist' })).toHaveCount(0);
  await expect(page.getByTestId('event-countdown')).toBeVisible();
});

test.describe('event map loading (spec §8)', () => {
  test.describe.configure({ timeout: 120_000 });

  /** Fails every load of the map code's chunk while `failing()` holds; returns how many loads were tried. */
  async function failLeaflet(page: Page, failing: () => boolean): Promise<() => number> {
    let tries = 0;
    await page.route('**/*.js', async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (!body.includes(LEAFLET_MARK)) return route.fulfill({ response, body });
      tries++;
      return failing() ? route.abort('failed') : route.fulfill({ response, body });
    });
    return () => tries;
  }

  test('a failed load of the map code is retried and the map appears', async ({ page }) => {
    const event = await openEvent(page.request);
    let failing = true;
    await failLeaflet(page, () => failing);
    await page.goto(`${event.path}?tab=locations`);
    const map = page.getByRole('region', { name: 'Map of the event locations' });
    // The first load failed; the first retry waits 1 × 2¹ = 2 seconds, and then the code loads.
    await expect(map).toHaveAttribute('data-state', 'retrying');
    await expect(map).toHaveAttribute('data-attempts', '1');
    failing = false;
    await expect(map).toHaveAttribute('data-state', 'ready', { timeout: 15_000 });
    await expect(map).toHaveAttribute('data-attempts', '2');
    await expect(map.getByRole('button', { name: /Tax Rate/ })).toHaveCount(event.locations.length);
  });

  // Phone: the page's axe scan of the failed map's alert and the list below it, at the phone's size.
  test('after 3 retries (2, 8 and 24 s) the page says the map could not load, and can try again', {
    tag: '@phone',
  }, async ({ page }) => {
    const event = await openEvent(page.request);
    let failing = true;
    const tries = await failLeaflet(page, () => failing);
    await page.clock.install();
    await page.goto(`${event.path}?tab=locations`);
    // Hidden once it has failed, so found by its label rather than its role.
    const map = page.locator('section[aria-label="Map of the event locations"]');
    const alert = page.getByRole('alert').filter({ hasText: 'The map could not be loaded.' });
    await expect
      .poll(
        async () => {
          await page.clock.runFor(4_000);
          return alert.isVisible();
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    // The first load and 3 retries, each reaching for the chunk.
    await expect(map).toHaveAttribute('data-attempts', '4');
    expect(tries()).toBeGreaterThanOrEqual(4);
    // The list is still there.
    await expect(page.getByTestId('event-location')).toHaveCount(event.locations.length);
    await expectNoSeriousA11yViolations(page, { include: '[aria-label="Map of the event locations"]' });
    failing = false;
    await page.getByRole('button', { name: 'Try loading the map again' }).click();
    await expect(map).toHaveAttribute('data-state', 'ready');
    await expect(map).toHaveAttribute('data-attempts', '1');
  });
});

test('an event that has ended offers its past lots when the default view is empty', async ({ page }) => {
  const ended = await endedEvent(page.request);
  await gotoReady(page, ended.path);
  await expect(page.getByText('No lots of this event match these filters.')).toBeVisible();
  await page.getByRole('link', { name: "Show the event's past lots" }).click();
  await expect(page).toHaveURL(new RegExp(`${ended.path}\\?status=past$`));
  await expect(lotCards(page).first()).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the attachment filter, the views and the lot filters are links that still work', async ({ page }) => {
    const event = await openEvent(page.request);
    await page.goto(event.path);
    const section = page.getByRole('region', { name: 'Attachments' });
    await section.getByRole('link', { name: /^Files/ }).click();
    await expect(page).toHaveURL(/[?&]attachments=file#event-attachments$/);
    const files = event.attachments.filter((a) => !MEDIA.test(a.url));
    await expect(section.getByRole('list', { name: 'Attachments shown' }).getByRole('listitem')).toHaveCount(
      files.length,
    );
    await page.getByRole('navigation', { name: 'Event views' }).getByRole('link', { name: 'Event Locations' }).click();
    await expect(page).toHaveURL(new RegExp(`${event.path}\\?tab=locations&attachments=file$`));
    await expect(page.getByTestId('event-location')).toHaveCount(event.locations.length);
    await page.getByRole('navigation', { name: 'Event views' }).getByRole('link', { name: 'Lots' }).click();
    await expect(lotCards(page).first()).toBeVisible();
  });
});
