import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { registerForEvent } from '../support/bidding';
import { gotoReady } from '../support/ready';
import { signInByApi } from '../support/sign-in';
import { signedInAs } from './offers-helpers';
import { GOOD_CARD, newVerifiedBuyer } from './payments-helpers';

/**
 * Staff's bidder review (decision 0080), desktop: a verified bidder of the test's own registers for the
 * demo event whose registrations need approval (the one bidder4's pending demo registration is in; that
 * registration is only read, never answered); staff find it on /staff/bidder-review with its risk
 * signals and approve it with a bid limit. The engine then refuses the bidder's bid above the limit
 * (`BID_LIMIT`, the message naming it) and takes one under it; the audit log shows the approval with
 * the limit. The bids go to an open lot that already has bids (seller-run takes a lot without any).
 */

type StaffRow = { _id: string; auctionId: string; user: { email: string; name: string } };

async function pendingOf(request: APIRequestContext, email: string): Promise<StaffRow | undefined> {
  const res = await request.get('/marketplace-api/staff/registrations?status=pending&pageSize=100');
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()).data.registrations as StaffRow[]).find((r) => r.user.email === email);
}

/** An open auction lot of the event with bids already, ending well after the test (read in the seller's live table). */
async function lotWithBids(baseURL: string, eventId: string): Promise<string> {
  const res = await fetchSellerLive(baseURL, eventId);
  type LiveLot = { _id: string; status: string; type: string; endsAt: string | null; bidsCount: number };
  const open = (res as LiveLot[]).filter(
    (l) =>
      l.status === 'Active' && l.type === 'AuctionLot' && l.endsAt && Date.parse(l.endsAt) > Date.now() + 3_600_000,
  );
  const lot = open.filter((l) => l.bidsCount > 0).at(-1) ?? open.at(-1);
  if (!lot) throw new Error('demo data: an open auction lot in the event that asks approval');
  return lot._id;
}

/** The seller of the event, found among the featured sellers (read only). */
async function fetchSellerLive(baseURL: string, eventId: string): Promise<unknown[]> {
  const featured = await (await fetch(new URL('/marketplace/api/companies/featured', baseURL))).json();
  for (const { slug } of featured.data.companies as { slug: string }[]) {
    const api = await signedInAs(baseURL, `seller-${slug}@example.com`);
    if (!api) continue;
    try {
      const live = await api.get(`/marketplace-api/seller/events/${eventId}/live`);
      if (live.status() === 200) return (await live.json()).data.lots;
    } finally {
      await api.dispose();
    }
  }
  throw new Error(`no featured seller runs event ${eventId}`);
}

async function findDemoEvent(request: APIRequestContext): Promise<string> {
  const demo = await pendingOf(request, 'bidder4@example.com');
  if (!demo) throw new Error('demo data: bidder4’s pending registration (demoSellerRun)');
  return demo.auctionId;
}

test('staff approve a registration with a bid limit that the engine then enforces, and the audit log shows it', async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.skip(info.project.name !== 'desktop', 'Staff pages are exercised on desktop; the approval happens once.');
  const base = baseURL as string;
  const origin = new URL(base).origin;
  await signInByApi(page, 'staff@example.com');
  const eventId = await findDemoEvent(page.request);

  const bidderContext = await browser.newContext();
  const bidder = bidderContext.request;
  try {
    const email = await newVerifiedBuyer(await bidderContext.newPage(), 'bidder-review', [GOOD_CARD]);
    expect((await registerForEvent(bidder, origin, eventId)).status).toBe('pending');
    const pending = await pendingOf(page.request, email);
    if (!pending) throw new Error('the new registration is not in the queue');

    const lotId = await lotWithBids(base, eventId);
    const state = (await (await bidder.get(`/marketplace/api/event/event-lots/${lotId}/bidding`)).json()).data;
    // A limit well above the minimum (in whole dollars), so bids by others meanwhile leave room under it.
    const limit = (Math.ceil(state.minimumBid / 100) + 5_000) * 100;
    const limitText = `$${(limit / 100).toLocaleString('en-US')}`;

    await gotoReady(page, '/staff/bidder-review');
    await expect(page.getByRole('heading', { name: 'Bidder review', level: 1 })).toBeVisible();
    const item = page.getByRole('listitem', { name: `Paula Payer (${email}) for` });
    const signals = item.getByRole('table', { name: `Risk signals of ${email}` });
    await expect(signals.getByRole('row', { name: /Verification/ })).toContainText('Verified');
    await expect(signals.getByRole('row', { name: /Unpaid orders/ })).toContainText('0');
    await item.getByLabel(/Bid limit/).fill(String(limit / 100));
    await item.getByRole('button', { name: 'Approve' }).click();
    // Decided, the registration leaves the queue (the page is read again).
    await expect(item).toHaveCount(0);

    const registration = await (
      await bidder.get(
        `/marketplace-api/users/${(await (await bidder.get('/marketplace-api/users/me')).json()).data.id}/registered-auctions/${eventId}`,
      )
    ).json();
    expect(registration.data).toMatchObject({ status: 'approved', bidLimit: { amount: limit } });

    const bids = `/marketplace/api/event/event-lots/${lotId}/bids`;
    const over = await bidder.post(bids, {
      data: { amount: limit + 100 },
      headers: { origin, 'idempotency-key': randomUUID() },
    });
    expect(over.status(), await over.text()).toBe(403);
    expect((await over.json()).errors[0]).toMatchObject({
      code: 'BID_LIMIT',
      message: `Your bid limit for this event is ${limitText}.`,
    });
    const now = (await (await bidder.get(`/marketplace/api/event/event-lots/${lotId}/bidding`)).json()).data;
    const under = await bidder.post(bids, {
      data: { amount: now.minimumBid, maxAmount: now.minimumBid },
      headers: { origin, 'idempotency-key': randomUUID() },
    });
    expect(under.status(), await under.text()).toBe(201);

    await gotoReady(page, `/staff/audit-log?targetType=registration&targetId=${encodeURIComponent(pending._id)}`);
    const entry = page.getByRole('list', { name: 'Audit log entries' }).getByRole('listitem').first();
    await expect(entry.getByRole('heading')).toContainText('registration.approve');
    await expect(entry).toContainText('staff@example.com');
    await entry.getByText('Before and after').click();
    await expect(entry).toContainText(`"amount": ${limit}`);
  } finally {
    await bidderContext.close();
  }
});
