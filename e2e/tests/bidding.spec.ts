import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { SIGN_IN_TIMEOUT, signInAt } from '../support/sign-in';
import { type ApiLot, findLots } from './cards-helpers';

/**
 * The auction on the lot page (issue 14): a visitor is led to sign in; a
 * verified demo bidder registers, bids, is outbid by a second bidder in
 * another browser, sees it at once (the price bounces, the bell rings, their
 * status turns red "Outbid"), bids again and wins when the lot closes for
 * real. The lot is the seed's soon-ending event's open lot that ends first,
 * at least 3 minutes away and without a reserve, so the close (and a soft
 * close extension, BIDDING §5) fits the test's time.
 */

const MINUTE = 60_000;
/** The closing clock runs every few seconds; the live stream and the page's re-read follow it. */
const CLOSE_LAG = 90_000;

interface Bidding {
  eventLotId: string;
  status: string;
  currency: string;
  currentBid: { amount: number } | null;
  bidsCount: number;
  minimumBid: number;
  reserveMet: boolean | null;
  endedAt: string;
  serverTime: string;
}

async function bidding(request: APIRequestContext, lotId: string): Promise<Bidding> {
  const res = await request.get(`/marketplace/api/event/event-lots/${encodeURIComponent(lotId)}/bidding`);
  expect(res.status(), 'GET bidding').toBe(200);
  return (await res.json()).data;
}

/** Whole currency units as a bidder types them: 125050 → "1250.50". */
const typed = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
const dollars = (minor: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', trailingZeroDisplay: 'stripIfInteger' }).format(
    minor / 100,
  );

/** Open auction lots of an event (a lot of no event has nothing to register for, so no bid panel). */
async function eventAuctionLots(request: APIRequestContext): Promise<ApiLot[]> {
  const lots = await findLots(request, [
    { field: 'status', op: 'eq', value: 'Active' },
    { field: 'type', op: 'eq', value: 'AuctionLot' },
  ]);
  return lots.filter((l) => (l._source as { eventId?: string | null }).eventId);
}

/**
 * The open auction lot without a reserve and without bids that ends first, at least 3 minutes from the server's
 * now. Without bids: the seed's demo buyers bid with maxima (place-demo-bids.ts), and a lot they lead answers a
 * minimum bid with their proxy at once, so the test's bidder would never lead it.
 */
async function soonEndingLot(request: APIRequestContext): Promise<{ lot: ApiLot; state: Bidding }> {
  const lots = await findLots(
    request,
    [
      { field: 'status', op: 'eq', value: 'Active' },
      { field: 'type', op: 'eq', value: 'AuctionLot' },
      { field: 'endedAt', op: 'gte', value: new Date(Date.now() + 2 * MINUTE).toISOString() },
      { field: 'endedAt', op: 'lte', value: new Date(Date.now() + 40 * MINUTE).toISOString() },
    ],
    60,
  );
  const ordered = lots.sort((a, b) => Date.parse(a._source.endedAt ?? '') - Date.parse(b._source.endedAt ?? ''));
  for (const lot of ordered) {
    const state = await bidding(request, lot._id);
    const left = Date.parse(state.endedAt) - Date.parse(state.serverTime);
    if (state.reserveMet === null && state.bidsCount === 0 && left >= 3 * MINUTE) return { lot, state };
  }
  throw new Error('The seed has no open auction lot without a reserve or bids ending 3 to 40 minutes from now');
}

/** The lot page, as a link reaches it (the site redirects the item id to the canonical path). */
async function openLot(page: Page, lotId: string): Promise<string> {
  await page.goto(`/marketplace/bid/lot/${encodeURIComponent(lotId)}`);
  return new URL(page.url()).pathname;
}

/** From wherever the panel starts for a verified bidder: agree to the event's terms if asked, then register. */
async function registerFor(page: Page) {
  const panel = page.getByTestId('bid-panel');
  const agree = panel.getByRole('button', { name: 'I agree' });
  const register = panel.getByRole('button', { name: 'Register to bid' });
  const minimum = panel.getByText(/^Minimum bid /);
  await expect(agree.or(register).or(minimum)).toBeVisible();
  if (await agree.isVisible()) await agree.click();
  await expect(register.or(minimum)).toBeVisible();
  if (await register.isVisible()) {
    await expect(panel.getByText(/A hold of \$[\d,.]+ is placed on your card|needs no bid deposit/)).toBeVisible();
    await register.click();
  }
  await expect(minimum).toBeVisible({ timeout: 30_000 });
}

async function placeBid(page: Page, amount: number, max?: number) {
  const panel = page.getByTestId('bid-panel');
  await panel.getByLabel('Your bid', { exact: true }).fill(typed(amount));
  if (max !== undefined) await panel.getByLabel('Maximum bid (optional)').fill(typed(max));
  await panel.getByRole('button', { name: 'Place bid' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your bid' });
  const question = `Confirm your bid of ${dollars(amount)}${max !== undefined ? ` (maximum ${dollars(max)})` : ''}`;
  await expect(dialog.getByText(question, { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
}

const status = (page: Page, name: string) => page.getByTestId('bid-panel').locator(`[data-status="${name}"]`);

test.describe('Bidding on the lot page', () => {
  test('a visitor is led to sign in from the bid panel, which fits a phone and passes axe', async ({ page }) => {
    const [lot] = await eventAuctionLots(page.request);
    if (!lot) throw new Error('no open auction lot in the seed');
    const path = await openLot(page, lot._id);
    const panel = page.getByTestId('bid-panel');
    await expect(panel).toHaveAttribute('data-live-lot-id', lot._id);
    const signIn = panel.getByRole('link', { name: 'Sign in to bid' });
    await expect(signIn).toHaveAttribute('href', `/login?next=${encodeURIComponent(path)}`);
    await expect(panel.getByRole('button', { name: 'Place bid' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, { include: '[data-testid="bid-panel"]' });
    // Spec breakpoints: nothing of the panel makes the page scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await signIn.click();
    await expect(page.getByLabel('E-mail address')).toBeVisible();
    expect(new URL(page.url()).searchParams.get('next')).toBe(path);
  });

  test('the panel reads the bidding again when the live stream reports a change of its lot, only its lot', async ({
    page,
  }) => {
    const [lot, other] = await eventAuctionLots(page.request);
    if (!lot || !other) throw new Error('the seed needs two open auction lots');
    await openLot(page, lot._id);
    await expect(page.getByTestId('bid-panel')).toBeVisible();
    const reads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/bidding')) reads.push(new URL(r.url()).pathname);
    });
    const change = (detail: Pick<Bidding, 'currentBid' | 'bidsCount' | 'endedAt' | 'status'> & { _id: string }) =>
      page.evaluate((d) => {
        document.dispatchEvent(new CustomEvent('lotline:lot-change', { detail: { ...d, serverTime: '' } }));
      }, detail);
    const shown = await bidding(page.request, lot._id);
    const same = {
      currentBid: shown.currentBid,
      bidsCount: shown.bidsCount,
      endedAt: shown.endedAt,
      status: shown.status,
    };
    const moved = {
      ...same,
      currentBid: { amount: (shown.currentBid?.amount ?? 0) + 100 },
      bidsCount: shown.bidsCount + 1,
    };
    // The state the panel already shows (a fresh stream sends it first) is not read again.
    await change({ _id: lot._id, ...same });
    await change({ _id: other._id, ...moved });
    await change({ _id: lot._id, ...moved });
    await expect.poll(() => reads).toEqual([`/marketplace/api/event/event-lots/${lot._id}/bidding`]);
  });

  test('a bidder registers, bids, is outbid by another without a reload, bids again and wins at the close', async ({
    page,
    browser,
  }, info) => {
    test.skip(info.project.name !== 'desktop', 'one real auction per run: it closes a seeded lot');
    test.setTimeout(10 * MINUTE);
    const { lot } = await soonEndingLot(page.request);
    const path = await openLot(page, lot._id);
    await signInAt(page, 'bidder1@example.com', path);
    await registerFor(page);
    await expectNoSeriousA11yViolations(page, { include: '[data-testid="bid-panel"]' });

    // A refusal is said under the field, before anything is sent.
    const first = await bidding(page.request, lot._id);
    const panel = page.getByTestId('bid-panel');
    await panel.getByLabel('Your bid', { exact: true }).fill(typed(first.minimumBid - 100));
    await panel.getByRole('button', { name: 'Place bid' }).click();
    await expect(panel.getByText(`Your bid must be at least ${dollars(first.minimumBid)}`)).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Confirm your bid' })).toBeHidden();

    await placeBid(page, first.minimumBid);
    await expect(status(page, 'winning')).toHaveAttribute('data-tone', 'good');

    // Bidder 2, in a browser of their own, outbids bidder 1.
    const other = await browser.newContext();
    const page2 = await other.newPage();
    await signInAt(page2, 'bidder2@example.com', path);
    await registerFor(page2);
    await page.evaluate(() => {
      const seen = new Set<string>();
      Object.assign(window, { liveSeen: seen, notReloaded: true });
      new MutationObserver((records) => {
        for (const r of records) {
          if (r.attributeName && (r.target as Element).hasAttribute(r.attributeName)) seen.add(r.attributeName);
        }
      }).observe(document.body, {
        subtree: true,
        attributes: true,
        attributeFilter: ['data-bouncing', 'data-ringing'],
      });
    });
    const second = await bidding(page2.request, lot._id);
    await placeBid(page2, second.minimumBid);
    await expect(status(page2, 'winning')).toBeVisible();

    // Bidder 1 sees it at once, without a reload: red "Outbid", the price bounced and the bell rang.
    await expect(status(page, 'outbid')).toHaveText('Outbid', { timeout: 15_000 });
    await expect(status(page, 'outbid')).toHaveAttribute('data-tone', 'bad');
    await expect(status(page, 'outbid')).toHaveCSS('color', 'rgb(153, 27, 27)');
    await expect
      .poll(() => page.evaluate(() => [...(window as unknown as { liveSeen: Set<string> }).liveSeen].sort()))
      .toEqual(['data-bouncing', 'data-ringing']);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    const third = await bidding(page.request, lot._id);
    await expect(panel.getByText(/^Minimum bid /)).toHaveText(`Minimum bid ${dollars(third.minimumBid)}`);

    // Bidder 1 takes the lead back with a maximum well above bidder 2's.
    await placeBid(page, third.minimumBid, third.minimumBid * 3);
    await expect(status(page, 'winning')).toBeVisible();
    await expect(status(page2, 'outbid')).toBeVisible({ timeout: 15_000 });
    await expect(panel.getByRole('list', { name: 'Bids, newest first' }).getByRole('listitem').first()).toContainText(
      'You',
    );

    // The lot closes for real at its effective end (a soft close may have moved it): bidder 1 won, bidder 2 lost.
    const last = await bidding(page.request, lot._id);
    const wait = Date.parse(last.endedAt) - Date.parse(last.serverTime) + CLOSE_LAG;
    await expect(status(page, 'won')).toHaveText('Won', { timeout: wait });
    await expect(status(page, 'won')).toHaveAttribute('data-tone', 'good');
    await expect(status(page2, 'lost')).toHaveAttribute('data-tone', 'bad', { timeout: 30_000 });
    await other.close();

    // My Bids lists it under Won.
    await page.getByRole('link', { name: 'My Bids' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Bids' })).toBeVisible({ timeout: SIGN_IN_TIMEOUT });
    await page.getByRole('navigation', { name: 'Filter by bidding status' }).getByRole('link', { name: 'Won' }).click();
    const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: lot._source.name }) });
    await expect(row.locator('[data-status="won"]')).toHaveText('Won');
  });
});
