import { describe, expect, it } from 'vitest';
import { url } from '../../test/app';
import { signUpAdmin } from '../account/test-helpers';
import { get } from '../identity/test-helpers';
import { selectLotCards } from '../lots/select-lot-cards';
import { expectedRow, expectOthersRefused, withStatusScenario } from './test-bidding-reads';

type Entry = { eventLotId: string; biddingStatus: string; eventLot: { _id: string } };

describe('GET /marketplace-api/users/{userId}/bids (My Bids)', () => {
  const s = withStatusScenario();
  const path = (userId: string) => `/marketplace-api/users/${userId}/bids`;
  const read = (query: Record<string, unknown>, cookie: string | undefined, userId = s.user.id) =>
    get(s.t, url(path(userId), query), cookie);
  const lotIds = (entries: Entry[]) => entries.map((e) => e.eventLotId);
  const expectedIds = (...statuses: string[]) =>
    s.scenario.lots.filter((l) => statuses.includes(l.expected)).map((l) => l.id);

  it("answers the user's rows in the My Bids order, each with its status and the lot's card fields", async () => {
    const res = await read({}, s.user.cookie);
    expect(res.statusCode).toBe(200);
    const { bidders, pagination } = res.json().data;
    expect(pagination).toEqual({ pageNumber: 1, pageSize: 30, totalItems: 9, totalPages: 1 });
    expect(lotIds(bidders)).toEqual(s.scenario.lots.map((l) => l.id));
    const cards = await selectLotCards(s.t.db, { ids: lotIds(bidders) }, {});
    for (const [i, lot] of s.scenario.lots.entries()) {
      expect(bidders[i]).toEqual({ ...expectedRow(lot, s.user.id), eventLot: cards[i]?._source });
    }
    expect(bidders[0].eventLot).toMatchObject({ _id: s.scenario.lots[0]?.id, currentBid: { amount: 2_000 } });
    expect(lotIds(bidders)).not.toContain(s.scenario.hiddenId);
    expect(lotIds(bidders)).not.toContain(s.scenario.notMineId);
  });

  it.each([
    ['outbid', ['outbid']],
    ['won', ['won']],
    ['reserve-not-met', ['reserve-not-met']],
    ['won,lost', ['won', 'lost']],
    [' winning , bidded ,', ['winning', 'bidded']],
    ['lost,lost', ['lost']],
    ['not-participated', []],
    ['', ['winning', 'reserve-not-met', 'outbid', 'bidded', 'won', 'lost']],
  ])('filters by biddingStatus=%j', async (filter, statuses) => {
    const res = await read({ biddingStatus: filter }, s.user.cookie);
    expect(res.statusCode).toBe(200);
    const { bidders, pagination } = res.json().data;
    expect(lotIds(bidders)).toEqual(expectedIds(...statuses));
    for (const b of bidders as Entry[]) expect(statuses).toContain(b.biddingStatus);
    expect(pagination.totalItems).toBe(expectedIds(...statuses).length);
  });

  it('pages the filtered rows, counting only the rows that match', async () => {
    const query = { biddingStatus: 'bidded,won,lost,reserve-not-met', pageSize: '2' };
    const all = expectedIds('bidded', 'won', 'lost', 'reserve-not-met');
    const seen: string[] = [];
    for (const pageNumber of [1, 2, 3, 4]) {
      const res = await read({ ...query, pageNumber: String(pageNumber) }, s.user.cookie);
      expect(res.json().data.pagination).toEqual({ pageNumber, pageSize: 2, totalItems: all.length, totalPages: 4 });
      seen.push(...lotIds(res.json().data.bidders));
    }
    expect(seen).toEqual(all);
  });

  it('answers 401 without a session and 403 for another user; an admin may read any user', async () => {
    const other = await expectOthersRefused(s.t, (cookie) => read({}, cookie));
    // Their own My Bids is empty, not the other user's.
    expect((await read({}, other.cookie, other.id)).json().data.bidders).toEqual([]);

    const admin = await signUpAdmin(s.t);
    const res = await read({ biddingStatus: 'won' }, admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(lotIds(res.json().data.bidders)).toEqual(expectedIds('won'));
  });

  it.each([
    [{ biddingStatus: 'winner' }, 'Unknown bidding status "winner"'],
    [{ biddingStatus: 'won,Lost' }, 'Unknown bidding status "Lost"'],
    [{ biddingStatus: 'x'.repeat(501) }, undefined],
    [{ pageSize: '1000' }, undefined],
    [{ pageNumber: '-1' }, undefined],
    [{ status: 'won' }, undefined],
  ])('refuses %j with 400 VALIDATION_FAILED', async (query, message) => {
    const res = await read(query, s.user.cookie);
    expect(res.statusCode).toBe(400);
    const [error] = res.json().errors;
    expect(error.code).toBe('VALIDATION_FAILED');
    if (message) {
      expect(error.message).toContain(message);
      expect(error.field).toBe('biddingStatus');
    }
  });
});
