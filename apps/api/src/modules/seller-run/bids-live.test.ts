import { eventLots } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { api, type SellerScene, sellerScene } from '../seller-events/test-helpers';
import { lotWithBids, runPath } from './test-helpers';

/** The seller's bid list and live table (decision 0052): pseudonyms as the public sees them, and the real bidder. */
describe('seller bids and live table', () => {
  let t: TestApp;
  let s: SellerScene;
  let scene: Awaited<ReturnType<typeof lotWithBids>>;
  beforeAll(async () => {
    t = await createTestApp();
    s = await sellerScene(t);
    scene = await lotWithBids(t, s.company.id);
  });
  afterAll(() => t.close());

  it('lists every bid newest first with the public pseudonym and the real bidder, never a maximum', async () => {
    const { event, lot, ann, ben } = scene;
    const res = await api.get(t, s.seller, runPath(event.id, 'bids'));
    expect(res.statusCode).toBe(200);
    const { bids, pagination } = res.json().data;
    const lotRef = { id: lot.id, number: lot.number, name: lot.name };
    // Ann's $1,000 (max $1,200); Ben's $1,300 (max $2,000) outbids her maximum and his maximum reaches the
    // $1,500 reserve, so the price jumps to it (BIDDING §3): the system's counter-bid for Ann shows in between.
    const row = (amount: number, kind: string, who: typeof ann, pseudonym: string, name: string) => ({
      _id: expect.any(String),
      lot: lotRef,
      amount,
      currency: 'USD',
      kind,
      placedAt: expect.any(String),
      bidder: { pseudonym, id: who.id, name, email: who.email },
    });
    expect(bids).toEqual([
      row(150_000, 'bid', ben, 'Bidder 2', 'Ben Later'),
      row(120_000, 'auto', ann, 'Bidder 1', 'Ann Early'),
      row(100_000, 'bid', ann, 'Bidder 1', 'Ann Early'),
    ]);
    expect(pagination).toEqual({ pageNumber: 1, pageSize: 50, totalItems: 3, totalPages: 1 });
    // Nobody's maximum leaves: not Ben's $2,000, and no field names one.
    expect(JSON.stringify(bids)).not.toMatch(/max|200000/i);
    // The public history names the same bidders the same way.
    const history = await api.get(t, null, `/marketplace/api/event/event-lots/${lot.id}/bids`);
    expect(history.json().data.bids.map((b: { bidder: string }) => b.bidder)).toEqual([
      'Bidder 2',
      'Bidder 1',
      'Bidder 1',
    ]);
  });

  it('pages, filters by lot, and answers 404 for a lot of another event and 400 for a bad page', async () => {
    const { event, lot } = scene;
    const second = await api.get(t, s.seller, `${runPath(event.id, 'bids')}?pageSize=1&pageNumber=2`);
    expect(second.json().data.bids.map((b: { amount: number }) => b.amount)).toEqual([120_000]);
    expect(second.json().data.pagination).toEqual({ pageNumber: 2, pageSize: 1, totalItems: 3, totalPages: 3 });
    const past = await api.get(t, s.seller, `${runPath(event.id, 'bids')}?pageSize=1&pageNumber=5`);
    expect(past.json().data).toMatchObject({ bids: [], pagination: { totalItems: 3 } });
    const ofLot = await api.get(t, s.seller, `${runPath(event.id, 'bids')}?lotId=${lot.id}`);
    expect(ofLot.json().data.bids).toHaveLength(3);
    const elsewhere = await t.make.lot({ companyId: s.company.id });
    expect((await api.get(t, s.seller, `${runPath(event.id, 'bids')}?lotId=${elsewhere.id}`)).statusCode).toBe(404);
    expect((await api.get(t, s.seller, `${runPath(event.id, 'bids')}?pageSize=0`)).statusCode).toBe(400);
    expect((await api.get(t, s.seller, `${runPath(event.id, 'bids')}?color=red`)).statusCode).toBe(400);
  });

  it('shows the live table: price, bids, status, end, reserve met and the real high bidder', async () => {
    const { event, lot, ben } = scene;
    const res = await api.get(t, s.seller, runPath(event.id, 'live'));
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(eventLots).where(eq(eventLots.id, lot.id));
    expect(res.json().data).toEqual({
      lots: [
        {
          _id: lot.id,
          number: lot.number,
          name: lot.name,
          type: row?.type,
          status: 'Active',
          currency: 'USD',
          currentBid: 150_000,
          startingBid: 100_000,
          bidsCount: 2,
          endsAt: row?.endedAt?.toISOString(),
          // Ben's maximum reaches the $1,500 reserve; the maximum itself is not shown.
          reserveMet: true,
          highBidder: { pseudonym: 'Bidder 2', id: ben.id, name: 'Ben Later', email: ben.email },
        },
      ],
      serverTime: expect.any(String),
    });
  });

  it('refuses a visitor (401), another company and a buyer (403), an unknown event (404) on both reads', async () => {
    for (const tail of ['bids', 'live']) {
      const path = runPath(scene.event.id, tail);
      expect((await api.get(t, null, path)).statusCode).toBe(401);
      expect((await api.get(t, s.other, path)).statusCode).toBe(403);
      expect((await api.get(t, s.buyer, path)).statusCode).toBe(403);
      expect((await api.get(t, s.seller, runPath('evt_nope', tail))).statusCode).toBe(404);
    }
  });
});
