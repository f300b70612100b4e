import { auditLog, lotBidders, registrations, users } from '@lotline/db/schema';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { bid } from '../bidding/test-helpers';
import { freshIp, ORIGIN } from '../identity/test-helpers';
import { sellerOf } from '../messaging/test-helpers';
import { auction, bidder, type Person, register } from './test-helpers';

/** BIDDING §8's bid limit (decision 0080): set with the approval, enforced by the engine, raised or lowered later. */
describe('bid limits', () => {
  let t: TestApp;
  let staff: Person;
  beforeAll(async () => {
    t = await createTestApp();
    staff = await bidder(t, undefined, null);
    await t.db
      .update(users)
      .set({ roles: ['staff'] })
      .where(eq(users.id, staff.id));
  });
  afterAll(() => t.close());

  const send = (method: 'POST' | 'PUT', url: string, cookie: string, body: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { origin: ORIGIN, cookie, 'content-type': 'application/json', 'x-forwarded-for': freshIp() },
      payload: JSON.stringify(body),
    });
  const decide = (cookie: string, id: string, body: unknown) =>
    send('POST', `/marketplace-api/staff/registrations/${id}/decision`, cookie, body);
  const setLimit = (cookie: string, id: string, body: unknown) =>
    send('PUT', `/marketplace-api/staff/registrations/${id}/bid-limit`, cookie, body);
  // The event's seller has the seller console's routes (the staff paths answer it 403: decision 0098).
  const console = (eventId: string, id: string) => `/marketplace-api/seller/events/${eventId}/registrations/${id}`;

  async function pendingScene() {
    const { event, lot } = await auction(t, { registrationApprovalRequired: true, bidDepositAmount: null });
    const buyer = await bidder(t, event.id);
    expect((await register(t, buyer, event.id)).statusCode).toBe(201);
    const [row] = await t.db
      .select({ id: registrations.id })
      .from(registrations)
      .where(and(eq(registrations.userId, buyer.id), eq(registrations.eventId, event.id)));
    if (!row) throw new Error('no registration');
    return { event, lot, buyer, registrationId: row.id };
  }
  const limitOf = async (id: string) =>
    (await t.db.select({ l: registrations.bidLimitMinor }).from(registrations).where(eq(registrations.id, id)))[0]?.l;
  const auditOf = (id: string) =>
    t.db
      .select({ actorId: auditLog.actorId, action: auditLog.action, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.targetId, id))
      .orderBy(asc(auditLog.at), asc(auditLog.id));

  it('staff approve with a limit; a bid (or maximum) above it is refused naming it, one at it is placed', async () => {
    const { lot, buyer, registrationId } = await pendingScene();
    const approved = await decide(staff.cookie, registrationId, { decision: 'approve', bidLimit: 500_000 });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'approved', bidLimit: { amount: 500_000, currency: 'USD' } });

    const over = await bid(t, buyer, lot.id, { amount: 500_100 });
    expect(over.statusCode).toBe(403);
    expect(over.json().errors[0]).toEqual({
      code: 'BID_LIMIT',
      message: 'Your bid limit for this event is $5,000.',
      field: 'amount',
    });
    const overMax = await bid(t, buyer, lot.id, { amount: 100_000, maxAmount: 600_000 });
    expect(overMax.statusCode).toBe(403);
    expect(overMax.json().errors[0]).toMatchObject({ code: 'BID_LIMIT', field: 'maxAmount' });
    // A refusal places nothing.
    expect(await t.db.select().from(lotBidders).where(eq(lotBidders.lotId, lot.id))).toEqual([]);

    const within = await bid(t, buyer, lot.id, { amount: 100_000, maxAmount: 500_000 });
    expect(within.statusCode).toBe(201);
    expect(await auditOf(registrationId)).toEqual([
      {
        actorId: staff.id,
        action: 'registration.approve',
        before: { status: 'pending' },
        after: { status: 'approved', bidLimit: { amount: 500_000, currency: 'USD' } },
      },
    ]);
  });

  it('a limit is raised any time, never lowered below a standing maximum, and each change is audited (the seller’s approval too: decision 0088)', async () => {
    const { event, lot, buyer, registrationId } = await pendingScene();
    const seller = await sellerOf(t, event.companyId);
    const approval = { decision: 'approve', bidLimit: 300_000 };
    expect(
      (await send('POST', `${console(event.id, registrationId)}/decision`, seller.cookie, approval)).statusCode,
    ).toBe(200);
    expect((await bid(t, buyer, lot.id, { amount: 100_000, maxAmount: 250_000 })).statusCode).toBe(201);

    const lower = await send('PUT', `${console(event.id, registrationId)}/bid-limit`, seller.cookie, {
      bidLimit: 200_000,
    });
    expect(lower.statusCode).toBe(409);
    expect(lower.json().errors[0]).toEqual({
      code: 'CONFLICT',
      message: 'The bidder already has a maximum bid of $2,500 standing in this event: the limit cannot go below it.',
      field: 'bidLimit',
    });
    expect(await limitOf(registrationId)).toBe(300_000);

    // Down to the standing maximum is allowed; then up, and lifted.
    expect((await setLimit(staff.cookie, registrationId, { bidLimit: 250_000 })).json().data.bidLimit).toEqual({
      amount: 250_000,
      currency: 'USD',
    });
    expect((await bid(t, buyer, lot.id, { amount: 100_000, maxAmount: 260_000 })).json().errors[0].code).toBe(
      'BID_LIMIT',
    );
    expect((await setLimit(staff.cookie, registrationId, { bidLimit: 1_000_000 })).statusCode).toBe(200);
    expect((await bid(t, buyer, lot.id, { amount: 100_000, maxAmount: 900_000 })).statusCode).toBe(201);
    expect((await setLimit(staff.cookie, registrationId, { bidLimit: null })).json().data.bidLimit).toBeNull();

    const actions = (await auditOf(registrationId)).map((e) => [e.action, e.actorId, e.before, e.after]);
    expect(actions).toEqual([
      [
        'registration.approve',
        seller.id,
        { status: 'pending' },
        { status: 'approved', bidLimit: { amount: 300_000, currency: 'USD' } },
      ],
      [
        'registration.bid-limit',
        staff.id,
        { bidLimit: { amount: 300_000, currency: 'USD' } },
        { bidLimit: { amount: 250_000, currency: 'USD' }, asStaff: true },
      ],
      [
        'registration.bid-limit',
        staff.id,
        { bidLimit: { amount: 250_000, currency: 'USD' } },
        { bidLimit: { amount: 1_000_000, currency: 'USD' }, asStaff: true },
      ],
      [
        'registration.bid-limit',
        staff.id,
        { bidLimit: { amount: 1_000_000, currency: 'USD' } },
        { bidLimit: null, asStaff: true },
      ],
    ]);
  });

  it('refuses bad limits, a limit with a decline, strangers and one’s own registration, changing nothing', async () => {
    const { buyer, registrationId } = await pendingScene();
    for (const bidLimit of [0, -5, 1.5, '5000', 1_000_000_000_001]) {
      const answer = await decide(staff.cookie, registrationId, { decision: 'approve', bidLimit });
      expect(answer.statusCode, String(bidLimit)).toBe(400);
      expect((await setLimit(staff.cookie, registrationId, { bidLimit })).statusCode).toBe(400);
    }
    const declineWithLimit = await decide(staff.cookie, registrationId, { decision: 'decline', bidLimit: 100 });
    expect(declineWithLimit.statusCode).toBe(400);
    expect(declineWithLimit.json().errors[0].message).toBe('A bid limit goes with an approval only.');
    expect((await setLimit(staff.cookie, registrationId, {})).statusCode).toBe(400);
    const stranger = await bidder(t, undefined);
    expect((await setLimit(stranger.cookie, registrationId, { bidLimit: 100 })).statusCode).toBe(403);
    expect((await setLimit(buyer.cookie, registrationId, { bidLimit: 100 })).statusCode).toBe(403);
    expect((await setLimit('', registrationId, { bidLimit: 100 })).statusCode).toBe(401);
    expect((await setLimit(staff.cookie, 'reg_unknown', { bidLimit: 100 })).statusCode).toBe(404);
    expect(await limitOf(registrationId)).toBeNull();
    expect(await auditOf(registrationId)).toEqual([]);

    // Staff never set the limit of their own registration (OWN_RECORD).
    const { event } = await auction(t, { registrationApprovalRequired: true, bidDepositAmount: null });
    const ownStaff = await bidder(t, event.id);
    await t.db
      .update(users)
      .set({ roles: ['staff'] })
      .where(eq(users.id, ownStaff.id));
    expect((await register(t, ownStaff, event.id)).statusCode).toBe(201);
    const [own] = await t.db.select().from(registrations).where(eq(registrations.userId, ownStaff.id));
    const refused = await setLimit(ownStaff.cookie, own?.id as string, { bidLimit: 100 });
    expect(refused.json().errors[0].code).toBe('OWN_RECORD');

    // A declined registration has no limit to change.
    expect((await decide(staff.cookie, registrationId, { decision: 'decline' })).statusCode).toBe(200);
    expect((await setLimit(staff.cookie, registrationId, { bidLimit: 100 })).statusCode).toBe(409);
  });
});
