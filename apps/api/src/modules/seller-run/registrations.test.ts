import { auditLog, registrations } from '@lotline/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { latestMailTo } from '../identity/test-helpers';
import { sandboxHoldsOf } from '../registrations/test-helpers';
import { api, type SellerScene, sellerScene } from '../seller-events/test-helpers';
import { decisionPath, pendingRegistration, runPath } from './test-helpers';

/** The seller console's registrations of an event (decision 0052): the queue and the decision. */
describe('seller registrations', () => {
  let t: TestApp;
  let s: SellerScene;
  beforeAll(async () => {
    t = await createTestApp();
    s = await sellerScene(t);
  });
  afterAll(() => t.close());

  const stored = async (id: string) => (await t.db.select().from(registrations).where(eq(registrations.id, id)))[0];

  it('lists the pending registration with the bidder, deposit and verification, and filters by status', async () => {
    const { event, person, registrationId } = await pendingRegistration(t, s.company.id);
    const res = await api.get(t, s.seller, runPath(event.id, 'registrations'));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      registrations: [
        {
          _id: registrationId,
          user: { id: person.id, name: 'Pat Buyer', email: person.email },
          status: 'pending',
          deposit: { amount: 50_000, currency: 'USD', status: 'held', expiresAt: expect.any(String) },
          // The helper's bidder has the stored verification but never activated the e-mail.
          verification: { verified: true, activated: false },
          registeredAt: expect.any(String),
          decidedAt: null,
          bidLimit: null,
          currency: 'USD',
        },
      ],
      approvalRequired: true,
      pagination: { pageNumber: 1, pageSize: 50, totalItems: 1, totalPages: 1 },
    });
    const approvedOnly = await api.get(t, s.seller, `${runPath(event.id, 'registrations')}?status=approved`);
    expect(approvedOnly.json().data.registrations).toEqual([]);
    expect(approvedOnly.json().data.pagination.totalItems).toBe(0);
    const bad = await api.get(t, s.seller, `${runPath(event.id, 'registrations')}?status=maybe`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].code).toBe('VALIDATION_FAILED');
  });

  it('refuses a visitor (401), another company and a buyer (403), an unknown event (404)', async () => {
    const { event } = await pendingRegistration(t, s.company.id);
    const path = runPath(event.id, 'registrations');
    expect((await api.get(t, null, path)).statusCode).toBe(401);
    expect((await api.get(t, s.other, path)).statusCode).toBe(403);
    expect((await api.get(t, s.buyer, path)).json().errors[0]).toEqual({
      code: 'FORBIDDEN',
      message: 'Only the users of a seller company have a seller console.',
    });
    expect((await api.get(t, s.seller, runPath('evt_nope', 'registrations'))).statusCode).toBe(404);
  });

  it('approves through the shared use-case: the bidder is e-mailed, the same decision again is 200, the other 409', async () => {
    const { event, person, registrationId } = await pendingRegistration(t, s.company.id, 'Mill Auction');
    const res = await api.post(t, s.seller, decisionPath(event.id, registrationId), { decision: 'approve' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: registrationId, status: 'approved', decidedAt: expect.any(String) });
    expect((await latestMailTo(t, person.email))?.subject).toBe('You are approved to bid in Mill Auction');
    expect(
      (await api.post(t, s.seller, decisionPath(event.id, registrationId), { decision: 'approve' })).statusCode,
    ).toBe(200);
    const late = await api.post(t, s.seller, decisionPath(event.id, registrationId), { decision: 'decline' });
    expect(late.statusCode).toBe(409);
    expect(late.json().errors[0]).toEqual({ code: 'CONFLICT', message: 'This registration was already approved.' });
    expect((await stored(registrationId))?.depositStatus).toBe('held');
  });

  it('approves with a bid limit in the event’s currency: stored, shown in the list, audited as the seller’s', async () => {
    const { event, registrationId } = await pendingRegistration(t, s.company.id, 'Limit Auction');
    const path = decisionPath(event.id, registrationId);
    for (const bidLimit of [0, 1.5, '5000']) {
      expect((await api.post(t, s.seller, path, { decision: 'approve', bidLimit })).statusCode, String(bidLimit)).toBe(
        400,
      );
    }
    expect((await stored(registrationId))?.status).toBe('pending');
    const res = await api.post(t, s.seller, path, { decision: 'approve', bidLimit: 750_000 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'approved', bidLimit: { amount: 750_000, currency: 'USD' } });
    expect((await stored(registrationId))?.bidLimitMinor).toBe(750_000);
    const listed = await api.get(t, s.seller, `${runPath(event.id, 'registrations')}?status=approved`);
    expect(listed.json().data.registrations[0].bidLimit).toEqual({ amount: 750_000, currency: 'USD' });
    const [entry] = await t.db
      .select({ actorId: auditLog.actorId, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, registrationId), eq(auditLog.action, 'registration.approve')));
    expect(entry).toEqual({
      actorId: s.seller.id,
      after: expect.objectContaining({ status: 'approved', bidLimit: { amount: 750_000, currency: 'USD' } }),
    });
  });

  it('declines with a reason: the hold is released and the reason reaches the bidder', async () => {
    const { event, person, registrationId } = await pendingRegistration(t, s.company.id, 'Yard Sale');
    const res = await api.post(t, s.seller, decisionPath(event.id, registrationId), {
      decision: 'decline',
      reason: '  Local buyers only.  ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'declined', deposit: { status: 'released' } });
    expect(await sandboxHoldsOf(t, person.id)).toMatchObject([{ status: 'canceled' }]);
    const mail = await latestMailTo(t, person.email);
    expect(mail?.subject).toBe('Your registration for Yard Sale was declined');
    expect(mail?.text).toContain("The seller's reason: Local buyers only.");
  });

  it('refuses bad bodies, strangers, unknown ids and another event’s registration, and changes nothing', async () => {
    const { event, registrationId } = await pendingRegistration(t, s.company.id);
    const other = await pendingRegistration(t, s.company.id, 'Another Event');
    const path = decisionPath(event.id, registrationId);
    const refusals: [Parameters<typeof api.post>[1], string, unknown, number][] = [
      [s.seller, path, { decision: 'maybe' }, 400],
      [s.seller, path, { decision: 'decline', reason: 'x'.repeat(501) }, 400],
      [s.seller, path, { decision: 'approve', extra: 1 }, 400],
      [null, path, { decision: 'approve' }, 401],
      [s.other, path, { decision: 'approve' }, 403],
      [s.buyer, path, { decision: 'approve' }, 403],
      [s.seller, decisionPath('evt_nope', registrationId), { decision: 'approve' }, 404],
      [s.seller, decisionPath(event.id, 'reg_nope'), { decision: 'approve' }, 404],
      // A registration of another event of the same company is not in this event.
      [s.seller, decisionPath(event.id, other.registrationId), { decision: 'approve' }, 404],
    ];
    for (const [who, url, body, status] of refusals) {
      const res = await api.post(t, who, url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(status);
    }
    expect(await stored(registrationId)).toMatchObject({ status: 'pending', depositStatus: 'held', decidedAt: null });
    expect(await stored(other.registrationId)).toMatchObject({ status: 'pending', decidedAt: null });
  });

  it('the staff paths refuse the event’s seller (contract §6); the console’s bid limit is scoped to the event', async () => {
    const { event, registrationId } = await pendingRegistration(t, s.company.id);
    const other = await pendingRegistration(t, s.company.id, 'Another Event');
    const staffPath = `/marketplace-api/staff/registrations/${registrationId}`;
    const refused = await api.post(t, s.seller, `${staffPath}/decision`, { decision: 'approve' });
    expect([refused.statusCode, refused.json().errors[0].code]).toEqual([403, 'FORBIDDEN']);
    expect((await api.put(t, s.seller, `${staffPath}/bid-limit`, { bidLimit: 1_000 })).statusCode).toBe(403);
    expect(await stored(registrationId)).toMatchObject({ status: 'pending', bidLimitMinor: null });

    expect(
      (await api.post(t, s.seller, decisionPath(event.id, registrationId), { decision: 'approve' })).statusCode,
    ).toBe(200);
    const limitPath = (eventId: string, id: string) => runPath(eventId, `registrations/${id}/bid-limit`);
    const refusals: [Parameters<typeof api.put>[1], string, unknown, number][] = [
      [s.seller, limitPath(event.id, registrationId), { bidLimit: 0 }, 400],
      [s.seller, limitPath(event.id, registrationId), {}, 400],
      [null, limitPath(event.id, registrationId), { bidLimit: 1_000 }, 401],
      [s.other, limitPath(event.id, registrationId), { bidLimit: 1_000 }, 403],
      [s.buyer, limitPath(event.id, registrationId), { bidLimit: 1_000 }, 403],
      [s.seller, limitPath(event.id, other.registrationId), { bidLimit: 1_000 }, 404],
    ];
    for (const [who, url, body, status] of refusals) {
      expect((await api.put(t, who, url, body)).statusCode, `${url} ${JSON.stringify(body)}`).toBe(status);
    }
    expect(await stored(registrationId)).toMatchObject({ status: 'approved', bidLimitMinor: null });
    const set = await api.put(t, s.seller, limitPath(event.id, registrationId), { bidLimit: 250_000 });
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toMatchObject({ _id: registrationId, bidLimit: { amount: 250_000, currency: 'USD' } });
    expect((await stored(registrationId))?.bidLimitMinor).toBe(250_000);
  });
});
