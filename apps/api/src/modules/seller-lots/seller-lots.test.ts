import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { api, type Caller, codes, eventPath } from '../seller-events/test-helpers';
import { createLot, eventLotsPath, lotBody, lotPath, lotScene, newEvent, storedLots } from './test-helpers';

let t: TestApp;
let s: Awaited<ReturnType<typeof lotScene>>;
beforeAll(async () => {
  t = await createTestApp();
  s = await lotScene(t);
});
afterAll(() => t.close());

const full = () => lotBody({ productCategoryId: s.category.id, dispositionLocationId: s.locationId });

describe('POST …/events/{eventId}/lots', () => {
  it('creates a Pending lot with every field, last in order, on the event’s times and currency', async () => {
    const { eventId, locationId } = await newEvent(t, s.seller, s.company.id);
    const res = await api.post(t, s.seller, eventLotsPath(eventId), {
      ...full(),
      number: 'A1',
      dispositionLocationId: locationId,
    });
    expect(res.statusCode, res.body).toBe(201);
    const lot = res.json().data;
    expect(lot).toMatchObject({
      eventId,
      number: 'A1',
      status: 'Pending',
      sequence: 1,
      currency: 'USD',
      productCategoryId: s.category.id,
      dispositionLocationId: expect.any(String),
      shippingOptions: ['pickup', 'fee'],
      riggingParty: 'seller',
      grossBookValue: 40_000,
      photos: [],
      locks: [],
    });
    const event = (await api.get(t, s.seller, eventPath(eventId))).json().data;
    expect(lot.startAt).toBe(new Date(event.startAt).toISOString());
    expect(lot.endedAt).toBe(new Date(event.endAt).toISOString());
    const second = await createLot(t, s.seller, eventId, {
      ...full(),
      number: 'A2',
      dispositionLocationId: locationId,
    });
    expect(second.sequence).toBe(2);
    const stored = await storedLots(t, eventId);
    // Lot k ends at the event's end + k × stagger (60 s by default).
    expect(stored[1]?.endedAt?.getTime()).toBe(new Date(event.endAt).getTime() + 60_000);
    expect(stored[1]?.scheduledEndAt?.getTime()).toBe(stored[1]?.endedAt?.getTime());
    expect(stored[0]?.lat).toBe(29.76);
  });

  it('400 names each bad field and changes nothing', async () => {
    const before = await storedLots(t, s.eventId);
    const bad = await api.post(t, s.seller, eventLotsPath(s.eventId), {
      ...full(),
      quantity: -1,
      startingBid: -1,
      shippingPackageType: 'barrels',
      riggingParty: 'nobody',
    });
    expect(bad.statusCode).toBe(400);
    const fields = (bad.json().errors as { field: string }[]).map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['quantity', 'startingBid', 'shippingPackageType', 'riggingParty']));
    const rules = await api.post(t, s.seller, eventLotsPath(s.eventId), {
      ...full(),
      startingBid: 10_000,
      reserveBid: 5_000,
      bestOfferEnabled: true,
    });
    expect(codes(rules)).toEqual(['VALIDATION_FAILED reserveBid', 'VALIDATION_FAILED bestOfferEnabled']);
    const refs = await api.post(t, s.seller, eventLotsPath(s.eventId), {
      ...full(),
      quantity: 0,
      type: 'BuyItNowItem',
      productCategoryId: 'cat_nope',
      brand: 'no-such-brand',
      catalogProductId: 'cp_nope',
      dispositionLocationId: (await newEvent(t, s.seller, s.company.id)).locationId,
    });
    expect(refs.statusCode).toBe(400);
    expect(codes(refs)).toEqual([
      'VALIDATION_FAILED quantity',
      'VALIDATION_FAILED type',
      'VALIDATION_FAILED productCategoryId',
      'VALIDATION_FAILED brand',
      'VALIDATION_FAILED catalogProductId',
      'VALIDATION_FAILED dispositionLocationId',
    ]);
    expect(await storedLots(t, s.eventId)).toEqual(before);
  });

  it('409 LOT_NUMBER_TAKEN for a number used in the event (but not in another event)', async () => {
    const { eventId } = await newEvent(t, s.seller, s.company.id);
    await createLot(t, s.seller, eventId, { number: '7' });
    const res = await api.post(t, s.seller, eventLotsPath(eventId), lotBody({ number: '7' }));
    expect(res.statusCode).toBe(409);
    expect(codes(res)).toEqual(['LOT_NUMBER_TAKEN number']);
    expect(await storedLots(t, eventId)).toHaveLength(1);
    const other = await newEvent(t, s.seller, s.company.id);
    await createLot(t, s.seller, other.eventId, { number: '7' });
  });

  it('takes brand by uniqueName and resolves it back', async () => {
    const brand = await t.make.brand();
    const lot = await createLot(t, s.seller, s.eventId, { number: 'B1', brand: brand.uniqueName });
    const read = await api.get(t, s.seller, lotPath(lot._id));
    expect(read.json().data.brand).toBe(brand.uniqueName);
  });

  it.each([
    ['a visitor', null, 401],
    ['another company’s seller', 'other', 403],
    ['a buyer', 'buyer', 403],
  ] as const)('refuses %s and changes nothing', async (_who, key, status) => {
    const who: Caller = key ? s[key] : null;
    const before = await storedLots(t, s.eventId);
    expect((await api.post(t, who, eventLotsPath(s.eventId), lotBody({ number: 'X1' }))).statusCode).toBe(status);
    expect((await api.get(t, who, eventLotsPath(s.eventId))).statusCode).toBe(status);
    expect(await storedLots(t, s.eventId)).toEqual(before);
  });

  it('404 for an unknown event', async () => {
    expect((await api.post(t, s.seller, eventLotsPath('ev_nope'), lotBody())).statusCode).toBe(404);
    expect((await api.get(t, s.seller, eventLotsPath('ev_nope'))).statusCode).toBe(404);
  });
});

describe('GET …/events/{eventId}/lots', () => {
  it('lists every lot in sequence order with the table’s columns, paged', async () => {
    const { eventId, locationId } = await newEvent(t, s.seller, s.company.id);
    await createLot(t, s.seller, eventId, {
      number: '1',
      productCategoryId: s.category.id,
      dispositionLocationId: locationId,
    });
    await createLot(t, s.seller, eventId, { number: '2' });
    const res = await api.get(t, s.seller, `${eventLotsPath(eventId)}?pageSize=1&pageNumber=2`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.pagination).toEqual({ pageNumber: 2, pageSize: 1, totalItems: 2, totalPages: 2 });
    expect(res.json().data.lots).toEqual([
      expect.objectContaining({ number: '2', sequence: 2, photosCount: 0, bidsCount: 0 }),
    ]);
    const first = (await api.get(t, s.seller, eventLotsPath(eventId))).json().data.lots[0];
    expect(first).toMatchObject({
      number: '1',
      categoryName: s.category.name,
      locationId,
      startingBid: 10_000,
      type: 'AuctionLot',
    });
    expect((await api.get(t, s.seller, `${eventLotsPath(eventId)}?pageSize=501`)).statusCode).toBe(400);
  });
});

describe('GET / PUT / DELETE …/lots/{lotId}', () => {
  it('edits every field of a draft’s lot', async () => {
    const lot = await createLot(t, s.seller, s.eventId, { number: 'E1' });
    const res = await api.put(t, s.seller, lotPath(lot._id), {
      ...full(),
      number: 'E1b',
      name: 'Renamed pump',
      quantity: 3,
      reserveBid: 20_000,
      marketDemand: 'low',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      number: 'E1b',
      name: 'Renamed pump',
      quantity: 3,
      reserveBid: 20_000,
      marketDemand: 'low',
    });
    expect((await api.get(t, s.seller, lotPath(lot._id))).json().data.name).toBe('Renamed pump');
  });

  it('PUT refuses a number taken by another lot (409) and bad fields (400), changing nothing', async () => {
    const a = await createLot(t, s.seller, s.eventId, { number: 'P1' });
    await createLot(t, s.seller, s.eventId, { number: 'P2' });
    const before = await storedLots(t, s.eventId);
    expect(codes(await api.put(t, s.seller, lotPath(a._id), lotBody({ number: 'P2' })))).toEqual([
      'LOT_NUMBER_TAKEN number',
    ]);
    expect((await api.put(t, s.seller, lotPath(a._id), lotBody({ number: 'P1', name: '' }))).statusCode).toBe(400);
    expect(await storedLots(t, s.eventId)).toEqual(before);
  });

  it.each([
    ['a visitor', null, 401],
    ['another company’s seller', 'other', 403],
    ['a buyer', 'buyer', 403],
  ] as const)('refuses %s on every lot route and changes nothing', async (_who, key, status) => {
    const who: Caller = key ? s[key] : null;
    const lot = await createLot(t, s.seller, s.eventId, { number: `R${status}${key ?? ''}` });
    const before = await storedLots(t, s.eventId);
    expect((await api.get(t, who, lotPath(lot._id))).statusCode).toBe(status);
    expect((await api.put(t, who, lotPath(lot._id), lotBody({ name: 'Stolen' }))).statusCode).toBe(status);
    expect((await api.delete(t, who, lotPath(lot._id))).statusCode).toBe(status);
    expect((await api.post(t, who, `${lotPath(lot._id)}/copy`)).statusCode).toBe(status);
    expect(
      (await api.put(t, who, `${eventLotsPath(s.eventId)}/order`, { lotIds: before.map((l) => l.id) })).statusCode,
    ).toBe(status);
    expect(await storedLots(t, s.eventId)).toEqual(before);
  });

  it('404 for an unknown lot', async () => {
    expect((await api.get(t, s.seller, lotPath('lot_nope'))).statusCode).toBe(404);
    expect((await api.put(t, s.seller, lotPath('lot_nope'), lotBody())).statusCode).toBe(404);
    expect((await api.delete(t, s.seller, lotPath('lot_nope'))).statusCode).toBe(404);
    expect((await api.post(t, s.seller, `${lotPath('lot_nope')}/copy`)).statusCode).toBe(404);
  });

  it('deletes a draft’s lot; the lots after it close one stagger earlier', async () => {
    const { eventId } = await newEvent(t, s.seller, s.company.id);
    const a = await createLot(t, s.seller, eventId, { number: '1' });
    const b = await createLot(t, s.seller, eventId, { number: '2' });
    const ends = (await storedLots(t, eventId)).map((l) => l.endedAt?.getTime() ?? 0);
    const res = await api.delete(t, s.seller, lotPath(a._id));
    expect(res.statusCode, res.body).toBe(200);
    const left = await storedLots(t, eventId);
    expect(left.map((l) => l.id)).toEqual([b._id]);
    expect(left[0]?.endedAt?.getTime()).toBe(ends[0]);
  });
});

describe('POST …/lots/{lotId}/copy', () => {
  it('copies every field into the next free number, last in order, with no bids', async () => {
    const { eventId } = await newEvent(t, s.seller, s.company.id);
    const lot = await createLot(t, s.seller, eventId, { ...full(), number: '12', dispositionLocationId: null });
    await createLot(t, s.seller, eventId, { number: '12-2' });
    const res = await api.post(t, s.seller, `${lotPath(lot._id)}/copy`);
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json().data;
    expect(copy).toMatchObject({ number: '12-3', name: lot.name, sequence: 3, bidsCount: 0, status: 'Pending' });
    expect(copy.grossBookValue).toBe(40_000);
    expect(copy._id).not.toBe(lot._id);
  });

  it('cuts a 40-character number so the copy’s stays valid, and the copy can be saved as it is', async () => {
    const { eventId } = await newEvent(t, s.seller, s.company.id);
    const long = 'A'.repeat(40);
    const lot = await createLot(t, s.seller, eventId, { number: long });
    const res = await api.post(t, s.seller, `${lotPath(lot._id)}/copy`);
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json().data;
    expect(copy.number).toBe(`${'A'.repeat(38)}-2`);
    const saved = await api.put(t, s.seller, lotPath(copy._id), lotBody({ number: copy.number }));
    expect(saved.statusCode, saved.body).toBe(200);
  });
});

describe('PUT …/events/{eventId}/lots/order', () => {
  it('sets the sequence and the staggered ends follow it', async () => {
    const { eventId } = await newEvent(t, s.seller, s.company.id);
    const a = await createLot(t, s.seller, eventId, { number: '1' });
    const b = await createLot(t, s.seller, eventId, { number: '2' });
    const c = await createLot(t, s.seller, eventId, { number: '3' });
    const ends = (await storedLots(t, eventId)).map((l) => l.endedAt?.getTime());
    const res = await api.put(t, s.seller, `${eventLotsPath(eventId)}/order`, { lotIds: [c._id, a._id, b._id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.lots.map((l: { number: string }) => l.number)).toEqual(['3', '1', '2']);
    const stored = await storedLots(t, eventId);
    expect(stored.map((l) => l.id)).toEqual([c._id, a._id, b._id]);
    expect(stored.map((l) => l.endedAt?.getTime())).toEqual(ends);
  });

  it('400 unless every lot is listed exactly once; changes nothing', async () => {
    const { eventId } = await newEvent(t, s.seller, s.company.id);
    const a = await createLot(t, s.seller, eventId, { number: '1' });
    const b = await createLot(t, s.seller, eventId, { number: '2' });
    const before = await storedLots(t, eventId);
    for (const lotIds of [[a._id], [a._id, a._id], [a._id, b._id, 'lot_x'], [b._id, 'lot_x']]) {
      const res = await api.put(t, s.seller, `${eventLotsPath(eventId)}/order`, { lotIds });
      expect(codes(res)).toEqual(['VALIDATION_FAILED lotIds']);
    }
    expect(await storedLots(t, eventId)).toEqual(before);
  });
});

describe('the event’s times', () => {
  it('a draft’s lots follow a new start and end of the event', async () => {
    const { eventId } = await newEvent(t, s.seller, s.company.id);
    await createLot(t, s.seller, eventId, { number: '1' });
    await createLot(t, s.seller, eventId, { number: '2' });
    const event = (await api.get(t, s.seller, eventPath(eventId))).json().data;
    const startAt = new Date(Date.parse(event.startAt) + 86_400_000).toISOString();
    const endAt = new Date(Date.parse(event.endAt) + 86_400_000).toISOString();
    const { _id, companyId, status, lotsCount, locations, ...fields } = event;
    const res = await api.put(t, s.seller, eventPath(eventId), { ...fields, startAt, endAt });
    expect(res.statusCode, res.body).toBe(200);
    const lots = await storedLots(t, eventId);
    expect(lots.map((l) => l.startAt?.toISOString())).toEqual([startAt, startAt]);
    expect(lots.map((l) => l.endedAt?.getTime())).toEqual([Date.parse(endAt), Date.parse(endAt) + 60_000]);
  });
});
