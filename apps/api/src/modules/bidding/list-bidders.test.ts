import { describe, expect, it } from 'vitest';
import { url } from '../../test/app';
import { signUpAdmin } from '../account/test-helpers';
import { get, signUpUser } from '../identity/test-helpers';
import { expectedRow, expectOthersRefused, withStatusScenario } from './test-bidding-reads';

describe('GET /marketplace/api/event/users/{userId}/bidders', () => {
  const s = withStatusScenario();
  const path = (userId: string) => `/marketplace/api/event/users/${userId}/bidders`;
  const read = (query: Record<string, unknown>, cookie: string | undefined, userId = s.user.id) =>
    get(s.t, url(path(userId), query), cookie);

  it('answers the one row of a lot, with its status per BIDDING §4', async () => {
    for (const lot of s.scenario.lots) {
      const res = await read({ eventLotId: lot.id }, s.user.cookie);
      expect(res.statusCode, lot.name).toBe(200);
      expect(res.json().data.bidders, lot.name).toEqual([expectedRow(lot, s.user.id)]);
    }
  });

  it('answers no row for a lot the user did not bid on, an unknown lot, or a hidden one', async () => {
    for (const eventLotId of [s.scenario.notMineId, 'lot_missing', s.scenario.hiddenId]) {
      const res = await read({ eventLotId }, s.user.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.bidders).toEqual([]);
      expect(res.json().data.pagination.totalItems).toBe(0);
    }
  });

  it('answers every row of the user without eventLotId: open lots by soonest end, then closed by latest end', async () => {
    const res = await read({}, s.user.cookie);
    expect(res.statusCode).toBe(200);
    const { bidders, pagination } = res.json().data;
    expect(bidders.map((b: { eventLotId: string }) => b.eventLotId)).toEqual(s.scenario.lots.map((l) => l.id));
    expect(bidders.map((b: { biddingStatus: string }) => b.biddingStatus)).toEqual(
      s.scenario.lots.map((l) => l.expected),
    );
    expect(pagination).toEqual({ pageNumber: 1, pageSize: 30, totalItems: 9, totalPages: 1 });
  });

  it('pages the rows without eventLotId', async () => {
    const first = (await read({ pageSize: '4' }, s.user.cookie)).json().data;
    const third = (await read({ pageSize: '4', pageNumber: '3' }, s.user.cookie)).json().data;
    expect(first.pagination).toEqual({ pageNumber: 1, pageSize: 4, totalItems: 9, totalPages: 3 });
    expect(first.bidders.map((b: { eventLotId: string }) => b.eventLotId)).toEqual(
      s.scenario.lots.slice(0, 4).map((l) => l.id),
    );
    expect(third.bidders.map((b: { eventLotId: string }) => b.eventLotId)).toEqual([s.scenario.lots[8]?.id]);
    const past = (await read({ pageSize: '4', pageNumber: '9' }, s.user.cookie)).json().data;
    expect(past).toEqual({ bidders: [], pagination: { pageNumber: 9, pageSize: 4, totalItems: 9, totalPages: 3 } });
  });

  it("keeps users apart: the other bidder's rows are theirs alone", async () => {
    const stranger = await signUpUser(s.t);
    const lot = s.scenario.lots[0]?.id;
    expect((await read({ eventLotId: lot }, stranger.cookie, stranger.id)).json().data.bidders).toEqual([]);
  });

  it('answers 401 without a session and 403 for another user; an admin may read any user', async () => {
    await expectOthersRefused(s.t, (cookie) => read({}, cookie));

    const admin = await signUpAdmin(s.t);
    const read_ = await read({ eventLotId: s.scenario.lots[0]?.id }, admin.cookie);
    expect(read_.statusCode).toBe(200);
    expect(read_.json().data.bidders).toHaveLength(1);
    expect(read_.json().data.bidders[0].userId).toBe(s.user.id);
  });

  it.each([
    [{ eventLotId: '' }, 'eventLotId'],
    [{ eventLotId: 'x'.repeat(201) }, 'eventLotId'],
    [{ pageSize: '0' }, 'pageSize'],
    [{ pageNumber: 'last' }, 'pageNumber'],
    [{ lotId: 'x' }, undefined],
  ])('refuses %j with 400 VALIDATION_FAILED', async (query, field) => {
    const res = await read(query, s.user.cookie);
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors;
    expect(errors[0].code).toBe('VALIDATION_FAILED');
    if (field) expect(errors.map((e: { field?: string }) => e.field)).toContain(field);
  });
});
