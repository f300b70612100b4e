import { depositHolds, registrations, users } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { freshIp, get, latestMailTo, ORIGIN } from '../identity/test-helpers';
import { sellerOf } from '../messaging/test-helpers';
import { auction, bidder, readRegistration, register, sandboxHoldsOf } from './test-helpers';

/**
 * Staff's decision on a registration of an event that asks approval (BIDDING §6), through the staff path; the
 * event's seller decides through the seller console (seller-run's tests), the same use-case (decision 0098).
 */
describe('approving and declining registrations', () => {
  let t: TestApp;
  let staff: { id: string; cookie: string };
  beforeAll(async () => {
    t = await createTestApp();
    staff = await bidder(t, undefined, null);
    await t.db
      .update(users)
      .set({ roles: ['staff'] })
      .where(eq(users.id, staff.id));
  });
  afterAll(() => t.close());

  const decide = (cookie: string, registrationId: string, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/marketplace-api/staff/registrations/${registrationId}/decision`,
      headers: { origin: ORIGIN, cookie, 'content-type': 'application/json', 'x-forwarded-for': freshIp() },
      payload: JSON.stringify(body),
    });
  const queue = (cookie: string, eventId: string) =>
    get(t, `/marketplace-api/staff/registrations?eventId=${eventId}`, cookie);

  async function pendingScene() {
    const { event } = await auction(t, { registrationApprovalRequired: true, name: 'Plant Closure' });
    const seller = await sellerOf(t, event.companyId);
    const buyer = await bidder(t, event.id);
    expect((await register(t, buyer, event.id)).statusCode).toBe(201);
    const [row] = await t.db.select().from(registrations).where(eq(registrations.userId, buyer.id));
    if (!row) throw new Error('no registration');
    return { event, seller, buyer, registrationId: row.id };
  }

  it('staff see the event’s queue, approve; the bidder is e-mailed and the registration is usable', async () => {
    const { event, buyer, registrationId } = await pendingScene();
    const list = await queue(staff.cookie, event.id);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.registrations).toEqual([
      {
        _id: registrationId,
        user: { id: buyer.id, name: 'Pat Buyer', email: buyer.email },
        auctionId: event.id,
        status: 'pending',
        deposit: { amount: 50_000, currency: 'USD', status: 'held', expiresAt: expect.any(String) },
        registeredAt: expect.any(String),
        bidLimit: null,
      },
    ]);
    const approved = await decide(staff.cookie, registrationId, { decision: 'approve' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({ _id: registrationId, status: 'approved' });
    expect((await readRegistration(t, buyer, event.id)).json().data.status).toBe('approved');
    const mail = await latestMailTo(t, buyer.email);
    expect(mail?.subject).toBe('You are approved to bid in Plant Closure');
    expect(mail?.text).toContain(`${ORIGIN}/marketplace/event/event/${event.id}`);

    // The same decision again is answered as is; the other one is refused and changes nothing.
    expect((await decide(staff.cookie, registrationId, { decision: 'approve' })).statusCode).toBe(200);
    const late = await decide(staff.cookie, registrationId, { decision: 'decline' });
    expect(late.statusCode).toBe(409);
    expect(late.json().errors[0]).toEqual({ code: 'CONFLICT', message: 'This registration was already approved.' });
    expect((await readRegistration(t, buyer, event.id)).json().data.deposit.status).toBe('held');
  });

  it('declining cancels the hold at the provider (released) and tells the bidder', async () => {
    const { event, buyer, registrationId } = await pendingScene();
    const declined = await decide(staff.cookie, registrationId, { decision: 'decline' });
    expect(declined.statusCode).toBe(200);
    expect(declined.json().data).toMatchObject({
      status: 'declined',
      deposit: { status: 'released', expiresAt: null },
    });
    expect(await sandboxHoldsOf(t, buyer.id)).toMatchObject([{ status: 'canceled' }]);
    const [hold] = await t.db.select().from(depositHolds).where(eq(depositHolds.registrationId, registrationId));
    expect(hold?.status).toBe('released');
    const mail = await latestMailTo(t, buyer.email);
    expect(mail?.subject).toBe('Your registration for Plant Closure was declined');
    expect(mail?.text).toContain('The hold of $500.00 on your card has been cancelled.');
    // Registering again answers the declined registration; no new hold.
    const again = await register(t, buyer, event.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.status).toBe('declined');
    expect(await sandboxHoldsOf(t, buyer.id)).toHaveLength(1);
  });

  it('only staff may decide here: the event’s seller, a stranger, another company’s seller or a bad body may not', async () => {
    const { event, seller, buyer, registrationId } = await pendingScene();
    const stranger = await bidder(t, undefined);
    const { event: otherEvent } = await auction(t);
    const otherSeller = await sellerOf(t, otherEvent.companyId);
    for (const person of [seller, stranger, otherSeller, buyer]) {
      // Not staff: 403 (contract §6, decision 0098); an unknown event stays 404 for staff.
      expect((await decide(person.cookie, registrationId, { decision: 'approve' })).statusCode).toBe(403);
      expect((await queue(person.cookie, event.id)).statusCode).toBe(403);
    }
    expect((await decide(staff.cookie, registrationId, { decision: 'maybe' })).statusCode).toBe(400);
    expect((await decide(staff.cookie, 'reg_unknown', { decision: 'approve' })).statusCode).toBe(404);
    expect((await queue(staff.cookie, 'evt_unknown')).statusCode).toBe(404);
    expect((await readRegistration(t, buyer, event.id)).json().data.status).toBe('pending');
    expect((await decide(staff.cookie, registrationId, { decision: 'approve' })).statusCode).toBe(200);
    expect((await decide('', registrationId, { decision: 'approve' })).statusCode).toBe(401);
  });
});
