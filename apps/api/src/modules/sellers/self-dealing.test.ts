import { errorEnvelope } from '@lotline/contracts';
import {
  bids,
  companyMembers,
  eventLots,
  offers,
  orderPayments,
  orderRefunds,
  orders,
  registrations,
  taxExemptions,
  tenders,
  users,
} from '@lotline/db/schema';
import { LOT_STATUS } from '@lotline/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { send } from '../account/test-helpers';
import { bid, register as registerDirectly } from '../bidding/test-helpers';
import { call, offersUrl } from '../offers/test-helpers';
import { createOrderFor } from '../orders/payment/test-orders';
import { buy, stockOf } from '../purchases/test-helpers';
import { bidder, type Person, register } from '../registrations/test-helpers';
import { signUpStaff, uploadFile } from '../tax-exemptions/test-helpers';
import { putTender } from '../tenders/test-helpers';

/**
 * No self-dealing (decision 0067): a member of the selling company is refused
 * every way of buying its lots (403 OWN_LOT), and a staff member every staff
 * act on their own records (403 OWN_RECORD); each refusal changes nothing.
 */

const HOUR = 3_600_000;
let t: TestApp;
let eventId: string;
let auctionId: string;
let tenderId: string;
let itemId: string;
/** A company staff member with the seller role, registered for the event before joining (so NOT_REGISTERED is not why). */
let member: Person;

beforeAll(async () => {
  t = await createTestApp();
  const company = await t.make.company();
  const event = await t.make.event({ companyId: company.id });
  eventId = event.id;
  const open = { companyId: company.id, eventId, status: LOT_STATUS.Active, startAt: new Date(Date.now() - HOUR) };
  const end = new Date(Date.now() + 24 * HOUR);
  const lot = (over: Parameters<TestApp['make']['lot']>[0]) => t.make.lot({ ...open, ...over });
  auctionId = (await lot({ startingBid: 10_000, endedAt: end, scheduledEndAt: end })).id;
  tenderId = (await lot({ type: 'TenderLot', endedAt: end, scheduledEndAt: end })).id;
  const item = { type: 'BuyItNowItem' as const, buyItNowPrice: 100_000, quantity: 3, bestOfferEnabled: true };
  itemId = (await lot({ ...item, endedAt: end })).id;
  member = await bidder(t, eventId);
  await registerDirectly(t, member.id, eventId);
  await t.db
    .update(users)
    .set({ roles: ['seller'] })
    .where(eq(users.id, member.id));
  await t.db.insert(companyMembers).values({ companyId: company.id, userId: member.id, role: 'staff' });
});
afterAll(() => t.close());

const errorOf = (res: { statusCode: number; json(): unknown }) => ({
  status: res.statusCode,
  code: errorEnvelope.parse(res.json()).errors[0]?.code,
});
const OWN_LOT = { status: 403, code: 'OWN_LOT' };
const OWN_RECORD = { status: 403, code: 'OWN_RECORD' };

describe('a member of the selling company', () => {
  it('cannot register for its event, even a member without the seller role: no registration', async () => {
    const former = await bidder(t, eventId);
    const [{ companyId } = { companyId: '' }] = await t.db
      .select({ companyId: eventLots.companyId })
      .from(eventLots)
      .where(eq(eventLots.id, auctionId));
    await t.db.insert(companyMembers).values({ companyId, userId: former.id, role: 'owner' });
    const res = await register(t, former, eventId, { key: 'own-register' });
    expect(errorOf(res)).toEqual(OWN_LOT);
    expect(res.json().errors[0].message).toBe('Your company sells in this event, so you cannot register for it.');
    expect(await t.db.select().from(registrations).where(eq(registrations.userId, former.id))).toEqual([]);
  });

  it('cannot bid (nor set a maximum): no bid, the price unchanged', async () => {
    const res = await bid(t, member, auctionId, { amount: 10_000, maxAmount: 50_000 });
    expect(errorOf(res)).toEqual(OWN_LOT);
    expect(res.json().errors[0].message).toBe('You sell this lot, so you cannot bid on it.');
    expect(await t.db.select().from(bids).where(eq(bids.lotId, auctionId))).toEqual([]);
    const [lot] = await t.db
      .select({ price: eventLots.currentBidAmount, count: eventLots.bidsCount, leader: eventLots.leaderUserId })
      .from(eventLots)
      .where(eq(eventLots.id, auctionId));
    expect(lot).toEqual({ price: null, count: 0, leader: null });
  });

  it('cannot tender: no tender', async () => {
    expect(errorOf(await putTender(t, member, tenderId, { amount: 20_000 }))).toEqual(OWN_LOT);
    expect(await t.db.select().from(tenders).where(eq(tenders.lotId, tenderId))).toEqual([]);
  });

  it('cannot make an offer: no offer', async () => {
    expect(errorOf(await call(t, member, offersUrl(itemId), { amount: 50_000 }))).toEqual(OWN_LOT);
    expect(await t.db.select().from(offers).where(eq(offers.lotId, itemId))).toEqual([]);
  });

  it('cannot buy: no order, the stock unchanged', async () => {
    const res = await buy(t, itemId, { cookie: member.cookie, key: 'own-buy' });
    expect(errorOf(res)).toEqual(OWN_LOT);
    expect(await t.db.select().from(orders).where(eq(orders.buyerUserId, member.id))).toEqual([]);
    expect(await stockOf(t, itemId)).toEqual({ quantity: 3, status: LOT_STATUS.Active });
  });

  it('an outsider registered the same way bids on the same lot (the refusal is the membership)', async () => {
    const outsider = await bidder(t, eventId);
    await registerDirectly(t, outsider.id, eventId);
    expect((await bid(t, outsider, auctionId, { amount: 10_000 })).statusCode).toBe(201);
  });
});

describe('a staff member and their own records', () => {
  let staff: Person;
  let colleague: Person;
  beforeAll(async () => {
    staff = (await signUpStaff(t)) as Person;
    colleague = (await signUpStaff(t)) as Person;
  });
  const orderUrl = (id: string, action: string) => `/marketplace-api/staff/orders/${id}/${action}`;
  const orderOf = async (id: string) =>
    (await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0];
  const paymentsOf = (id: string) => t.db.select().from(orderPayments).where(eq(orderPayments.orderId, id));

  it('cannot mark the wire of an order they bought, cancel or refund it; a colleague can', async () => {
    const order = await createOrderFor(t, staff.id);
    const wire = `/marketplace-api/users/${staff.id}/orders/${order.id}/wire`;
    expect((await send(t, 'POST', wire, undefined, { cookie: staff.cookie })).statusCode).toBe(200);
    const own = await send(t, 'POST', orderUrl(order.id, 'wire-received'), undefined, { cookie: staff.cookie });
    expect(errorOf(own)).toEqual(OWN_RECORD);
    expect(own.json().errors[0].message).toBe('Another staff member must do this.');
    const cancel = await send(t, 'POST', orderUrl(order.id, 'cancel'), { reason: 'mine' }, { cookie: staff.cookie });
    expect(errorOf(cancel)).toEqual(OWN_RECORD);
    expect(await orderOf(order.id)).toEqual({ status: 'OrderPending' });
    expect(await paymentsOf(order.id)).toEqual([]);

    const received = await send(t, 'POST', orderUrl(order.id, 'wire-received'), undefined, {
      cookie: colleague.cookie,
    });
    expect(received.statusCode, received.body).toBe(200);
    const refund = { amount: 1_000, reason: 'mine' };
    const refused = await send(t, 'POST', orderUrl(order.id, 'refunds'), refund, { cookie: staff.cookie });
    expect(errorOf(refused)).toEqual(OWN_RECORD);
    expect(await orderOf(order.id)).toEqual({ status: 'OrderPaid' });
    expect(await paymentsOf(order.id)).toMatchObject([{ kind: 'wire', amount: 25_000 }]);
    expect(await t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id))).toEqual([]);
  });

  it('cannot decide their own registration: it stays pending', async () => {
    await registerDirectly(t, staff.id, eventId, { status: 'pending' });
    const [row] = await t.db
      .select({ id: registrations.id })
      .from(registrations)
      .where(and(eq(registrations.userId, staff.id), eq(registrations.eventId, eventId)));
    const url = `/marketplace-api/staff/registrations/${row?.id}/decision`;
    expect(errorOf(await send(t, 'POST', url, { decision: 'approve' }, { cookie: staff.cookie }))).toEqual(OWN_RECORD);
    const [after] = await t.db
      .select({ status: registrations.status })
      .from(registrations)
      .where(eq(registrations.id, row?.id ?? ''));
    expect(after).toEqual({ status: 'pending' });
  });

  it('cannot approve their own tax exemption; a colleague can', async () => {
    const fileKey = await uploadFile(t, staff.cookie);
    const BASE = '/ars/api/v2/identity/tax-exemptions';
    const submitted = await send(t, 'POST', `${BASE}/user`, { fileKey, region: 'TX' }, { cookie: staff.cookie });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const id = submitted.json().data.taxExemption._id as string;
    const own = await send(t, 'POST', `${BASE}/${id}/approve`, {}, { cookie: staff.cookie });
    expect(errorOf(own)).toEqual(OWN_RECORD);
    const [row] = await t.db.select().from(taxExemptions).where(eq(taxExemptions.id, id));
    expect(row).toMatchObject({ status: 'in-review', reviewedBy: null });
    expect((await send(t, 'POST', `${BASE}/${id}/approve`, {}, { cookie: colleague.cookie })).statusCode).toBe(200);
  });
});
