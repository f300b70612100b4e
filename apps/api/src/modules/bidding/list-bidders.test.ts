import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, url } from '../../test/app';
import { signUpAdmin } from '../account/test-helpers';
import { get, signUpUser } from '../identity/test-helpers';
import { statusScenario } from './test-bidding-reads';

describe('GET /marketplace/api/event/users/{userId}/bidders', () => {
  let t: TestApp;
  let user: { id: string; cookie: string };
  let scenario: Awaited<ReturnType<typeof statusScenario>>;
  const path = (userId: string) => `/marketplace/api/event/users/${userId}/bidders`;
  const read = (query: Record<string, unknown>, cookie: string | undefined, userId = user.id) =>
    get(t, url(path(userId), query), cookie);

  beforeAll(async () => {
    t = await createTestApp();
    user = await signUpUser(t);
    scenario = await statusScenario(t.db, (o) => t.make.lot(o), user.id);
  });
  afterAll(() => t.close());

  it('answers the one row of a lot, with its status per BIDDING §4', async () => {
    for (const lot of scenario.lots) {
      const res = await read({ eventLotId: lot.id }, user.cookie);
      expect(res.statusCode, lot.name).toBe(200);
      expect(res.json().data.bidders, lot.name).toEqual([
        {
          _id: `${lot.id}:${user.id}`,
          eventLotId: lot.id,
          userId: user.id,
          biddingStatus: lot.expected,
          lastBidAmount: lot.mine.last,
          maxBidAmount: lot.mine.max,
          bidsCount: lot.mine.count,
        },
      ]);
    }
  });

  it('answers no row for a lot the user did not bid on, an unknown lot, or a hidden one', async () => {
    for (const eventLotId of [scenario.notMineId, 'lot_missing', scenario.hiddenId]) {
      const res = await read({ eventLotId }, user.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.bidders).toEqual([]);
      expect(res.json().data.pagination.totalItems).toBe(0);
    }
  });

  it('answers every row of the user without eventLotId: open lots by soonest end, then closed by latest end', async () => {
    const res = await read({}, user.cookie);
    expect(res.statusCode).toBe(200);
    const { bidders, pagination } = res.json().data;
    expect(bidders.map((b: { eventLotId: string }) => b.eventLotId)).toEqual(scenario.lots.map((l) => l.id));
    expect(bidders.map((b: { biddingStatus: string }) => b.biddingStatus)).toEqual(
      scenario.lots.map((l) => l.expected),
    );
    expect(pagination).toEqual({ pageNumber: 1, pageSize: 30, totalItems: 9, totalPages: 1 });
  });

  it('pages the rows without eventLotId', async () => {
    const first = (await read({ pageSize: '4' }, user.cookie)).json().data;
    const third = (await read({ pageSize: '4', pageNumber: '3' }, user.cookie)).json().data;
    expect(first.pagination).toEqual({ pageNumber: 1, pageSize: 4, totalItems: 9, totalPages: 3 });
    expect(first.bidders.map((b: { eventLotId: string }) => b.eventLotId)).toEqual(
      scenario.lots.slice(0, 4).map((l) => l.id),
    );
    expect(third.bidders.map((b: { eventLotId: string }) => b.eventLotId)).toEqual([scenario.lots[8]?.id]);
    const past = (await read({ pageSize: '4', pageNumber: '9' }, user.cookie)).json().data;
    expect(past).toEqual({ bidders: [], pagination: { pageNumber: 9, pageSize: 4, totalItems: 9, totalPages: 3 } });
  });

  it("keeps users apart: the other bidder's rows are theirs alone", async () => {
    const stranger = await signUpUser(t);
    const lot = scenario.lots[0]?.id;
    expect((await read({ eventLotId: lot }, stranger.cookie, stranger.id)).json().data.bidders).toEqual([]);
  });

  it('answers 401 without a session and 403 for another user; an admin may read any user', async () => {
    const anonymous = await read({}, undefined);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().errors[0].code).toBe('UNAUTHENTICATED');

    const other = await signUpUser(t);
    const forbidden = await read({}, other.cookie);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().errors[0].code).toBe('FORBIDDEN');

    const admin = await signUpAdmin(t);
    const read_ = await read({ eventLotId: scenario.lots[0]?.id }, admin.cookie);
    expect(read_.statusCode).toBe(200);
    expect(read_.json().data.bidders).toHaveLength(1);
    expect(read_.json().data.bidders[0].userId).toBe(user.id);
  });

  it.each([
    [{ eventLotId: '' }, 'eventLotId'],
    [{ eventLotId: 'x'.repeat(201) }, 'eventLotId'],
    [{ pageSize: '0' }, 'pageSize'],
    [{ pageNumber: 'last' }, 'pageNumber'],
    [{ lotId: 'x' }, undefined],
  ])('refuses %j with 400 VALIDATION_FAILED', async (query, field) => {
    const res = await read(query, user.cookie);
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors;
    expect(errors[0].code).toBe('VALIDATION_FAILED');
    if (field) expect(errors.map((e: { field?: string }) => e.field)).toContain(field);
  });
});
