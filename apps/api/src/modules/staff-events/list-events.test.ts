import { auditLog } from '@lotline/db/schema';
import { LOT_STATUS } from '@lotline/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signUpUser } from '../identity/test-helpers';
import { signUpWithRoles, staffRequest } from '../staff-users/test-helpers';
import { withdraw } from './test-helpers';

describe('staff events across companies (decision 0081)', () => {
  let t: TestApp;
  let staff: { id: string; cookie: string };
  beforeAll(async () => {
    t = await createTestApp();
    staff = await signUpWithRoles(t, ['staff']);
  });
  afterAll(() => t.close());

  const list = (query: string, cookie = staff.cookie) =>
    staffRequest(t, 'GET', `/marketplace-api/staff/events${query}`, cookie);

  it("finds any company's events by event or company name and by status; 400 on a bad status", async () => {
    const mine = await t.make.company({ name: 'Zephyr 100% Equipment' });
    const a = await t.make.event({ companyId: mine.id, name: 'Spring Fleet Dispersal', status: 'published' });
    const b = await t.make.event({ companyId: mine.id, name: 'Autumn Draft', status: 'draft' });
    const byCompany = (await list('?q=zephyr%20100%25')).json().data;
    expect(byCompany.events.map((e: { id: string }) => e.id).sort()).toEqual([a.id, b.id].sort());
    expect(byCompany.events[0].company).toEqual({ id: mine.id, name: 'Zephyr 100% Equipment' });
    const drafts = (await list('?q=zephyr&status=draft')).json().data;
    expect(drafts.events.map((e: { id: string }) => e.id)).toEqual([b.id]);
    expect((await list('?q=fleet%20dispersal')).json().data.events.map((e: { id: string }) => e.id)).toEqual([a.id]);
    const bad = await list('?status=closed');
    expect([bad.statusCode, bad.json().errors[0].code]).toEqual([400, 'VALIDATION_FAILED']);
    expect((await list('?extra=1')).statusCode).toBe(400);
  });

  it('shows an event with its lots, which may be withdrawn and why one was', async () => {
    const event = await t.make.event({ name: 'Quarry Day' });
    const open = await t.make.lot({
      eventId: event.id,
      companyId: event.companyId,
      status: LOT_STATUS.Active,
      number: '1',
    });
    const sold = await t.make.lot({
      eventId: event.id,
      companyId: event.companyId,
      status: LOT_STATUS.Sold,
      number: '2',
    });
    const gone = await t.make.lot({
      eventId: event.id,
      companyId: event.companyId,
      status: LOT_STATUS.Active,
      number: '3',
    });
    expect((await withdraw(t, staff.cookie, gone.id, { reason: 'Damaged in transit' })).statusCode).toBe(200);
    const res = await staffRequest(t, 'GET', `/marketplace-api/staff/events/${event.id}`, staff.cookie);
    expect(res.statusCode).toBe(200);
    const { event: shown, lots } = res.json().data;
    expect(shown).toMatchObject({ id: event.id, name: 'Quarry Day', lotsCount: 3 });
    const byId = Object.fromEntries(lots.map((l: { id: string }) => [l.id, l]));
    expect(byId[open.id]).toMatchObject({ withdrawable: true, withdrawal: null });
    expect(byId[sold.id]).toMatchObject({ withdrawable: false, withdrawal: null });
    expect(byId[gone.id]).toMatchObject({
      withdrawable: false,
      status: LOT_STATUS.Unsold,
      withdrawal: { reason: 'Damaged in transit' },
    });
    expect((await staffRequest(t, 'GET', '/marketplace-api/staff/events/evt_nope', staff.cookie)).statusCode).toBe(404);
  });

  it('answers a visitor 401 and a customer 403', async () => {
    const event = await t.make.event();
    const customer = await signUpUser(t);
    for (const path of ['/marketplace-api/staff/events', `/marketplace-api/staff/events/${event.id}`]) {
      expect((await staffRequest(t, 'GET', path, undefined)).statusCode).toBe(401);
      const res = await staffRequest(t, 'GET', path, customer.cookie);
      expect([res.statusCode, res.json().errors[0].code]).toEqual([403, 'FORBIDDEN']);
    }
  });
});

describe('staff finalize an event (decision 0081)', () => {
  let t: TestApp;
  let staff: { id: string; cookie: string };
  beforeAll(async () => {
    t = await createTestApp();
    staff = await signUpWithRoles(t, ['staff']);
  });
  afterAll(() => t.close());

  const finalize = (eventId: string, cookie: string | null = staff.cookie) =>
    staffRequest(t, 'POST', `/marketplace-api/staff/events/${eventId}/finalize`, cookie ?? undefined);
  const statusOf = async (eventId: string) =>
    (await staffRequest(t, 'GET', `/marketplace-api/staff/events/${eventId}`, staff.cookie)).json().data.event.status;

  it('refuses while a lot is open (409), a draft (409), a visitor (401) and a customer (403), changing nothing', async () => {
    const event = await t.make.event({ status: 'published' });
    const lot = await t.make.lot({
      eventId: event.id,
      companyId: event.companyId,
      status: LOT_STATUS.Active,
      number: '7',
    });
    const open = await finalize(event.id);
    expect([open.statusCode, open.json().errors[0].code]).toEqual([409, 'CONFLICT']);
    expect(open.json().errors[0].message).toMatch(/Lot 7 has not closed yet/);
    expect((await finalize(event.id, null)).statusCode).toBe(401);
    expect((await finalize(event.id, (await signUpUser(t)).cookie)).statusCode).toBe(403);
    expect(await statusOf(event.id)).toBe('published');
    const draft = await t.make.event({ status: 'draft' });
    expect((await finalize(draft.id)).statusCode).toBe(409);
    expect((await finalize('evt_nope')).statusCode).toBe(404);

    // Once its last lot is withdrawn the event can be finalized; audited.
    expect((await withdraw(t, staff.cookie, lot.id, { reason: 'Pulled by the seller' })).statusCode).toBe(200);
    const done = await finalize(event.id);
    expect(done.statusCode).toBe(200);
    expect(done.json().data.event.status).toBe('finalized');
    const audit = await t.db
      .select({ action: auditLog.action, actorId: auditLog.actorId, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.targetId, event.id));
    expect(audit).toEqual([
      { action: 'event.finalize', actorId: staff.id, before: { status: 'published' }, after: { status: 'finalized' } },
    ]);
    expect((await finalize(event.id)).statusCode).toBe(409);
  });
});
