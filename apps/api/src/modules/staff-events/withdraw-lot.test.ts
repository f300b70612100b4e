import { randomUUID } from 'node:crypto';
import { depositHolds, eventLots, registrations, wishlists } from '@lotline/db/schema';
import { LOT_STATUS } from '@lotline/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { bid, lotState, openLot, bidder as registeredBidder } from '../bidding/test-helpers';
import { get, signUpUser } from '../identity/test-helpers';
import { auction, bidder as cardHolder, register, sandboxHoldsOf } from '../registrations/test-helpers';
import { signUpWithRoles } from '../staff-users/test-helpers';
import { lotRecord, mailsTo, withdraw } from './test-helpers';

describe('staff withdraw a lot (decision 0081)', () => {
  let t: TestApp;
  let staff: { id: string; cookie: string };
  beforeAll(async () => {
    t = await createTestApp();
    staff = await signUpWithRoles(t, ['staff']);
  });
  afterAll(() => t.close());

  it('refuses a visitor (401), a non-staff user (403), a bad reason (400), an unknown lot (404), changing nothing', async () => {
    const { lot } = await openLot(t);
    const customer = await signUpUser(t);
    const cases: [string | undefined, unknown, number, string][] = [
      [undefined, { reason: 'Lot damaged in storage' }, 401, 'UNAUTHENTICATED'],
      [customer.cookie, { reason: 'Lot damaged in storage' }, 403, 'FORBIDDEN'],
      [staff.cookie, {}, 400, 'VALIDATION_FAILED'],
      [staff.cookie, { reason: '  x ' }, 400, 'VALIDATION_FAILED'],
      [staff.cookie, { reason: 'r'.repeat(501) }, 400, 'VALIDATION_FAILED'],
      [staff.cookie, { reason: 'Lot damaged', extra: true }, 400, 'VALIDATION_FAILED'],
      [staff.cookie, { reason: 42 }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [cookie, body, status, code] of cases) {
      const res = await withdraw(t, cookie, lot.id, body);
      expect([res.statusCode, res.json().errors[0].code], JSON.stringify(body)).toEqual([status, code]);
    }
    const bad = await withdraw(t, staff.cookie, lot.id, { reason: '' });
    expect(bad.json().errors[0].message).toMatch(/at least 3 characters/);
    const unknown = await withdraw(t, staff.cookie, 'lot_nope', { reason: 'Lot damaged in storage' });
    expect(unknown.statusCode).toBe(404);
    expect(await lotRecord(t, lot.id)).toEqual({ status: LOT_STATUS.Active, withdrawal: [], audit: [] });
  });

  it('refuses a lot already closed or withdrawn (409), changing nothing', async () => {
    const { lot } = await openLot(t, { lot: { status: LOT_STATUS.Sold } });
    const res = await withdraw(t, staff.cookie, lot.id, { reason: 'Lot damaged in storage' });
    expect([res.statusCode, res.json().errors[0].code]).toEqual([409, 'CONFLICT']);
    expect(res.json().errors[0].message).toMatch(/this one is Sold/);
    expect(await lotRecord(t, lot.id)).toEqual({ status: LOT_STATUS.Sold, withdrawal: [], audit: [] });

    const { lot: open } = await openLot(t);
    expect((await withdraw(t, staff.cookie, open.id, { reason: 'First time' })).statusCode).toBe(200);
    const again = await withdraw(t, staff.cookie, open.id, { reason: 'Second time' });
    expect(again.statusCode).toBe(409);
    const record = await lotRecord(t, open.id);
    expect(record.withdrawal).toEqual([{ reason: 'First time', actorId: staff.id }]);
    expect(record.audit).toHaveLength(1);
  });

  it('withdraws an open lot of any company: Unsold, bids refused, bidder and watcher mailed the reason, audited', async () => {
    const { event, lot } = await openLot(t, { event: { name: 'Quarry Closeout' }, lot: { name: 'Loader 950' } });
    const pat = await registeredBidder(t, event.id, 'Pat Bidder');
    const kim = await registeredBidder(t, event.id, 'Kim Bidder');
    expect((await bid(t, pat, lot.id, { amount: 100_000 })).statusCode).toBe(201);
    const watcher = await signUpUser(t);
    await t.db
      .insert(wishlists)
      .values({ id: `wl_${randomUUID()}`, userId: watcher.id, documentType: 'event-lot', documentId: lot.id });
    const seqBefore = (await lotState(t, lot.id)).lot?.changeSeq ?? 0;

    const reason = 'The seller found the engine block cracked.';
    const res = await withdraw(t, staff.cookie, lot.id, { reason: `  ${reason} ` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      lot: { id: lot.id, status: LOT_STATUS.Unsold, withdrawal: { reason } },
      notified: 2,
    });
    const record = await lotRecord(t, lot.id);
    expect(record).toEqual({
      status: LOT_STATUS.Unsold,
      withdrawal: [{ reason, actorId: staff.id }],
      audit: [
        {
          action: 'lot.withdraw',
          actorId: staff.id,
          before: { status: LOT_STATUS.Active },
          after: { status: LOT_STATUS.Unsold, reason },
        },
      ],
    });
    expect((await lotState(t, lot.id)).lot?.changeSeq).toBeGreaterThan(seqBefore);

    const [mail] = await mailsTo(t, pat.email, 'was withdrawn');
    expect(mail?.subject).toContain('Loader 950');
    expect(mail?.text).toContain(`The reason given: ${reason}`);
    expect(mail?.text).toContain('Quarry Closeout');
    expect((await mailsTo(t, watcher.email, 'was withdrawn'))[0]?.text).toContain('on your watchlist');
    expect(await mailsTo(t, kim.email, 'was withdrawn')).toEqual([]);

    const shown = await get(t, `/marketplace-api/lots/${lot.id}/withdrawal`);
    expect(shown.json().data.withdrawal).toMatchObject({ reason });
    const other = await openLot(t);
    expect((await get(t, `/marketplace-api/lots/${other.lot.id}/withdrawal`)).json().data).toEqual({
      withdrawal: null,
    });

    const refused = await bid(t, kim, lot.id, { amount: 200_000 });
    expect([refused.statusCode, refused.json().errors[0].code]).toEqual([409, 'LOT_NOT_OPEN']);
  });

  it('withdraws a scheduled lot too', async () => {
    const { lot } = await openLot(t, {
      lot: { status: LOT_STATUS.Pending, startAt: new Date(Date.now() + 3_600_000) },
    });
    expect((await withdraw(t, staff.cookie, lot.id, { reason: 'Consigned by mistake' })).statusCode).toBe(200);
    expect((await lotRecord(t, lot.id)).status).toBe(LOT_STATUS.Unsold);
  });

  it('releases the deposit holds once the event has no open lot left, and not before', async () => {
    const { event, lot } = await auction(t, { name: 'Crane Day' });
    const second = await t.make.lot({ companyId: event.companyId, eventId: event.id, status: LOT_STATUS.Active });
    const person = await cardHolder(t, event.id);
    expect((await register(t, person, event.id)).statusCode).toBe(201);
    const holdOf = async () => {
      const [row] = await t.db
        .select({ hold: depositHolds.status, deposit: registrations.depositStatus })
        .from(registrations)
        .innerJoin(depositHolds, eq(depositHolds.id, registrations.currentHoldId))
        .where(eq(registrations.userId, person.id));
      return row;
    };
    expect(await holdOf()).toEqual({ hold: 'held', deposit: 'held' });

    expect((await withdraw(t, staff.cookie, lot.id, { reason: 'Sold privately before the sale' })).statusCode).toBe(
      200,
    );
    expect(await holdOf()).toEqual({ hold: 'held', deposit: 'held' });
    expect(await mailsTo(t, person.email, 'deposit')).toEqual([]);

    expect((await withdraw(t, staff.cookie, second.id, { reason: 'Sold privately too' })).statusCode).toBe(200);
    expect(await holdOf()).toEqual({ hold: 'released', deposit: 'released' });
    expect((await sandboxHoldsOf(t, person.id)).map((h) => h.status)).toEqual(['canceled']);
    const mails = await mailsTo(t, person.email, 'deposit');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('no longer covers a lot you can bid on or win');
    const [lotRow] = await t.db.select({ status: eventLots.status }).from(eventLots).where(eq(eventLots.id, second.id));
    expect(lotRow?.status).toBe(LOT_STATUS.Unsold);
  });
});
