import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { bid, bidder, openLot } from '../bidding/test-helpers';
import { get } from '../identity/test-helpers';
import { activatedUser } from '../seller-company/test-helpers';
import { orderOfCompany } from '../staff-companies/test-helpers';
import { signUpStaff } from '../tax-exemptions/test-helpers';

/** The staff user page's activity (decision 0075): what a person did, newest first, with totals; staff only. */

let t: TestApp;
let staffCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  staffCookie = (await signUpStaff(t)).cookie;
});
afterAll(() => t.close());

const activityPath = (userId: string) => `/marketplace-api/staff/users/${userId}/activity`;

describe("a user's activity", () => {
  it('lists the registrations, own bids (not the automatic answers), orders and the verification steps', async () => {
    const { event, lot } = await openLot(t, { startingBid: 10_000 });
    const person = await bidder(t, event.id, 'Ada Active');
    const rival = await bidder(t, event.id, 'Rex Rival');
    expect((await bid(t, person, lot.id, { amount: 10_000, maxAmount: 50_000 }, 'k1')).statusCode).toBe(201);
    // The rival's bid makes the engine answer for the person: an `auto` row that is not the person's own bid.
    expect((await bid(t, rival, lot.id, { amount: 20_000 }, 'k2')).statusCode).toBe(201);
    const order = await orderOfCompany(t, event.companyId, person.id);

    const res = await get(t, activityPath(person.id), staffCookie);
    expect(res.statusCode, res.body).toBe(200);
    const { activity } = res.json().data;
    expect(activity.registrations).toMatchObject({
      total: 1,
      items: [{ eventId: event.id, eventTitle: event.title, status: 'approved', bidLimitMinor: null }],
    });
    expect(activity.bids).toMatchObject({
      total: 1,
      items: [{ lotId: lot.id, lotTitle: lot.name, amount: 10_000, maxAmount: 50_000 }],
    });
    expect(activity.orders).toMatchObject({ total: 1, items: [{ _id: order.id, number: order.number }] });
    expect(activity.conversations).toEqual({ total: 0, items: [] });
    // Signed up, not yet activated, no card or address: every step still to do.
    expect(activity.verification).toMatchObject({ isActivated: false, hasPaymentMethod: false, verified: false });
  });

  it('is 404 for an unknown user, 401 for a visitor and 403 for anyone but staff', async () => {
    const someone = await activatedUser(t);
    expect((await get(t, activityPath('usr_nope'), staffCookie)).statusCode).toBe(404);
    expect((await get(t, activityPath(someone.id))).statusCode).toBe(401);
    expect((await get(t, activityPath(someone.id), someone.cookie)).statusCode).toBe(403);
  });
});
