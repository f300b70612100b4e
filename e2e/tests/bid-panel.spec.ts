import { expect, type Page, type Route, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { canBid, registerForEvent } from '../support/bidding';
import { expectReady, gotoReady } from '../support/ready';
import { siteOrigin } from '../support/sign-in';
import { bidding, dollars, typed } from './bidding-helpers';
import { type ApiLot, activeFor, findLots } from './cards-helpers';
import { GOOD_CARD, newVerifiedBuyer } from './payments-helpers';

/**
 * The bid panel's form against the contract's answers (contract §5), routed
 * in the browser: the page is the real one, signed in as a verified buyer of
 * the test's own (made through the API), and GET bidding, GET bids and POST bids are answered here, so every
 * state of the form is seen on any data (bidding.spec.ts drives the real
 * engine). The panel is made to read them by the live stream's DOM event, as
 * the live client dispatches it. The terms' reading is on a real lot, for a
 * bidder registered through the API.
 */

const NOW = Date.now();

function biddingState(you: { biddingStatus: string; maxBidAmount: number | null }, over: object = {}) {
  return {
    eventLotId: 'x',
    type: 'AuctionLot',
    status: 'Active',
    currency: 'USD',
    startingBid: 100_000,
    currentBid: { amount: 120_000 },
    bidsCount: 4,
    minimumBid: 125_000,
    reserveMet: null,
    endedAt: new Date(NOW + 3_600_000).toISOString(),
    serverTime: new Date(NOW).toISOString(),
    increments: [{ from: 0, increment: 5_000 }],
    presets: [250_000, 500_000, 1_000_000, 2_500_000, 5_000_000, 10_000_000, 25_000_000],
    // A premium, a tax rate and a fee: the terms and the all-in line are in the layout the phone run checks.
    terms: { buyersPremiumBps: 1_000, taxRate: 8.25, buyerFees: [{ kind: 'loading', amount: 25_000 }] },
    you: { registered: true, ...you },
    ...over,
  };
}

const history = {
  bids: [
    { _id: 'b2', bidder: 'Bidder 2', amount: 120_000, createdAt: new Date(NOW - 60_000).toISOString() },
    { _id: 'b1', bidder: 'Bidder 1', amount: 100_000, createdAt: new Date(NOW - 120_000).toISOString() },
  ],
  pagination: { pageNumber: 1, pageSize: 5, totalItems: 2, totalPages: 1 },
};

const ok = (route: Route, data: unknown, status = 200) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ status: 'success', data }) });

/** Tells the panel its lot changed, as the live client does for every `lot` event of the stream. */
const lotChanged = (page: Page, id: string) =>
  page.evaluate((_id) => {
    document.dispatchEvent(new CustomEvent('lotline:lot-change', { detail: { _id } }));
  }, id);

/** An event's auction lot whose terms the buyer has agreed to (or the last one, to agree to once). */
async function agreedLot(page: Page): Promise<ApiLot> {
  const lots = (
    await findLots(page.request, [...activeFor(30), { field: 'type', op: 'eq', value: 'AuctionLot' }])
  ).filter((l) => (l._source as { eventId?: string | null }).eventId);
  const me = (await (await page.request.get('/marketplace-api/users/me')).json()).data;
  for (const lot of lots) {
    const eventId = (lot._source as { eventId?: string | null }).eventId ?? '';
    const terms = await page.request.get(`/marketplace-api/users/${me.id}/bidder-terms?eventId=${eventId}`);
    if ((await terms.json()).data.length > 0) return lot;
  }
  const last = lots.at(-1);
  if (!last) throw new Error('no open auction lot of an event in the seed');
  return last;
}

// Phone: the panel stacks under the gallery at the phone's width; its fields, quick picks and dialog must fit
// without sideways scrolling, and its axe scans are of that layout.
test('the bid form: minimum, quick picks, refusals under the field, the confirmation, retries with the same key, statuses', {
  tag: '@phone',
}, async ({ page }) => {
  test.setTimeout(120_000);
  await newVerifiedBuyer(page, 'bid-panel', [GOOD_CARD]);
  const lot = await agreedLot(page);
  await gotoReady(page, `/marketplace/bid/lot/${encodeURIComponent(lot._id)}`);
  const panel = page.getByTestId('bid-panel');
  const agree = panel.getByRole('button', { name: 'I agree' });
  if (await agree.isVisible()) {
    await agree.click();
    await expect(agree).toBeHidden();
    await page.reload();
    await expectReady(page);
  }

  let state = biddingState({ biddingStatus: 'not-participated', maxBidAmount: null });
  await page.route(
    (url) => url.pathname.endsWith('/bidding'),
    (route) => ok(route, state),
  );
  const posts: { key: string | undefined; body: unknown }[] = [];
  const answers: ((route: Route) => Promise<void>)[] = [
    (route) => route.abort('connectionreset'),
    (route) => {
      // Someone else's bid moved the minimum: the refusal says so, and the panel reads its state again.
      state = biddingState({ biddingStatus: 'not-participated', maxBidAmount: null }, { minimumBid: 130_000 });
      return route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({
          status: 'error',
          errors: [{ code: 'BID_TOO_LOW', message: 'Your bid must be at least $1,300', field: 'amount' }],
        }),
      });
    },
    (route) => {
      state = biddingState({ biddingStatus: 'winning', maxBidAmount: 130_000 }, { currentBid: { amount: 130_000 } });
      const bid = { _id: 'b3', amount: 130_000, maxAmount: 130_000, createdAt: new Date(NOW).toISOString() };
      return ok(route, { bid, lot: state }, 201);
    },
  ];
  await page.route(
    (url) => url.pathname.endsWith('/bids'),
    async (route) => {
      if (route.request().method() === 'GET') return ok(route, history);
      posts.push({ key: route.request().headers()['idempotency-key'], body: route.request().postDataJSON() });
      await (answers.shift() as (route: Route) => Promise<void>)(route);
    },
  );
  // The panel listens for changes once React has hydrated it, which gotoReady waited for: told now, it reads the
  // (routed) state.
  await lotChanged(page, lot._id);
  await expect(panel.getByText(/^Minimum bid /)).toHaveText('Minimum bid $1,250');

  // Registered: the minimum, the fields, every quick pick from the minimum up, the history with pseudonyms.
  const picks = panel.getByRole('group', { name: 'Quick picks for your maximum' }).getByRole('button');
  await expect(picks).toHaveText(['$2,500', '$5,000', '$10,000', '$25,000', '$50,000', '$100,000', '$250,000']);
  await expect(panel.getByRole('list', { name: 'Bids, newest first' }).getByRole('listitem')).toHaveCount(2);
  await expect(panel.getByRole('listitem').first()).toContainText('Bidder 2');
  await expectNoSeriousA11yViolations(page, { include: '[data-testid="bid-panel"]' });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // Too low: said under the amount, which takes focus; nothing is sent.
  const amount = panel.getByLabel('Your bid', { exact: true });
  const place = panel.getByRole('button', { name: 'Place bid' });
  await amount.fill('1,000');
  await place.click();
  await expect(panel.getByText('Your bid must be at least $1,250', { exact: true })).toBeVisible();
  await expect(amount).toBeFocused();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');

  // The confirmation: Cancel sends nothing and gives focus back.
  await amount.fill('1250');
  await picks.first().click();
  await expect(picks.first()).toHaveAttribute('aria-pressed', 'true');
  await expect(panel.getByLabel('Maximum bid (optional)')).toHaveValue('2500');
  await place.click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your bid' });
  await expect(dialog.getByText('Confirm your bid of $1,250 (maximum $2,500)', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeFocused();
  await expectNoSeriousA11yViolations(page, { include: 'dialog[open]' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(place).toBeFocused();
  expect(posts).toHaveLength(0);

  // Confirm: the connection drops; Confirm again is the same request with the same key; the API refuses it.
  await place.click();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('Lotline could not be reached. Check your connection and try again.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByText('Your bid must be at least $1,300')).toBeVisible();
  await expect(panel.getByText(/^Minimum bid /)).toHaveText('Minimum bid $1,300');
  expect(posts).toHaveLength(2);
  expect(posts[0]?.key).toMatch(/^[0-9a-f]{32}$/);
  expect(posts[1]?.key).toBe(posts[0]?.key);
  expect(posts[1]?.body).toEqual({ amount: 125_000, maxAmount: 250_000 });

  // A new confirmation is a new key; accepted, the status turns green.
  await amount.fill('1300');
  await panel.getByLabel('Maximum bid (optional)').fill('');
  await place.click();
  await expect(dialog.getByText('Confirm your bid of $1,300', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(panel.getByText('Your bid of $1,300 is placed.')).toBeVisible();
  expect(posts[2]?.key).not.toBe(posts[0]?.key);
  expect(posts[2]?.body).toEqual({ amount: 130_000 });

  const winning = panel.locator('[data-status="winning"]');
  await expect(winning).toHaveText('Winning');
  await expect(winning).toHaveAttribute('data-tone', 'good');

  // Someone bids more: the stream's change turns it red "Outbid" with the new minimum, without a reload.
  state = biddingState({ biddingStatus: 'outbid', maxBidAmount: 130_000 }, { minimumBid: 140_000 });
  await lotChanged(page, lot._id);
  const outbid = panel.locator('[data-status="outbid"]');
  await expect(outbid).toHaveText('Outbid');
  await expect(outbid).toHaveAttribute('data-tone', 'bad');
  await expect(panel.getByText(/^Minimum bid /)).toHaveText('Minimum bid $1,400');
  await expect(panel.getByText('Your maximum bid: $1,300')).toBeVisible();
});

/** The first open auction lot with a buyer's premium and a tax rate whose event lets the page's person bid at once. */
async function registeredLotWithPremium(page: Page): Promise<ApiLot> {
  const lots = await findLots(page.request, [...activeFor(30), { field: 'type', op: 'eq', value: 'AuctionLot' }]);
  for (const lot of lots) {
    const eventId = (lot._source as { eventId?: string | null }).eventId;
    if (!eventId) continue;
    const { terms } = await bidding(page.request, lot._id);
    if (terms.buyersPremiumBps === 0 || terms.taxRate === 0) continue;
    // Not an event waiting for the seller's approval: the next one.
    if (canBid(await registerForEvent(page.request, siteOrigin(), eventId))) return lot;
  }
  throw new Error('no open auction lot with a premium and a tax rate in an event that registers at once');
}

test('a bidder reads the premium, tax and fees and the all-in total before bidding', async ({ page }) => {
  test.setTimeout(120_000);
  await newVerifiedBuyer(page, 'bid-terms', [GOOD_CARD]);
  const lot = await registeredLotWithPremium(page);
  const { terms, minimumBid } = await bidding(page.request, lot._id);
  // The seed's buyers pay no fee (the seller or a third party pays a lot's rigging and loading), so the page's own
  // read of GET bidding gets one added to the lot's real terms.
  const fee = { kind: 'loading', amount: 25_000 };
  await page.route(
    (url) => url.pathname.endsWith('/bidding'),
    async (route) => {
      const answer = await route.fetch();
      const body = await answer.json();
      body.data.terms.buyerFees = [fee];
      await route.fulfill({ response: answer, json: body });
    },
  );
  await gotoReady(page, `/marketplace/bid/lot/${encodeURIComponent(lot._id)}`);
  const panel = page.getByTestId('bid-panel');
  await expect(panel.getByRole('button', { name: 'Place bid' })).toBeVisible();
  await lotChanged(page, lot._id);
  const onTop = panel.getByRole('region', { name: 'What you pay on top' });
  await expect(onTop.getByRole('term')).toHaveText(['Buyer’s premium', 'Tax', 'Loading fee']);
  await expect(onTop.getByRole('definition')).toHaveText([
    `${terms.buyersPremiumBps / 100}%`,
    `${terms.taxRate}%`,
    dollars(fee.amount),
  ]);

  // A whole number of hundreds above the minimum, so the premium is whole cents; the tax is rounded half away
  // from zero to the cent, on the bid, the premium and the fee (the invoice's rule).
  const amount = Math.ceil(minimumBid / 10_000) * 10_000 + 10_000;
  const premium = (amount / 10_000) * terms.buyersPremiumBps;
  const taxable = amount + premium + fee.amount;
  const tax = Math.round((taxable * Math.round(terms.taxRate * 1000)) / 100_000);
  await panel.getByLabel('Your bid', { exact: true }).fill(typed(amount));
  await expect(onTop.getByRole('status')).toHaveText(
    `A win at ${dollars(amount)} costs ${dollars(taxable + tax)} all in: ${dollars(amount)} + ${dollars(premium)} ` +
      `buyer’s premium + ${dollars(fee.amount)} loading fee + ${dollars(tax)} tax.`,
  );
  await expect(panel.getByRole('button', { name: 'Place bid' })).toBeEnabled();
});
