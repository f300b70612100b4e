import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { registerForEvent } from '../support/bidding';
import { gotoReady } from '../support/ready';
import { signInByApi } from '../support/sign-in';
import { signedInAs } from './offers-helpers';
import { GOOD_CARD, newVerifiedBuyer } from './payments-helpers';

/**
 * Running an event in the seller console (issue 16; decision 0052), desktop:
 * in the event of bidder4's pending demo registration (demoSellerRun: an event
 * whose registrations need approval; bidder4's own is only read, never
 * answered), a verified bidder of the test's own (made through the API)
 * registers; the seller finds the registration from the event page's "Running
 * the event", sees the bidder's verification in words and approves; the bidder
 * then bids, and the live view lists the bid with the public pseudonym and the
 * real bidder. The demo's own event (never a seller's first, which the
 * event-page specs take).
 */

const DEMO_PENDING = 'bidder4@example.com';

interface Pending {
  seller: string;
  eventId: string;
  registrationId: string;
  name: string;
}

/** The featured seller whose event holds `email`'s pending registration, found through the console's API. */
async function findPending(request: APIRequestContext, baseURL: string, email: string): Promise<Pending> {
  const res = await request.get('/marketplace/api/companies/featured');
  const slugs: string[] = (await res.json()).data.companies.map((c: { slug: string }) => c.slug);
  for (const slug of slugs) {
    const seller = `seller-${slug}@example.com`;
    const api = await signedInAs(baseURL, seller);
    if (!api) continue;
    try {
      const list = await (await api.get('/marketplace-api/seller/events?status=published&pageSize=100')).json();
      for (const event of list.data?.events ?? []) {
        const regs = await (
          await api.get(`/marketplace-api/seller/events/${event._id}/registrations?status=pending`)
        ).json();
        const mine = regs.data.registrations.find((r: { user: { email: string } }) => r.user.email === email);
        if (mine) return { seller, eventId: event._id, registrationId: mine._id, name: mine.user.name };
      }
    } finally {
      await api.dispose();
    }
  }
  throw new Error(`no pending registration of ${email} (bidder4's: demoSellerRun)`);
}

test('the seller approves a pending registration and sees the bid with the real bidder in the live view', async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.skip(info.project.name !== 'desktop', 'The console is exercised on desktop; the approval happens once.');
  const base = baseURL as string;
  const origin = new URL(base).origin;
  // The event of bidder4's pending demo registration needs approval: the test's own bidder registers for it.
  const demo = await findPending(page.request, base, DEMO_PENDING);
  const bidderContext = await browser.newContext();
  const bidderEmail = await newVerifiedBuyer(await bidderContext.newPage(), 'seller-run', [GOOD_CARD]);
  expect((await registerForEvent(bidderContext.request, origin, demo.eventId)).status).toBe('pending');
  const pending = await findPending(page.request, base, bidderEmail);
  expect(pending.eventId).toBe(demo.eventId);

  await signInByApi(page, pending.seller);
  await gotoReady(page, `/seller/events/${pending.eventId}`);
  const running = page.getByRole('region', { name: 'Running the event' });
  await expect(running.getByRole('link', { name: 'Offers' })).toBeVisible();
  await running.getByRole('link', { name: 'Registrations' }).click();
  await expect(page.getByRole('heading', { name: 'Registrations', level: 1 })).toBeVisible();

  const row = page.locator(`[data-registration-id="${pending.registrationId}"]`);
  await expect(row).toContainText(bidderEmail);
  await expect(row.getByTestId('verification')).toHaveText('Verified (card, addresses and e-mail)');
  await expect(row.getByTestId('registration-status')).toHaveText('Awaiting your decision');
  await row.getByRole('button', { name: `Approve ${pending.name}` }).click();
  await expect(row.getByTestId('registration-status')).toHaveText('Approved');
  await expect(row.getByRole('button', { name: `Approve ${pending.name}` })).toHaveCount(0);
  // A limit set after the approval (decision 0098: the seller's own route), high enough for the bid below.
  await expect(row.getByTestId('bid-limit')).toHaveText('None');
  await row.getByText('Change bid limit…').click();
  await row.getByLabel(`New bid limit for ${pending.name}`, { exact: false }).fill('1000000');
  await row.getByRole('button', { name: `Save the bid limit of ${pending.name}` }).click();
  await expect(row.getByText('Bid limit saved.')).toBeVisible();
  await expect(row.getByTestId('bid-limit')).not.toHaveText('None');

  // The bidder is approved now: their bid on an open lot is taken.
  const live = await (await page.request.get(`/marketplace-api/seller/events/${pending.eventId}/live`)).json();
  type LiveLot = { _id: string; status: string; type: string; endsAt: string | null; bidsCount: number };
  const open = (live.data.lots as LiveLot[]).filter(
    (l) =>
      l.status === 'Active' && l.type === 'AuctionLot' && l.endsAt && Date.parse(l.endsAt) > Date.now() + 3_600_000,
  );
  // A lot without bids, when there is one: the bidder then leads it (no one's proxy answers).
  const lot = open.find((l) => l.bidsCount === 0) ?? open[0];
  if (!lot) throw new Error('demo data: an open auction lot in the event');
  const bidder = bidderContext.request;
  try {
    const state = (await (await bidder.get(`/marketplace/api/event/event-lots/${lot._id}/bidding`)).json()).data;
    const placed = await bidder.post(`/marketplace/api/event/event-lots/${lot._id}/bids`, {
      data: { amount: state.minimumBid, maxAmount: state.minimumBid },
      headers: { origin, 'idempotency-key': randomUUID() },
    });
    expect(placed.status(), await placed.text()).toBe(201);
  } finally {
    await bidderContext.close();
  }

  await page.goto(`/seller/events/${pending.eventId}/live?lot=${encodeURIComponent(lot._id)}`);
  await expect(page.getByRole('heading', { name: 'Live view', level: 1 })).toBeVisible();
  const theirs = page.getByTestId('live-bid').filter({ hasText: `${pending.name} (${bidderEmail})` });
  await expect(theirs).toHaveCount(1);
  await expect(theirs).toContainText(/Bidder \d+/);
  if (lot.bidsCount === 0) {
    await expect(page.locator(`[data-live-lot-id="${lot._id}"]`)).toContainText(`${pending.name} (${bidderEmail})`);
  }
});
