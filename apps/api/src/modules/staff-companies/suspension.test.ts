import { errorEnvelope } from '@lotline/contracts';
import { bids, eventLots, offers, orders, registrations, tenders } from '@lotline/db/schema';
import { LOT_STATUS } from '@lotline/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { send } from '../account/test-helpers';
import { bid, register as registerDirectly } from '../bidding/test-helpers';
import { get, latestMailTo } from '../identity/test-helpers';
import { call, offersUrl } from '../offers/test-helpers';
import { buy, stockOf } from '../purchases/test-helpers';
import { bidder, type Person, register } from '../registrations/test-helpers';
import { companyPath, memberOf } from '../seller-company/test-helpers';
import { signUpStaff } from '../tax-exemptions/test-helpers';
import { putTender } from '../tenders/test-helpers';
import { companyRecord, orderOfCompany, patchCompany } from './test-helpers';

/**
 * A suspended company (decision 0076): its published event is view-only for buyers (each action refused
 * with its not-open code, nothing written), its console refuses writes (403 COMPANY_SUSPENDED) but still
 * reads its orders; reactivating restores bidding. Owners are mailed; both changes are audited.
 */

const HOUR = 3_600_000;
let t: TestApp;
let companyId: string;
let eventId: string;
let auctionId: string;
let tenderId: string;
let itemId: string;
let staff: Person;
let owner: Person;
/** Verified, with a card, agreed to the terms and registered for the event: refused only for the suspension. */
let buyer: Person;

beforeAll(async () => {
  t = await createTestApp();
  companyId = (await t.make.company()).id;
  eventId = (await t.make.event({ companyId })).id;
  const open = { companyId, eventId, status: LOT_STATUS.Active, startAt: new Date(Date.now() - HOUR) };
  const end = new Date(Date.now() + 24 * HOUR);
  const lot = (over: Parameters<TestApp['make']['lot']>[0]) => t.make.lot({ ...open, ...over });
  auctionId = (await lot({ startingBid: 10_000, endedAt: end, scheduledEndAt: end })).id;
  tenderId = (await lot({ type: 'TenderLot', endedAt: end, scheduledEndAt: end })).id;
  const item = { type: 'BuyItNowItem' as const, buyItNowPrice: 100_000, quantity: 3, bestOfferEnabled: true };
  itemId = (await lot({ ...item, endedAt: end })).id;
  staff = (await signUpStaff(t)) as Person;
  owner = await memberOf(t, companyId, 'owner', 'Olive Owner');
  buyer = await bidder(t, eventId);
  await registerDirectly(t, buyer.id, eventId);
});
afterAll(() => t.close());

const errorOf = (res: { statusCode: number; json(): unknown }) => ({
  status: res.statusCode,
  code: errorEnvelope.parse(res.json()).errors[0]?.code,
});
const NOT_OPEN = { status: 409, code: 'LOT_NOT_OPEN' };

let orderId: string;

/** What the lot pages and the event page read (decision 0089): each lot's `viewOnly` and status, the event's. */
async function publicReads() {
  const lots = await Promise.all(
    [auctionId, tenderId, itemId].map(async (id) => {
      const res = await get(t, `/marketplace/api/lots/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      const { viewOnly, status } = res.json().data.lot._source;
      return { viewOnly, status };
    }),
  );
  const res = await get(t, `/marketplace/api/event/events/${eventId}`);
  expect(res.statusCode, res.body).toBe(200);
  const { viewOnly, status } = res.json().data.event;
  // The cards say it too (browse's search read, decision 0093), each lot as its page does.
  const search = await get(t, `/marketplace/api/search/lots?event-id=${eventId}&page-size=60`);
  expect(search.statusCode, search.body).toBe(200);
  const cards = new Map(
    (search.json().data.lots as { _id: string; _source: { viewOnly: boolean } }[]).map((c) => [
      c._id,
      c._source.viewOnly,
    ]),
  );
  expect([auctionId, tenderId, itemId].map((id) => cards.get(id))).toEqual(lots.map((l) => l.viewOnly));
  return { lots, event: { viewOnly, status } };
}

describe('a suspended company', () => {
  beforeAll(async () => {
    orderId = (await orderOfCompany(t, companyId, buyer.id)).id;
    const res = await patchCompany(t, staff.cookie, companyId, { status: 'suspended' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.company).toMatchObject({ _id: companyId, status: 'suspended', commissionBps: null });
  });

  it('is recorded in the audit log with before and after, and its owner is mailed', async () => {
    expect((await companyRecord(t, companyId)).audit).toEqual([
      { action: 'company.suspend', actorId: staff.id, before: { status: 'active' }, after: { status: 'suspended' } },
    ]);
    expect((await latestMailTo(t, owner.email))?.subject).toMatch(/is suspended on Lotline$/);
  });

  it('reads as view-only on its lot and event pages, every status as it was', async () => {
    const shown = { viewOnly: true, status: LOT_STATUS.Active };
    expect(await publicReads()).toEqual({
      lots: [shown, shown, shown],
      event: { viewOnly: true, status: 'published' },
    });
  });

  it('takes no bid: 409 LOT_NOT_OPEN, no bid, the price unchanged', async () => {
    const res = await bid(t, buyer, auctionId, { amount: 10_000 });
    expect(errorOf(res)).toEqual(NOT_OPEN);
    expect(await t.db.select().from(bids).where(eq(bids.lotId, auctionId))).toEqual([]);
    const [lot] = await t.db
      .select({ price: eventLots.currentBidAmount, count: eventLots.bidsCount })
      .from(eventLots)
      .where(eq(eventLots.id, auctionId));
    expect(lot).toEqual({ price: null, count: 0 });
  });

  it('takes no registration (409 EVENT_CLOSED), tender, offer or purchase (409 LOT_NOT_OPEN), and records none', async () => {
    const newcomer = await bidder(t, eventId);
    expect(errorOf(await register(t, newcomer, eventId, { key: 'suspended-register' }))).toEqual({
      status: 409,
      code: 'EVENT_CLOSED',
    });
    expect(await t.db.select().from(registrations).where(eq(registrations.userId, newcomer.id))).toEqual([]);
    expect(errorOf(await putTender(t, buyer, tenderId, { amount: 20_000 }))).toEqual(NOT_OPEN);
    expect(await t.db.select().from(tenders).where(eq(tenders.lotId, tenderId))).toEqual([]);
    expect(errorOf(await call(t, buyer, offersUrl(itemId), { amount: 50_000 }))).toEqual(NOT_OPEN);
    expect(await t.db.select().from(offers).where(eq(offers.lotId, itemId))).toEqual([]);
    expect(errorOf(await buy(t, itemId, { cookie: buyer.cookie, key: 'suspended-buy' }))).toEqual(NOT_OPEN);
    const buyersOrders = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.buyerUserId, buyer.id));
    expect(buyersOrders).toHaveLength(1); // the one bought before the suspension
    expect(await stockOf(t, itemId)).toEqual({ quantity: 3, status: LOT_STATUS.Active });
  });

  it("refuses the console's writes with 403 COMPANY_SUSPENDED but its owner still reads the company's orders", async () => {
    const profile = { displayName: 'Renamed while suspended', description: '' };
    const write = await send(t, 'PUT', companyPath(companyId), profile, { cookie: owner.cookie });
    expect(errorOf(write)).toEqual({ status: 403, code: 'COMPANY_SUSPENDED' });
    expect(write.json().errors[0].message).toMatch(/suspended/);
    const read = await get(t, companyPath(companyId), owner.cookie);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.displayName).not.toBe(profile.displayName);
    const order = await get(t, `/marketplace-api/seller/orders/${orderId}`, owner.cookie);
    expect(order.statusCode, order.body).toBe(200);
  });

  it('opens again when reactivated: the bid is taken, the console writes, the owner is mailed, both audited', async () => {
    const res = await patchCompany(t, staff.cookie, companyId, { status: 'active' });
    expect(res.json().data.company.status).toBe('active');
    expect((await latestMailTo(t, owner.email))?.subject).toMatch(/is active again on Lotline$/);
    expect((await bid(t, buyer, auctionId, { amount: 10_000 })).statusCode).toBe(201);
    // The same calls as while suspended now pass the check the suspension failed.
    const newcomer = await bidder(t, eventId);
    const registered = await register(t, newcomer, eventId, { key: 'active-register' });
    expect(registered.statusCode, registered.body).toBeLessThan(300);
    const tendered = await putTender(t, buyer, tenderId, { amount: 20_000 });
    expect(tendered.statusCode, tendered.body).toBeLessThan(300);
    const offered = await call(t, buyer, offersUrl(itemId), { amount: 50_000 });
    expect(offered.statusCode, offered.body).toBeLessThan(300);
    const bought = await buy(t, itemId, { cookie: buyer.cookie, key: 'active-buy' });
    expect(bought.statusCode, bought.body).toBeLessThan(300);
    const profile = { displayName: 'Renamed when active', description: '' };
    expect((await send(t, 'PUT', companyPath(companyId), profile, { cookie: owner.cookie })).statusCode).toBe(200);
    expect((await companyRecord(t, companyId)).audit.map((e) => [e.action, e.after])).toEqual([
      ['company.suspend', { status: 'suspended' }],
      ['company.reactivate', { status: 'active' }],
    ]);
    const open = { viewOnly: false, status: LOT_STATUS.Active };
    expect(await publicReads()).toEqual({ lots: [open, open, open], event: { viewOnly: false, status: 'published' } });
  });
});
