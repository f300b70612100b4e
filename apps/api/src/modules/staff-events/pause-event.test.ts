import { randomUUID } from 'node:crypto';
import { errorEnvelope } from '@lotline/contracts';
import {
  auditLog,
  bids,
  eventLots,
  eventPauses,
  events,
  offers,
  registrations,
  tenders,
  wishlists,
} from '@lotline/db/schema';
import { LOT_STATUS } from '@lotline/domain';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { bid, register as registerDirectly } from '../bidding/test-helpers';
import { closeDueLots } from '../closing/close-due-lots';
import { endDueListings } from '../closing/end-due-listings';
import { closingFixtures } from '../closing/test-fixtures';
import { get, signUpUser } from '../identity/test-helpers';
import { call, offersUrl } from '../offers/test-helpers';
import { buy, stockOf } from '../purchases/test-helpers';
import { bidder, type Person, register } from '../registrations/test-helpers';
import { signUpWithRoles, staffRequest } from '../staff-users/test-helpers';
import { putTender } from '../tenders/test-helpers';
import { mailsTo } from './test-helpers';

/**
 * Staff pause and resume an event (decision 0087): the refusals change nothing; while paused every buyer action
 * answers 409 EVENT_PAUSED and the closing clock leaves the lots alone; the resume moves the ends still running
 * at the pause by the paused time (database clock), soft-close extension included; both are audited and mailed.
 */

const HOUR = 3_600_000;
const pausePath = (eventId: string) => `/marketplace-api/staff/events/${eventId}/pause`;
const resumePath = (eventId: string) => `/marketplace-api/staff/events/${eventId}/resume`;
const errorOf = (res: { statusCode: number; json(): unknown }) => ({
  status: res.statusCode,
  code: errorEnvelope.parse(res.json()).errors[0]?.code,
});
const PAUSED = { status: 409, code: 'EVENT_PAUSED' };

let t: TestApp;
let staff: { id: string; cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  staff = await signUpWithRoles(t, ['staff']);
});
afterAll(() => t.close());

async function record(eventId: string) {
  const pauses = await t.db
    .select({ reason: eventPauses.reason, resumedAt: eventPauses.resumedAt, shiftedMs: eventPauses.shiftedMs })
    .from(eventPauses)
    .where(eq(eventPauses.eventId, eventId));
  const audit = await t.db
    .select({ action: auditLog.action, actorId: auditLog.actorId, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(eq(auditLog.targetId, eventId))
    .orderBy(asc(auditLog.at), asc(auditLog.id));
  return { pauses, audit };
}

/**
 * The `paused` flag of the event's lots on their cards (decision 0093), by lot id: the event page's lot list, and
 * browse (the search read) agreeing on the lots it shows.
 */
async function cardsPaused(eventId: string): Promise<Map<string, boolean>> {
  const search = await get(t, `/marketplace/api/search/lots?event-id=${eventId}&page-size=60`);
  expect(search.statusCode, search.body).toBe(200);
  const esQuery = JSON.stringify({ params: [{ field: 'eventId', op: 'eq', value: eventId }] });
  const list = await get(t, `/marketplace/api/event/event-lots?pageSize=100&esQuery=${encodeURIComponent(esQuery)}`);
  expect(list.statusCode, list.body).toBe(200);
  type Card = { _id: string; _source: { paused: boolean } };
  const flags = (cards: Card[]) => new Map(cards.map((c) => [c._id, c._source.paused]));
  // Browse leaves out a lot past its end; the event page lists it.
  const fromList = flags(list.json().data.eventLots);
  const fromSearch = flags(search.json().data.lots);
  expect(fromSearch.size).toBeGreaterThan(0);
  for (const [id, paused] of fromSearch) expect(fromList.get(id), id).toBe(paused);
  return fromList;
}

/** A lot of the event, open since an hour ago and ending in `endsInMs`. */
const openLotOf = (event: { id: string; companyId: string }, endsInMs: number, over = {}) => {
  const end = new Date(Date.now() + endsInMs);
  return t.make.lot({
    eventId: event.id,
    companyId: event.companyId,
    status: LOT_STATUS.Active,
    startAt: new Date(Date.now() - HOUR),
    endedAt: end,
    scheduledEndAt: end,
    startingBid: 10_000,
    ...over,
  });
};

describe('refusals', () => {
  it('refuses a visitor (401), a non-staff user (403), a bad reason (400), an unknown event (404), changing nothing', async () => {
    const event = await t.make.event();
    const customer = await signUpUser(t);
    const cases: [string | undefined, string, unknown, number, string][] = [
      [undefined, pausePath(event.id), { reason: 'Checking a complaint' }, 401, 'UNAUTHENTICATED'],
      [customer.cookie, pausePath(event.id), { reason: 'Checking a complaint' }, 403, 'FORBIDDEN'],
      [staff.cookie, pausePath(event.id), { reason: 'x' }, 400, 'VALIDATION_FAILED'],
      [staff.cookie, pausePath(event.id), { reason: 'Checking', extra: 1 }, 400, 'VALIDATION_FAILED'],
      [staff.cookie, pausePath('ev_nope'), { reason: 'Checking a complaint' }, 404, 'NOT_FOUND'],
      [undefined, resumePath(event.id), undefined, 401, 'UNAUTHENTICATED'],
      [customer.cookie, resumePath(event.id), undefined, 403, 'FORBIDDEN'],
      [staff.cookie, resumePath('ev_nope'), undefined, 404, 'NOT_FOUND'],
      [staff.cookie, resumePath(event.id), undefined, 409, 'CONFLICT'],
    ];
    for (const [cookie, path, body, status, code] of cases) {
      const res = await staffRequest(t, 'POST', path, cookie, body);
      expect(errorOf(res), `${path} ${JSON.stringify(body)}`).toEqual({ status, code });
    }
    expect(await record(event.id)).toEqual({ pauses: [], audit: [] });
  });

  it('pauses only a published event, once; resumes nothing finalized (409), changing nothing', async () => {
    for (const status of ['draft', 'view-only', 'finalized'] as const) {
      const event = await t.make.event({ status });
      const res = await staffRequest(t, 'POST', pausePath(event.id), staff.cookie, { reason: 'Checking a complaint' });
      expect(errorOf(res)).toEqual({ status: 409, code: 'CONFLICT' });
      expect(res.json().errors[0].message).toContain(`this one is ${status}`);
      expect(await record(event.id)).toEqual({ pauses: [], audit: [] });
    }
    const event = await t.make.event();
    expect((await staffRequest(t, 'POST', pausePath(event.id), staff.cookie, { reason: 'First' })).statusCode).toBe(
      200,
    );
    const again = await staffRequest(t, 'POST', pausePath(event.id), staff.cookie, { reason: 'Second' });
    expect(errorOf(again)).toEqual({ status: 409, code: 'CONFLICT' });
    expect((await record(event.id)).pauses.map((p) => p.reason)).toEqual(['First']);
    // Finalized while paused (its last lot closed): nothing left to resume.
    await t.db.update(events).set({ status: 'finalized' }).where(eq(events.id, event.id));
    expect(errorOf(await staffRequest(t, 'POST', resumePath(event.id), staff.cookie))).toEqual({
      status: 409,
      code: 'CONFLICT',
    });
    expect((await record(event.id)).pauses).toEqual([{ reason: 'First', resumedAt: null, shiftedMs: null }]);
  });
});

describe('a paused event', () => {
  let event: { id: string; companyId: string; name: string };
  let auctionId: string;
  let tenderId: string;
  let itemId: string;
  let dueId: string;
  let buyer: Person;
  let watcher: Person;
  const reason = 'A buyer reported the lots mislabelled; we are checking.';

  beforeAll(async () => {
    event = await t.make.event({ name: 'Foundry Liquidation' });
    auctionId = (await openLotOf(event, 24 * HOUR, { name: 'Ladle crane' })).id;
    tenderId = (await openLotOf(event, 24 * HOUR, { type: 'TenderLot' })).id;
    const item = { type: 'BuyItNowItem' as const, buyItNowPrice: 100_000, quantity: 3, bestOfferEnabled: true };
    itemId = (await openLotOf(event, 24 * HOUR, item)).id;
    buyer = await bidder(t, event.id);
    await registerDirectly(t, buyer.id, event.id);
    expect((await bid(t, buyer, auctionId, { amount: 10_000 })).statusCode).toBe(201);
    watcher = await signUpUser(t);
    await t.db
      .insert(wishlists)
      .values({ id: `wl_${randomUUID()}`, userId: watcher.id, documentType: 'event-lot', documentId: auctionId });
    const res = await staffRequest(t, 'POST', pausePath(event.id), staff.cookie, { reason: ` ${reason} ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.pause).toMatchObject({ reason });
    // A lot whose end comes while the event is paused.
    dueId = (await openLotOf(event, -1_000, { type: 'TenderLot' })).id;
  });

  it('is audited, shown publicly and to staff, and mailed to the bidder and the watcher', async () => {
    const { pauses, audit } = await record(event.id);
    expect(pauses).toEqual([{ reason, resumedAt: null, shiftedMs: null }]);
    expect(audit).toEqual([
      {
        action: 'event.pause',
        actorId: staff.id,
        before: { status: 'published', paused: false },
        after: { status: 'published', paused: true, reason, pausedAt: expect.any(String) },
      },
    ]);
    const shown = await get(t, `/marketplace-api/events/${event.id}/pause`);
    expect(shown.json().data.pause).toMatchObject({ reason });
    expect((await get(t, `/marketplace-api/events/${(await t.make.event()).id}/pause`)).json().data).toEqual({
      pause: null,
    });
    const [mail] = await mailsTo(t, buyer.email, 'is paused');
    expect(mail?.subject).toBe('Bidding on Foundry Liquidation is paused');
    expect(mail?.text).toContain(`The reason given: ${reason}`);
    expect(mail?.text).toContain('Ladle crane');
    expect(await mailsTo(t, watcher.email, 'is paused')).toHaveLength(1);
  });

  it("reads as paused on its lots' cards (browse and the event page), and another event's do not", async () => {
    const shown = await cardsPaused(event.id);
    expect(shown.get(auctionId)).toBe(true);
    expect(shown.get(itemId)).toBe(true);
    expect([...shown.values()].every(Boolean)).toBe(true);
    const other = await t.make.event();
    const otherLot = await openLotOf(other, 24 * HOUR);
    expect((await cardsPaused(other.id)).get(otherLot.id)).toBe(false);
  });

  it('takes no bid, tender, offer, purchase or registration (409 EVENT_PAUSED), and records none', async () => {
    const bidRes = await bid(t, buyer, auctionId, { amount: 20_000 });
    expect(errorOf(bidRes)).toEqual(PAUSED);
    expect(bidRes.json().errors[0].message).toMatch(/paused bidding/);
    expect(await t.db.select({ id: bids.id }).from(bids).where(eq(bids.lotId, auctionId))).toHaveLength(1);
    expect(errorOf(await putTender(t, buyer, tenderId, { amount: 20_000 }))).toEqual(PAUSED);
    expect(await t.db.select().from(tenders).where(eq(tenders.lotId, tenderId))).toEqual([]);
    expect(errorOf(await call(t, buyer, offersUrl(itemId), { amount: 50_000 }))).toEqual(PAUSED);
    expect(await t.db.select().from(offers).where(eq(offers.lotId, itemId))).toEqual([]);
    expect(errorOf(await buy(t, itemId, { cookie: buyer.cookie, key: 'paused-buy' }))).toEqual(PAUSED);
    expect((await stockOf(t, itemId))?.quantity).toBe(3);
    const newcomer = await bidder(t, event.id);
    expect(errorOf(await register(t, newcomer, event.id, { key: 'paused-register' }))).toEqual(PAUSED);
    expect(await t.db.select().from(registrations).where(eq(registrations.userId, newcomer.id))).toEqual([]);
  });

  it('is left alone by the closing clock, then resumed: the running ends move by the paused time', async () => {
    const auction = await openLotOf(event, 2 * HOUR);
    const fx = closingFixtures(t.db);
    // Another of the event's auction lots is past its end during the pause: the clock does not close it.
    const overdue = await openLotOf(event, -1_000);
    await closeDueLots(t.db, fx.deps);
    await endDueListings(t.db);
    const statuses = await t.db
      .select({ id: eventLots.id, status: eventLots.status })
      .from(eventLots)
      .where(sql`${eventLots.id} in (${overdue.id}, ${dueId})`);
    expect(statuses.map((s) => s.status)).toEqual([LOT_STATUS.Active, LOT_STATUS.Active]);

    // The pause began ten minutes ago; a soft close had extended one lot by 5 minutes; another had ended before.
    await t.db
      .update(eventPauses)
      .set({ pausedAt: sql`${eventPauses.pausedAt} - interval '10 minutes'` })
      .where(eq(eventPauses.eventId, event.id));
    await t.db
      .update(eventLots)
      .set({ endedAt: sql`${eventLots.scheduledEndAt} + interval '5 minutes'` })
      .where(eq(eventLots.id, auction.id));
    await t.db
      .update(eventLots)
      .set({ endedAt: sql`clock_timestamp() - interval '20 minutes'` })
      .where(eq(eventLots.id, overdue.id));
    const endsOf = async () =>
      new Map(
        (
          await t.db
            .select({ id: eventLots.id, ended: eventLots.endedAt, scheduled: eventLots.scheduledEndAt })
            .from(eventLots)
            .where(eq(eventLots.eventId, event.id))
        ).map((l) => [l.id, { ended: l.ended?.getTime() ?? 0, scheduled: l.scheduled?.getTime() ?? 0 }]),
      );
    const [eventBefore] = await t.db.select({ end: events.endAt }).from(events).where(eq(events.id, event.id));
    const before = await endsOf();

    const res = await staffRequest(t, 'POST', resumePath(event.id), staff.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.pause).toBeNull();
    const [pause] = (await record(event.id)).pauses;
    const shift = pause?.shiftedMs ?? 0;
    // Ten minutes, plus the moments the test took since (the database clock's, not this process's).
    expect(shift).toBeGreaterThanOrEqual(10 * 60_000);
    expect(shift).toBeLessThan(15 * 60_000);
    const after = await endsOf();
    const moved = (id: string) => {
      const [b, a] = [before.get(id), after.get(id)];
      return { ended: (a?.ended ?? 0) - (b?.ended ?? 0), scheduled: (a?.scheduled ?? 0) - (b?.scheduled ?? 0) };
    };
    const near = (ms: number) => Math.abs(ms - shift) <= 1;
    for (const id of [auctionId, tenderId, itemId, auction.id, dueId]) {
      const m = moved(id);
      expect([near(m.ended), near(m.scheduled)], id).toEqual([true, true]);
    }
    // The extension is kept (the soft-close cap counts from the moved scheduled end); an end before the pause stays.
    const extended = after.get(auction.id);
    expect((extended?.ended ?? 0) - (extended?.scheduled ?? 0)).toBe(5 * 60_000);
    expect(moved(overdue.id)).toEqual({ ended: 0, scheduled: 0 });
    const [eventAfter] = await t.db.select({ end: events.endAt }).from(events).where(eq(events.id, event.id));
    expect(near((eventAfter?.end.getTime() ?? 0) - (eventBefore?.end.getTime() ?? 0))).toBe(true);

    expect((await record(event.id)).audit.at(-1)).toEqual({
      action: 'event.resume',
      actorId: staff.id,
      before: { paused: true, reason, pausedAt: expect.any(String) },
      after: { paused: false, shiftedMs: shift, lotsMoved: 5 },
    });
    expect([...(await cardsPaused(event.id)).values()].some(Boolean)).toBe(false);
    const [mail] = await mailsTo(t, buyer.email, 'has resumed');
    expect(mail?.text).toMatch(/Ladle crane” now ends /);
    expect((await bid(t, buyer, auctionId, { amount: 20_000 })).statusCode).toBe(201);
    // The lot whose end passed before the pause closes at the clock's next run.
    await closeDueLots(t.db, fx.deps);
    const [closed] = await t.db
      .select({ status: eventLots.status })
      .from(eventLots)
      .where(eq(eventLots.id, overdue.id));
    expect(closed?.status).toBe(LOT_STATUS.Unsold);
  });
});
