import { errorEnvelope, lotResponse, successEnvelope } from '@lotline/contracts';
import { catalogProducts, legacyLotBids, legacyLots } from '@lotline/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { uniqueId } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const path = (id: string) => `/marketplace/api/lots/${encodeURIComponent(id)}`;
const envelope = successEnvelope(lotResponse);

async function get(id: string, expected = 200) {
  const res = await t.app.inject({ method: 'GET', url: path(id) });
  expect(res.statusCode, res.body).toBe(expected);
  return res.json();
}
async function eventLot(id: string) {
  const data = envelope.parse(await get(id)).data;
  if (data.kind !== 'event-lot') throw new Error(`expected an event lot, got ${data.kind}`);
  return data.lot;
}

describe('GET lots/{lotId}', () => {
  it('returns an event lot with card and detail fields, and never the reserve or book values', async () => {
    const company = await t.make.company({ displayName: 'Acme' });
    const event = await t.make.event({ companyId: company.id, title: 'Spring sale', saleFormat: 'auction' });
    const cpId = uniqueId('cp');
    await t.db.insert(catalogProducts).values({ id: cpId, uniqueName: cpId, name: 'CAT 320' });
    const lot = await t.make.lot({
      companyId: company.id,
      eventId: event.id,
      catalogProductId: cpId,
      description: 'Runs well',
      startingBid: 100_000,
      reserveBid: 900_000,
      grossBookValue: 5_000_000,
      riggingParty: 'seller',
      riggingCost: 20_000,
      shippingOptions: ['pickup', 'fee'],
      shippingPackageType: 'pallets',
      shippingPackageCount: 2,
      marketDemand: 'high',
    });
    await t.make.photo(lot.id, 1);
    await t.make.photo(lot.id, 0);
    const res = await t.app.inject({ method: 'GET', url: path(lot.id) });
    expect(res.body).not.toMatch(/reserve|900000|BookValue|5000000/i);
    const data = await eventLot(lot.id);
    expect(data._id).toBe(lot.id);
    expect(data._source).toMatchObject({
      name: lot.name,
      description: 'Runs well',
      startingBid: 100_000,
      riggingParty: 'seller',
      riggingCost: 20_000,
      loadingParty: null,
      shippingOptions: ['pickup', 'fee'],
      shippingPackageType: 'pallets',
      shippingPackageCount: 2,
      marketDemand: 'high',
      company: { _id: company.id, displayName: 'Acme' },
      event: {
        _id: event.id,
        title: 'Spring sale',
        saleFormat: 'auction',
        status: 'published',
        endAt: '2026-12-31T00:00:00.000Z',
      },
      catalogProduct: { uniqueName: cpId, name: 'CAT 320' },
    });
    expect(data._source.centralFileLinks.map((p) => p.centralFile.s3Url)).toEqual([
      `/files/demo-photos/${lot.id}-0.svg`,
      `/files/demo-photos/${lot.id}-1.svg`,
    ]);
  });

  it('looks an id up as mp2Id, then parentId, then _id', async () => {
    const key = uniqueId('key');
    const byId = await t.make.lot({ id: key });
    const byParent = await t.make.lot({ parentId: key });
    const byMp2 = await t.make.lot({ mp2Id: key });
    expect((await eventLot(key))._id).toBe(byMp2.id);
    const key2 = uniqueId('key');
    await t.make.lot({ id: key2 });
    const parentOnly = await t.make.lot({ parentId: key2 });
    expect((await eventLot(key2))._id).toBe(parentOnly.id);
    expect((await eventLot(byId.id))._id).toBe(byMp2.id);
    expect((await eventLot(byParent.id))._id).toBe(byParent.id);
  });

  it('answers 404 for hidden lots, lots of draft events and unknown ids', async () => {
    const hidden = await t.make.lot({ hiddenFromMarketplace: true, mp2Id: uniqueId('mp2') });
    const draft = await t.make.event({ status: 'draft' });
    const inDraft = await t.make.lot({ eventId: draft.id });
    for (const id of [hidden.id, hidden.mp2Id as string, inDraft.id, 'lot_unknown']) {
      expect(errorEnvelope.parse(await get(id, 404)).errors[0]?.code).toBe('NOT_FOUND');
    }
  });

  it('falls back to a legacy lot with the legacy field names and its bids newest first', async () => {
    const company = await t.make.company({ displayName: 'Old Co' });
    const id = uniqueId('leg');
    await t.db.insert(legacyLots).values({
      id,
      title: 'Forklift',
      titleSeo: 'forklift-2010',
      number: '17',
      status: 'Sold',
      photoUrl: '/files/f.jpg',
      photos: [{ url: '/files/f.jpg' }, { url: '/files/g.jpg' }],
      endedAt: new Date('2025-05-01T12:00:00Z'),
      listingPrice: 250_000,
      currency: 'CAD',
      companyId: company.id,
      addressString: 'Ottawa, ON',
      auctionType: 'tender',
      bidsCount: 2,
      arsEventLotId: 'ars_1',
    });
    await t.db.insert(legacyLotBids).values([
      { id: uniqueId('lb'), legacyLotId: id, amount: 100_000, placedAt: new Date('2025-04-01T00:00:00Z') },
      { id: uniqueId('lb'), legacyLotId: id, amount: 120_000, placedAt: new Date('2025-04-02T00:00:00Z') },
    ]);
    expect(envelope.parse(await get(id)).data).toEqual({
      kind: 'legacy-lot',
      lot: {
        id,
        title: 'Forklift',
        title_seo: 'forklift-2010',
        number: '17',
        status: 'Sold',
        photos: [{ url: '/files/f.jpg' }, { url: '/files/g.jpg' }],
        photo_url: '/files/f.jpg',
        ended_at: '2025-05-01T12:00:00.000Z',
        listing_price: 250_000,
        currency: { name: 'CAD' },
        company: { id: company.id, slug: company.slug, display_name: 'Old Co', name: company.name },
        address_string: 'Ottawa, ON',
        mode: 'lot',
        auction: { type: 'tender' },
        auctionLotBidsCount: 2,
        bids: [
          { amount: 120_000, placedAt: '2025-04-02T00:00:00.000Z' },
          { amount: 100_000, placedAt: '2025-04-01T00:00:00.000Z' },
        ],
        ars_event_lot_id: 'ars_1',
      },
    });
  });

  it('rejects query parameters with 400', async () => {
    const lot = await t.make.lot();
    const res = await t.app.inject({ method: 'GET', url: `${path(lot.id)}?expand=bids` });
    expect(res.statusCode).toBe(400);
    expect(errorEnvelope.parse(res.json()).errors[0]?.code).toBe('VALIDATION_FAILED');
  });
});
