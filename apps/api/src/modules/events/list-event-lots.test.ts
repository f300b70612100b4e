import { eventLotsResponse, successEnvelope } from '@lotline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, url } from '../../test/app';

const PATH = '/marketplace/api/event/event-lots';
const envelope = successEnvelope(eventLotsResponse);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Cond = { field: string; op: string; value?: unknown };

/** Lists lots of one company (so tests sharing the database never see each other's rows). */
async function list(companyId: string, params: Cond[] = [], extra: Record<string, unknown> = {}, operator = 'and') {
  const esQuery = { operator: 'and', params: [{ field: 'companyId', op: 'eq', value: companyId }] };
  // An OR query is nested as: companyId AND (a OR b) is not expressible, so OR tests use ids instead.
  const query = operator === 'or' ? { operator, params } : { ...esQuery, params: [...esQuery.params, ...params] };
  const res = await t.app.inject({ method: 'GET', url: url(PATH, { esQuery: query, ...extra }) });
  expect(res.statusCode, res.body).toBe(200);
  return envelope.parse(res.json()).data;
}
const ids = (data: { eventLots: { _id: string }[] }) => data.eventLots.map((l) => l._id);

describe('GET event-lots', () => {
  it('returns cards with joined company, event, category, brand, location and ordered photos', async () => {
    const company = await t.make.company({ displayName: 'Acme Surplus', city: 'Austin', region: 'TX', country: 'US' });
    const event = await t.make.event({ companyId: company.id, name: 'Spring sale', privateSale: true });
    const category = await t.make.category({ name: 'Lathes' });
    const brand = await t.make.brand({ name: 'Haas', uniqueName: 'haas' });
    const location = await t.make.location({ city: 'Dallas', region: 'TX' });
    const lot = await t.make.lot({
      companyId: company.id,
      eventId: event.id,
      productCategoryId: category.id,
      brandId: brand.id,
      dispositionLocationId: location.id,
      currentBidAmount: 1_250_000,
      startingBid: 100_000,
      endedAt: new Date('2026-11-21T15:00:00Z'),
    });
    await t.make.photo(lot.id, 2, { id: `${lot.id}_p2`, previousId: `${lot.id}_p1` });
    await t.make.photo(lot.id, 1, { id: `${lot.id}_p1` });
    await t.make.photo(lot.id, 3, { id: `${lot.id}_p3` });

    const data = await list(company.id);
    expect(data.pagination).toEqual({ pageNumber: 1, pageSize: 30, totalItems: 1, totalPages: 1 });
    const source = data.eventLots[0]?._source;
    expect(source).toMatchObject({
      _id: lot.id,
      companyId: company.id,
      status: 'Active',
      type: 'AuctionLot',
      currency: 'USD',
      currentBid: { amount: 1_250_000 },
      startingBid: 100_000,
      endedAt: '2026-11-21T15:00:00.000Z',
      company: { _id: company.id, displayName: 'Acme Surplus' },
      event: { _id: event.id, name: 'Spring sale', status: 'published', privateSale: true },
      productCategory: { _id: category.id, name: 'Lathes', pathId: `/${category.id}/` },
      brand: { name: 'Haas', uniqueName: 'haas' },
      companyLocation: { city: 'Austin', region: 'TX', country: 'US' },
      dispositionLocation: { city: 'Dallas', region: 'TX', country: 'US' },
      geoCoordinates: { lat: 29.76, lon: -95.37 },
    });
    expect(source?.centralFileLinks.map((l) => l._id)).toEqual([`${lot.id}_p1`, `${lot.id}_p2`, `${lot.id}_p3`]);
    expect(source?.centralFileLinks[1]).toEqual({
      _id: `${lot.id}_p2`,
      type: 'image',
      centralFile: { s3Url: `/files/demo-photos/${lot.id}-2.svg` },
      previousCentralFileLinkId: `${lot.id}_p1`,
    });
  });

  it('pages deterministically: endedAt ascending, no end last, then id', async () => {
    const company = await t.make.company();
    const at = (iso: string) => new Date(iso);
    const made = [
      await t.make.lot({ companyId: company.id, id: `${company.id}_e`, endedAt: null }),
      await t.make.lot({ companyId: company.id, id: `${company.id}_b`, endedAt: at('2026-05-01T00:00:00Z') }),
      await t.make.lot({ companyId: company.id, id: `${company.id}_a`, endedAt: at('2026-05-01T00:00:00Z') }),
      await t.make.lot({ companyId: company.id, id: `${company.id}_c`, endedAt: at('2026-04-01T00:00:00Z') }),
      await t.make.lot({ companyId: company.id, id: `${company.id}_d`, endedAt: null }),
    ];
    expect(made).toHaveLength(5);
    const p1 = await list(company.id, [], { pageSize: '2', pageNumber: '1' });
    const p2 = await list(company.id, [], { pageSize: '2', pageNumber: '2' });
    const p3 = await list(company.id, [], { pageSize: '2', pageNumber: '3' });
    const p4 = await list(company.id, [], { pageSize: '2', pageNumber: '4' });
    const c = company.id;
    expect([...ids(p1), ...ids(p2), ...ids(p3)]).toEqual([`${c}_c`, `${c}_a`, `${c}_b`, `${c}_d`, `${c}_e`]);
    expect(p1.pagination).toEqual({ pageNumber: 1, pageSize: 2, totalItems: 5, totalPages: 3 });
    expect(p4.eventLots).toEqual([]);
    expect(p4.pagination.totalItems).toBe(5);
  });

  it('excludes hidden lots and lots of draft events, keeps lots with no event', async () => {
    const company = await t.make.company();
    const draft = await t.make.event({ companyId: company.id, status: 'draft' });
    const shown = await t.make.lot({ companyId: company.id });
    await t.make.lot({ companyId: company.id, hiddenFromMarketplace: true });
    await t.make.lot({ companyId: company.id, eventId: draft.id });
    expect(ids(await list(company.id))).toEqual([shown.id]);
  });

  it('supports every operator', async () => {
    const company = await t.make.company();
    const a = await t.make.lot({
      companyId: company.id,
      number: '10',
      mp2Id: `${company.id}-m`,
      endedAt: new Date('2026-03-01T00:00:00Z'),
    });
    const b = await t.make.lot({ companyId: company.id, number: '20', endedAt: new Date('2026-06-01T00:00:00Z') });
    const c = await t.make.lot({ companyId: company.id, number: '30', endedAt: null });
    const sorted = (xs: string[]) => [...xs].sort();
    const q = async (cond: Cond) => sorted(ids(await list(company.id, [cond])));

    expect(await q({ field: 'number', op: 'eq', value: '20' })).toEqual([b.id]);
    expect(await q({ field: 'number', op: 'ne', value: '20' })).toEqual(sorted([a.id, c.id]));
    expect(await q({ field: '_id', op: 'in', value: [a.id, c.id] })).toEqual(sorted([a.id, c.id]));
    expect(await q({ field: '_id', op: 'nin', value: [a.id] })).toEqual(sorted([b.id, c.id]));
    expect(await q({ field: 'endedAt', op: 'gt', value: '2026-03-01T00:00:00Z' })).toEqual([b.id]);
    expect(await q({ field: 'endedAt', op: 'gte', value: '2026-03-01T00:00:00Z' })).toEqual(sorted([a.id, b.id]));
    expect(await q({ field: 'endedAt', op: 'lt', value: '2026-06-01' })).toEqual([a.id]);
    expect(await q({ field: 'endedAt', op: 'lte', value: '2026-06-01T00:00:00+00:00' })).toEqual(sorted([a.id, b.id]));
    expect(await q({ field: 'endedAt', op: 'exists', value: false })).toEqual([c.id]);
    expect(await q({ field: 'mp2Id', op: 'exists', value: true })).toEqual([a.id]);
    // `ne` includes lots where the field is absent, as the index did.
    expect(await q({ field: 'mp2Id', op: 'ne', value: `${company.id}-m` })).toEqual(sorted([b.id, c.id]));
    expect(await q({ field: 'mp2Id', op: 'nin', value: [`${company.id}-m`] })).toEqual(sorted([b.id, c.id]));
    // Empty values are ignored (contract §1).
    expect(await q({ field: 'number', op: 'eq', value: '' })).toHaveLength(3);
    expect(await q({ field: '_id', op: 'in', value: [] })).toHaveLength(3);
  });

  it('joins conditions with and / or', async () => {
    const company = await t.make.company();
    const a = await t.make.lot({ companyId: company.id, type: 'BuyItNowItem', status: 'Active' });
    const b = await t.make.lot({ companyId: company.id, type: 'AuctionLot', status: 'Sold' });
    await t.make.lot({ companyId: company.id, type: 'TenderLot', status: 'Active' });
    const and = await list(company.id, [
      { field: 'type', op: 'eq', value: 'BuyItNowItem' },
      { field: 'status', op: 'eq', value: 'Active' },
    ]);
    expect(ids(and)).toEqual([a.id]);
    const or = await list(
      company.id,
      [
        { field: '_id', op: 'eq', value: a.id },
        { field: '_id', op: 'eq', value: b.id },
      ],
      {},
      'or',
    );
    expect(ids(or).sort()).toEqual([a.id, b.id].sort());
  });

  it('maps lower-case index statuses to canonical ones', async () => {
    const company = await t.make.company();
    const pending = await t.make.lot({ companyId: company.id, status: 'OrderPending' });
    const paid = await t.make.lot({ companyId: company.id, status: 'OrderPaid' });
    await t.make.lot({ companyId: company.id, status: 'Active' });
    expect(ids(await list(company.id, [{ field: 'status', op: 'eq', value: 'order-pending' }]))).toEqual([pending.id]);
    const both = await list(company.id, [{ field: 'status', op: 'in', value: ['order-pending', 'OrderPaid'] }]);
    expect(ids(both).sort()).toEqual([pending.id, paid.id].sort());
    expect(both.eventLots.map((l) => l._source.status).sort()).toEqual(['OrderPaid', 'OrderPending']);
  });

  it('treats productCategory.pathId as the category and its descendants', async () => {
    const company = await t.make.company();
    const root = await t.make.category();
    const child = await t.make.category({}, root);
    const grandchild = await t.make.category({}, child);
    const other = await t.make.category();
    const inRoot = await t.make.lot({ companyId: company.id, productCategoryId: root.id });
    const inChild = await t.make.lot({ companyId: company.id, productCategoryId: child.id });
    const inGrandchild = await t.make.lot({ companyId: company.id, productCategoryId: grandchild.id });
    const inOther = await t.make.lot({ companyId: company.id, productCategoryId: other.id });
    const none = await t.make.lot({ companyId: company.id });
    const q = async (cond: Cond) => ids(await list(company.id, [cond])).sort();

    expect(await q({ field: 'productCategory.pathId', op: 'eq', value: root.id })).toEqual(
      [inRoot.id, inChild.id, inGrandchild.id].sort(),
    );
    expect(await q({ field: 'productCategory.pathId', op: 'eq', value: child.id })).toEqual(
      [inChild.id, inGrandchild.id].sort(),
    );
    expect(await q({ field: 'productCategory.pathId', op: 'in', value: [grandchild.id, other.id] })).toEqual(
      [inGrandchild.id, inOther.id].sort(),
    );
    expect(await q({ field: 'productCategory.pathId', op: 'ne', value: child.id })).toEqual(
      [inRoot.id, inOther.id, none.id].sort(),
    );
    expect(await q({ field: 'productCategory.pathId', op: 'exists', value: false })).toEqual([none.id]);
  });

  it('filters on brand.uniqueName and counts correctly past the last page', async () => {
    const company = await t.make.company();
    const brand = await t.make.brand();
    const lot = await t.make.lot({ companyId: company.id, brandId: brand.id });
    await t.make.lot({ companyId: company.id });
    const cond = { field: 'brand.uniqueName', op: 'eq', value: brand.uniqueName };
    expect(ids(await list(company.id, [cond]))).toEqual([lot.id]);
    const beyond = await list(company.id, [cond], { pageNumber: '5', pageSize: '1' });
    expect(beyond.pagination).toEqual({ pageNumber: 5, pageSize: 1, totalItems: 1, totalPages: 1 });
  });

  it('returns an empty page when nothing matches', async () => {
    const data = await list('co_nobody');
    expect(data).toEqual({ eventLots: [], pagination: { pageNumber: 1, pageSize: 30, totalItems: 0, totalPages: 0 } });
  });
});
