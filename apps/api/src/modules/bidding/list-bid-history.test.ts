import { bids } from '@lotline/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, url } from '../../test/app';
import { get, signUpUser } from '../identity/test-helpers';
import { history, leadOf, plainUser, standing } from './test-bidding-reads';

describe('GET /marketplace/api/event/event-lots/{eventLotId}/bids', () => {
  let t: TestApp;
  let a: { id: string; cookie: string };
  let b: { id: string; cookie: string };
  let lotId: string;
  let rowIds: string[];
  const path = (id: string) => `/marketplace/api/event/event-lots/${encodeURIComponent(id)}/bids`;
  const read = (query: Record<string, unknown> = {}, cookie?: string, id = lotId) =>
    get(t, url(path(id), query), cookie);
  const bidderNames = (res: { json(): { data: { bids: { bidder: string }[] } } }) =>
    res.json().data.bids.map((r) => r.bidder);

  beforeAll(async () => {
    t = await createTestApp();
    a = await signUpUser(t);
    b = await signUpUser(t);
    const c = await plainUser(t.db);
    lotId = (await t.make.lot({ startingBid: 10_000 })).id;
    // A (max 300) bids 100; B's maximum 200 loses to A's, who is bid up to 210; C (max 500)
    // outbids A: the system first bids A up to A's maximum, then C leads at 310.
    await standing(t.db, lotId, { userId: a.id, pseudonym: 1, max: 30_000, last: 10_000, count: 1 });
    await standing(t.db, lotId, { userId: b.id, pseudonym: 2, max: 20_000, last: 20_000, count: 1 });
    await standing(t.db, lotId, { userId: c.id, pseudonym: 3, max: 50_000, last: 31_000, count: 1 });
    rowIds = await history(t.db, lotId, [
      [a.id, 'bid', 10_000],
      [b.id, 'bid', 20_000],
      [a.id, 'auto', 21_000],
      [a.id, 'auto', 30_000],
      [c.id, 'bid', 31_000],
    ]);
    await leadOf(t.db, lotId, { leaderUserId: c.id, price: 31_000 });
  });
  afterAll(() => t.close());

  it('answers every row, both kinds, newest first, with pseudonyms and no identity for a visitor', async () => {
    const res = await read();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('success');
    expect(body.data.pagination).toEqual({ pageNumber: 1, pageSize: 30, totalItems: 5, totalPages: 1 });
    const stored = await t.db.select({ id: bids.id, createdAt: bids.createdAt }).from(bids);
    const createdAt = new Map(stored.map((r) => [r.id, r.createdAt.toISOString()]));
    expect(body.data.bids).toEqual([
      { _id: rowIds[4], bidder: 'Bidder 3', amount: 31_000, createdAt: createdAt.get(rowIds[4] ?? '') },
      { _id: rowIds[3], bidder: 'Bidder 1', amount: 30_000, createdAt: createdAt.get(rowIds[3] ?? '') },
      { _id: rowIds[2], bidder: 'Bidder 1', amount: 21_000, createdAt: createdAt.get(rowIds[2] ?? '') },
      { _id: rowIds[1], bidder: 'Bidder 2', amount: 20_000, createdAt: createdAt.get(rowIds[1] ?? '') },
      { _id: rowIds[0], bidder: 'Bidder 1', amount: 10_000, createdAt: createdAt.get(rowIds[0] ?? '') },
    ]);
    expect(res.body).not.toContain(a.id);
    expect(res.body).not.toContain(b.id);
  });

  it('shows "You" on the viewer\'s own rows only; the other pseudonyms stay the same for every viewer', async () => {
    expect(bidderNames(await read({}, a.cookie))).toEqual(['Bidder 3', 'You', 'You', 'Bidder 2', 'You']);
    expect(bidderNames(await read({}, b.cookie))).toEqual(['Bidder 3', 'Bidder 1', 'Bidder 1', 'You', 'Bidder 1']);
    const stranger = await signUpUser(t);
    expect(bidderNames(await read({}, stranger.cookie))).toEqual(bidderNames(await read()));
  });

  it('pages by seq: the pages together are the whole history, with the same pseudonyms', async () => {
    const whole = (await read({}, b.cookie)).json().data.bids;
    const pages = [];
    for (const pageNumber of [1, 2, 3]) {
      const res = await read({ pageSize: '2', pageNumber: String(pageNumber) }, b.cookie);
      expect(res.json().data.pagination).toEqual({ pageNumber, pageSize: 2, totalItems: 5, totalPages: 3 });
      pages.push(...res.json().data.bids);
    }
    expect(pages).toEqual(whole);
    const past = await read({ pageSize: '2', pageNumber: '4' });
    expect(past.json().data).toEqual({
      bids: [],
      pagination: { pageNumber: 4, pageSize: 2, totalItems: 5, totalPages: 3 },
    });
  });

  it('answers an empty history for a lot without bids', async () => {
    const lot = await t.make.lot();
    const res = await read({}, a.cookie, lot.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      bids: [],
      pagination: { pageNumber: 1, pageSize: 30, totalItems: 0, totalPages: 0 },
    });
  });

  it.each([
    ['an unknown lot', async () => 'lot_missing'],
    ['a hidden lot', async (tt: TestApp) => (await tt.make.lot({ hiddenFromMarketplace: true })).id],
    [
      'a lot of a draft event',
      async (tt: TestApp) => (await tt.make.lot({ eventId: (await tt.make.event({ status: 'draft' })).id })).id,
    ],
  ])('answers 404 for %s', async (_name, lot) => {
    const id = await lot(t);
    const res = await read({}, a.cookie, id);
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].code).toBe('NOT_FOUND');
  });

  it('answers 404 for a hidden lot even when it has history', async () => {
    const lot = await t.make.lot({ hiddenFromMarketplace: true });
    await standing(t.db, lot.id, { userId: a.id, pseudonym: 1, max: 100, last: 100, count: 1 });
    await history(t.db, lot.id, [[a.id, 'bid', 100]]);
    expect((await read({}, a.cookie, lot.id)).statusCode).toBe(404);
  });

  it.each([
    [{ pageSize: '0' }, 'pageSize'],
    [{ pageSize: '101' }, 'pageSize'],
    [{ pageSize: 'ten' }, 'pageSize'],
    [{ pageNumber: '0' }, 'pageNumber'],
    [{ pageNumber: '1.5' }, 'pageNumber'],
    [{ sort: '-createdAt' }, undefined],
  ])('refuses %j with 400 VALIDATION_FAILED', async (query, field) => {
    const res = await read(query);
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors;
    expect(errors[0].code).toBe('VALIDATION_FAILED');
    if (field) expect(errors.map((e: { field?: string }) => e.field)).toContain(field);
  });
});
