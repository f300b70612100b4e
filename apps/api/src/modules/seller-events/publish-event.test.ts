import { eventLots, events } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type TestApp, url } from '../../test/app';
import { get } from '../identity/test-helpers';
import { listenLotChanges } from '../live/listen-lot-changes';
import { expectCountTablesInStep } from '../search/count-tables.fixtures';
import { hoursFromNow, uniqueWord } from '../search/facets.fixtures';
import {
  api,
  type Caller,
  codes,
  createDraft,
  daysFromNow,
  eventPath,
  houston,
  type SellerScene,
  storedEvent,
  withSellerScene,
} from './test-helpers';

let t: TestApp;
let s: SellerScene;
withSellerScene((app, scene) => {
  t = app;
  s = scene;
});

const publish = (who: Caller, id: string, as = 'published') => api.post(t, who, `${eventPath(id)}/publish`, { as });

async function addLocation(eventId: string) {
  const res = await api.post(t, s.seller, `${eventPath(eventId)}/locations`, houston);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id as string;
}

/** A lot of the event that passes every check (upcoming, as a console-made lot is), unless overridden. */
async function goodLot(eventId: string, number: string, o: Parameters<TestApp['make']['lot']>[0] = {}) {
  const lot = await t.make.lot({
    companyId: s.company.id,
    eventId,
    number,
    type: 'AuctionLot',
    status: 'Pending',
    startAt: hoursFromNow(24),
    endedAt: hoursFromNow(200),
    startingBid: 10_000,
    ...o,
  });
  await t.make.photo(lot.id, 0);
  return lot;
}

describe('POST …/publish: the checks', () => {
  it('lists every problem of an empty event at once (no lots, no location, end passed) and changes nothing', async () => {
    const draft = await createDraft(t, s.seller, s.company.id, { startAt: daysFromNow(-3), endAt: daysFromNow(-1) });
    const res = await publish(s.seller, draft._id);
    expect(res.statusCode).toBe(409);
    expect(codes(res)).toEqual([
      'PUBLISH_CHECKS_FAILED lots',
      'PUBLISH_CHECKS_FAILED startAt',
      'PUBLISH_CHECKS_FAILED endAt',
      'PUBLISH_CHECKS_FAILED locations',
    ]);
    expect(res.json().errors[0].message).toBe('The event has no lots: add at least one.');
    expect((await storedEvent(t, draft._id))?.status).toBe('draft');
  });

  it('names each lot by number and what it lacks', async () => {
    const draft = await createDraft(t, s.seller, s.company.id);
    const locationId = await addLocation(draft._id);
    const category = await t.make.category();
    const ok = { productCategoryId: category.id, dispositionLocationId: locationId };
    await goodLot(draft._id, '1', ok);
    await t.make.lot({
      companyId: s.company.id,
      eventId: draft._id,
      number: '2',
      status: 'Pending',
      ...ok,
      startingBid: 1,
    });
    await goodLot(draft._id, '3', { ...ok, productCategoryId: null });
    await goodLot(draft._id, '4', { ...ok, type: 'BuyItNowItem', startingBid: null });
    await goodLot(draft._id, '5', { ...ok, startingBid: null });
    await goodLot(draft._id, '6', { ...ok, dispositionLocationId: null });
    await goodLot(draft._id, '7', { ...ok, type: 'TenderLot', startingBid: null });
    const elsewhere = await createDraft(t, s.seller, s.company.id);
    await goodLot(draft._id, '8', { ...ok, dispositionLocationId: await addLocation(elsewhere._id) });
    const res = await publish(s.seller, draft._id);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.map((e: { field: string; message: string }) => [e.field, e.message])).toEqual([
      ['lots[2].photos', 'Lot 2 has no photo.'],
      ['lots[3].category', 'Lot 3 has no category.'],
      ['lots[4].buyItNowPrice', 'Lot 4 has no buy-it-now price.'],
      ['lots[5].startingBid', 'Lot 5 has no starting bid.'],
      ['lots[6].location', 'Lot 6 has no location.'],
      ['lots[8].location', 'Lot 8 is at a location of another event: choose one of this event.'],
    ]);
    expect((await storedEvent(t, draft._id))?.status).toBe('draft');
  });

  it.each<[string, () => Caller, number]>([
    ['a visitor', () => null, 401],
    ['another company’s seller', () => s.other, 403],
    ['a buyer', () => s.buyer, 403],
  ])('refuses %s and changes nothing', async (_who, who, status) => {
    const draft = await createDraft(t, s.seller, s.company.id);
    expect((await publish(who(), draft._id)).statusCode).toBe(status);
    expect((await storedEvent(t, draft._id))?.status).toBe('draft');
    // An event the seller could finalize: published, its only lot closed.
    const done = await t.make.event({ companyId: s.company.id, status: 'published' });
    await t.make.lot({ companyId: s.company.id, eventId: done.id, status: 'Sold' });
    expect((await api.post(t, who(), `${eventPath(done.id)}/finalize`)).statusCode).toBe(status);
    expect((await storedEvent(t, done.id))?.status).toBe('published');
  });

  it('refuses a start that has passed, though the end is ahead', async () => {
    const draft = await createDraft(t, s.seller, s.company.id, { startAt: daysFromNow(-1) });
    expect(codes(await publish(s.seller, draft._id))).toContain('PUBLISH_CHECKS_FAILED startAt');
    expect((await storedEvent(t, draft._id))?.status).toBe('draft');
  });

  it('404 for an unknown event, 400 for an unknown target', async () => {
    expect((await publish(s.seller, 'ev_unknown')).statusCode).toBe(404);
    const draft = await createDraft(t, s.seller, s.company.id);
    const res = await publish(s.seller, draft._id, 'draft');
    expect(res.statusCode).toBe(400);
    expect(codes(res)).toEqual(['VALIDATION_FAILED as']);
  });
});

/** What a buyer sees of a word's lots, through the public APIs. */
async function publicView(word: string, eventId: string, categoryId: string) {
  const search = (await get(t, url('/marketplace/api/search/lots', { keyword: word, facets: 'true' }))).json().data;
  const tree = await get(
    t,
    url('/marketplace/api/category/product-categories/regular', {
      query: { operator: 'and', params: [{ field: '_id', op: 'eq', value: categoryId }] },
    }),
  );
  const sitemap = async (kind: string) =>
    (await get(t, `/marketplace/api/sitemap/${kind}/1`)).json().data.entries.map((e: { _id: string }) => e._id);
  return {
    lots: (search.lots as { _id: string }[]).map((l) => l._id).sort(),
    total: search.pagination.totalItems,
    categoryFacet: search.facets.productCategory.find((n: { _id: string }) => n._id === categoryId)?.count ?? 0,
    saleFormats: search.facets.saleFormat,
    categoryTotal: tree.json().data.productCategories[0]?.totalDocCount,
    eventPage: (await get(t, `/marketplace/api/event/events/${eventId}`)).statusCode,
    sitemapEvent: (await sitemap('events')).includes(eventId),
    sitemapLots: (await sitemap('lots')) as string[],
  };
}

describe('POST …/publish: passing', () => {
  it('moves draft → published and the event and its lots are public at once, with exact counts', async () => {
    const word = uniqueWord();
    const draft = await createDraft(t, s.seller, s.company.id, { name: `${word} sale` });
    const locationId = await addLocation(draft._id);
    const category = await t.make.category({ status: 'active' });
    const ok = { productCategoryId: category.id, dispositionLocationId: locationId };
    const auction = await goodLot(draft._id, '1', { ...ok, name: `${word} press` });
    const buyNow = await goodLot(draft._id, '2', {
      ...ok,
      name: `${word} lathe`,
      type: 'BuyItNowItem',
      startingBid: null,
      buyItNowPrice: 99_00,
    });
    const ids = [auction.id, buyNow.id].sort();

    await expectCountTablesInStep(t.db);
    const before = await publicView(word, draft._id, category.id);
    expect(before).toMatchObject({ lots: [], total: 0, categoryFacet: 0, categoryTotal: 0, eventPage: 404 });
    expect(before.sitemapEvent).toBe(false);
    expect(before.sitemapLots).not.toEqual(expect.arrayContaining([auction.id]));

    const res = await publish(s.seller, draft._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'published', lotsCount: 2 });

    await expectCountTablesInStep(t.db);
    const after = await publicView(word, draft._id, category.id);
    expect(after).toMatchObject({ lots: ids, total: 2, categoryFacet: 2, categoryTotal: 2, eventPage: 200 });
    expect(after.saleFormats).toEqual(
      expect.arrayContaining([
        { value: 'auction', count: 1 },
        { value: 'buy-now', count: 1 },
      ]),
    );
    expect(after.sitemapEvent).toBe(true);
    expect(after.sitemapLots).toEqual(expect.arrayContaining(ids));

    // The lots' staggered ends follow the event's end (BIDDING §5).
    const [event] = await t.db.select().from(events).where(eq(events.id, draft._id));
    const [first] = await t.db.select().from(eventLots).where(eq(eventLots.id, auction.id));
    expect(first?.scheduledEndAt?.getTime()).toBe(event?.endAt.getTime());

    // Never back, never twice.
    const again = await publish(s.seller, draft._id, 'view-only');
    expect([again.statusCode, codes(again)[0]]).toEqual([409, 'CONFLICT']);
    expect((await storedEvent(t, draft._id))?.status).toBe('published');
  });

  it('publishes as view-only, and announces the event (the page caches drop the seller and browse pages)', async () => {
    const draft = await createDraft(t, s.seller, s.company.id);
    const locationId = await addLocation(draft._id);
    const category = await t.make.category();
    await goodLot(draft._id, '1', { productCategoryId: category.id, dispositionLocationId: locationId });
    const heard: string[] = [];
    const listener = await listenLotChanges(t.db, {
      changed() {},
      eventsChanged: (ids) => heard.push(...ids),
      reconnected() {},
      log: { warn() {}, info() {} },
    });
    try {
      const res = await publish(s.seller, draft._id, 'view-only');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.status).toBe('view-only');
      for (let i = 0; i < 250 && heard.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(heard).toEqual([draft._id]);
    } finally {
      await listener.stop();
    }
  });
});

describe('POST …/finalize', () => {
  it('only after the last lot closed; never a draft', async () => {
    const event = await t.make.event({ companyId: s.company.id, status: 'published' });
    const open = await t.make.lot({ companyId: s.company.id, eventId: event.id, number: '9', status: 'Active' });
    await t.make.lot({ companyId: s.company.id, eventId: event.id, status: 'Sold' });
    const early = await api.post(t, s.seller, `${eventPath(event.id)}/finalize`);
    expect([early.statusCode, codes(early)[0]]).toEqual([409, 'CONFLICT']);
    expect(early.json().errors[0].message).toContain('Lot 9 has not closed yet');
    expect((await storedEvent(t, event.id))?.status).toBe('published');

    await t.db.update(eventLots).set({ status: 'Unsold' }).where(eq(eventLots.id, open.id));
    const res = await api.post(t, s.seller, `${eventPath(event.id)}/finalize`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('finalized');

    const draft = await createDraft(t, s.seller, s.company.id);
    const refused = await api.post(t, s.seller, `${eventPath(draft._id)}/finalize`);
    expect(refused.statusCode).toBe(409);
    expect((await storedEvent(t, draft._id))?.status).toBe('draft');
    expect((await api.post(t, s.seller, `${eventPath('ev_unknown')}/finalize`)).statusCode).toBe(404);
  });
});
