import { auditLog, depositHolds, registrations, sessions } from '@lotline/db/schema';
import { LOT_STATUS } from '@lotline/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { type Bidder, bid, bidder, lotState, openLot } from '../bidding/test-helpers';
import { get, PASSWORD, post, signUpUser, tokenMailedTo } from '../identity/test-helpers';
import { auction, bidder as cardHolder, jobDeps, register, sandboxHoldsOf } from '../registrations/test-helpers';
import { releaseIdleDeposits } from '../staff-events/release-idle-deposits';
import { patchUser, STAFF_USERS, signUpWithRoles, staffRequest, userRecord } from './test-helpers';

describe('staff disable and re-enable a user, and send a password reset', () => {
  let t: TestApp;
  let staff: { id: string; cookie: string };
  let admin: { id: string; cookie: string };
  beforeAll(async () => {
    t = await createTestApp();
    staff = await signUpWithRoles(t, ['staff']);
    admin = await signUpWithRoles(t, ['admin']);
  });
  afterAll(() => t.close());

  const signIn = (email: string, password = PASSWORD) => post(t, '/marketplace-api/auth/sign-in', { email, password });

  it('disabling ends the sessions at once and sign-in answers 403 ACCOUNT_DISABLED; enabling lets it in again', async () => {
    const user = await signUpUser(t);
    expect((await get(t, '/marketplace-api/users/me', user.cookie)).statusCode).toBe(200);

    const disabled = await patchUser(t, staff.cookie, user.id, { disabled: true });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().data.user).toMatchObject({ id: user.id, disabled: true });
    const shown = await staffRequest(t, 'GET', `${STAFF_USERS}/${user.id}`, staff.cookie);
    expect(shown.json().data.user).toEqual(disabled.json().data.user);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    const me = await get(t, '/marketplace-api/users/me', user.cookie);
    expect(me.statusCode).toBe(401);

    const refused = await signIn(user.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].code).toBe('ACCOUNT_DISABLED');
    expect(refused.headers['set-cookie']).toBeUndefined();
    // A wrong password still says only that: the disabled state is told to the owner of the password alone.
    expect((await signIn(user.email, 'wrong password!')).json().errors[0].code).toBe('INVALID_CREDENTIALS');
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);

    const enabled = await patchUser(t, staff.cookie, user.id, { disabled: false });
    expect(enabled.json().data.user.disabled).toBe(false);
    expect((await signIn(user.email)).statusCode).toBe(200);
    expect((await userRecord(t, user.id)).audit).toEqual([
      { action: 'user.disable', actorId: staff.id, before: { disabled: false }, after: { disabled: true } },
      { action: 'user.enable', actorId: staff.id, before: { disabled: true }, after: { disabled: false } },
    ]);
  });

  it('an unchanged value writes nothing to the audit log', async () => {
    const user = await signUpUser(t);
    expect((await patchUser(t, admin.cookie, user.id, { disabled: false, roles: [] })).statusCode).toBe(200);
    expect((await userRecord(t, user.id)).audit).toEqual([]);
  });

  it('disabling a staff account is for an admin: staff get 403, an admin may', async () => {
    const colleague = await signUpWithRoles(t, ['staff']);
    const refused = await patchUser(t, staff.cookie, colleague.id, { disabled: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].code).toBe('FORBIDDEN');
    expect((await userRecord(t, colleague.id)).user?.disabled).toBe(false);
    expect((await patchUser(t, admin.cookie, colleague.id, { disabled: true })).statusCode).toBe(200);
  });

  it('sends the normal password reset mail (202), audited', async () => {
    const user = await signUpUser(t);
    const res = await staffRequest(t, 'POST', `${STAFF_USERS}/${user.id}/password-reset`, staff.cookie);
    expect(res.statusCode).toBe(202);
    const token = await tokenMailedTo(t, user.email, '/reset-password');
    const reset = await post(t, '/marketplace-api/auth/password-reset/confirm', {
      token,
      password: 'a brand new secret',
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(user.email, 'a brand new secret')).statusCode).toBe(200);
    expect((await userRecord(t, user.id)).audit).toEqual([
      { action: 'user.password-reset', actorId: staff.id, before: null, after: { email: user.email } },
    ]);
  });

  it.each([
    ['GET', () => STAFF_USERS, undefined],
    ['GET', (id: string) => `${STAFF_USERS}/${id}`, undefined],
    ['PATCH', (id: string) => `${STAFF_USERS}/${id}`, { disabled: true, roles: ['admin'] }],
    ['POST', (id: string) => `${STAFF_USERS}/${id}/password-reset`, undefined],
  ] as const)('%s answers a visitor 401 and a buyer or seller 403, nothing changed', async (method, path, body) => {
    const target = await signUpUser(t);
    const before = await userRecord(t, target.id);
    const visitor = await staffRequest(t, method, path(target.id), undefined, body);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().errors[0].code).toBe('UNAUTHENTICATED');
    for (const roles of [[], ['seller']] as const) {
      const other = await signUpWithRoles(t, [...roles]);
      const res = await staffRequest(t, method, path(target.id), other.cookie, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().errors[0].code).toBe('FORBIDDEN');
    }
    expect(await userRecord(t, target.id)).toEqual(before);
  });
});

describe("a disabled user's standing bids and deposit holds (decision 0082)", () => {
  let t: TestApp;
  let staff: { id: string; cookie: string };
  beforeAll(async () => {
    t = await createTestApp();
    staff = await signUpWithRoles(t, ['staff']);
  });
  afterAll(() => t.close());

  const bids = async (lotId: string, sequence: [Bidder, number, number?][]) => {
    for (const [who, amount, maxAmount] of sequence) {
      const res = await bid(t, who, lotId, maxAmount === undefined ? { amount } : { amount, maxAmount });
      expect(res.statusCode, JSON.stringify(res.json())).toBe(201);
    }
  };
  const lotOf = async (lotId: string) => (await lotState(t, lotId)).lot;

  it('withdraws their maxima on open lots: each lot is what the engine gives without them; closed lots stay', async () => {
    const { event, lot } = await openLot(t, { reserve: 180_000 });
    const twin = await t.make.lot({
      eventId: event.id,
      companyId: event.companyId,
      startAt: lot.startAt,
      endedAt: lot.endedAt,
      scheduledEndAt: lot.scheduledEndAt,
      startingBid: lot.startingBid,
      reserveBid: 180_000,
      reserveMet: false,
    });
    const [ann, ben, xavier] = [await bidder(t, event.id), await bidder(t, event.id), await bidder(t, event.id)];
    await bids(lot.id, [
      [ann, 100_000],
      [xavier, 150_000, 300_000],
      [ben, 200_000],
    ]);
    expect((await lotOf(lot.id))?.leader).toBe(xavier.id);
    // The same lot had Xavier never bid: the engine's own answer to compare with.
    await bids(twin.id, [
      [ann, 100_000],
      [ben, 200_000],
    ]);
    const closed = await openLot(t, {
      lot: { status: LOT_STATUS.Sold, leaderUserId: xavier.id, currentBidAmount: 5_000 },
    });
    const before = await lotOf(lot.id);

    expect((await patchUser(t, staff.cookie, xavier.id, { disabled: true })).statusCode).toBe(200);
    const after = await lotOf(lot.id);
    const expected = await lotOf(twin.id);
    expect({
      price: after?.price,
      leader: after?.leader,
      reserveMet: after?.reserveMet,
      bidsCount: after?.bidsCount,
    }).toEqual({
      price: expected?.price,
      leader: ben.id,
      reserveMet: true,
      bidsCount: 2,
    });
    expect(after?.price).toBe(200_000);
    expect(after?.changeSeq).toBeGreaterThan(before?.changeSeq ?? 0);
    const standing = (await lotState(t, lot.id)).standing.find((s) => s.userId === xavier.id);
    expect(standing?.max).toBe(0);
    // The history is append-only: Xavier's rows stay, they no longer count.
    expect((await lotState(t, lot.id)).history.filter((h) => h.userId === xavier.id).length).toBeGreaterThan(0);
    expect(await lotOf(closed.lot.id)).toMatchObject({ leader: xavier.id, price: 5_000 });
    const audit = await t.db
      .select({ action: auditLog.action, actorId: auditLog.actorId, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.targetId, lot.id));
    expect(audit).toEqual([
      {
        action: 'lot.bids-withdrawn',
        actorId: staff.id,
        after: { userId: xavier.id, maxAmount: 0, price: 200_000, leaderId: ben.id, reason: 'account disabled' },
      },
    ]);

    // The others bid on as the engine says: Ann must beat Ben's 200,000, not Xavier's old maximum.
    const res = await bid(t, ann, lot.id, { amount: 210_000 });
    expect(res.statusCode).toBe(201);
    expect((await lotOf(lot.id))?.leader).toBe(ann.id);
  });

  it('a lot where they were the only bidder has no price and no leader after', async () => {
    const { event, lot } = await openLot(t);
    const solo = await bidder(t, event.id);
    await bids(lot.id, [[solo, 100_000, 400_000]]);
    expect((await patchUser(t, staff.cookie, solo.id, { disabled: true })).statusCode).toBe(200);
    expect(await lotOf(lot.id)).toMatchObject({ price: null, leader: null, bidsCount: 0, reserveMet: null });
  });

  it('their deposit holds on events with open lots are released; another bidder keeps theirs', async () => {
    const { event } = await auction(t, { name: 'Yard Sale' });
    const [leaving, staying] = [await cardHolder(t, event.id), await cardHolder(t, event.id)];
    for (const person of [leaving, staying]) expect((await register(t, person, event.id)).statusCode).toBe(201);
    expect((await patchUser(t, staff.cookie, leaving.id, { disabled: true })).statusCode).toBe(200);
    const deps = jobDeps(t);
    expect(await releaseIdleDeposits(deps)).toBe(1);
    expect(await releaseIdleDeposits(deps)).toBe(0);
    const statusOf = async (userId: string) =>
      (
        await t.db
          .select({ status: depositHolds.status })
          .from(registrations)
          .innerJoin(depositHolds, eq(depositHolds.id, registrations.currentHoldId))
          .where(eq(registrations.userId, userId))
      )[0]?.status;
    expect(await statusOf(leaving.id)).toBe('released');
    expect(await statusOf(staying.id)).toBe('held');
    expect((await sandboxHoldsOf(t, leaving.id)).map((h) => h.status)).toEqual(['canceled']);
  });
});
