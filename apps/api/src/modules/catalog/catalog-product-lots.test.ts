import { errorEnvelope, eventLotsResponse, successEnvelope } from '@lotline/contracts';
import { catalogProducts } from '@lotline/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, url } from '../../test/app';
import { uniqueId } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function get(path: string, expected = 200) {
  const res = await t.app.inject({ method: 'GET', url: path });
  expect(res.statusCode, res.body).toBe(expected);
  return res.json();
}

async function product() {
  const id = uniqueId('cp');
  await t.db.insert(catalogProducts).values({ id, uniqueName: `${id}-name`, name: `Product ${id}` });
  return { id, uniqueName: `${id}-name` };
}

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY);
const lotsOf = async (uniqueName: string, params: Record<string, unknown> = {}) =>
  successEnvelope(eventLotsResponse).parse(
    await get(url(`/marketplace/api/catalog/products/${encodeURIComponent(uniqueName)}/lots`, params)),
  ).data;

describe('GET catalog/products/:uniqueName/lots', () => {
  it("lists the product's public lots only, soonest end first, as event-lot cards", async () => {
    const p = await product();
    const other = await product();
    const late = await t.make.lot({ catalogProductId: p.id, endedAt: at(9), name: 'Late lathe' });
    const soon = await t.make.lot({ catalogProductId: p.id, endedAt: at(1) });
    await t.make.lot({ catalogProductId: p.id, endedAt: at(2), hiddenFromMarketplace: true });
    await t.make.lot({ catalogProductId: other.id, endedAt: at(1) });
    await t.make.lot({ endedAt: at(1) });

    const data = await lotsOf(p.uniqueName);
    expect(data.eventLots.map((l) => l._id)).toEqual([soon.id, late.id]);
    expect(data.eventLots[1]?._source.name).toBe('Late lathe');
    expect(data.pagination).toEqual({ pageNumber: 1, pageSize: 30, totalItems: 2, totalPages: 1 });
  });

  it('pages and narrows with the query object of event-lots', async () => {
    const p = await product();
    const active = await t.make.lot({ catalogProductId: p.id, endedAt: at(1) });
    await t.make.lot({ catalogProductId: p.id, endedAt: at(-1), status: 'Sold' });
    const onlyActive = await lotsOf(p.uniqueName, {
      esQuery: { operator: 'and', params: [{ field: 'status', op: 'eq', value: 'Active' }] },
    });
    expect(onlyActive.eventLots.map((l) => l._id)).toEqual([active.id]);
    const page2 = await lotsOf(p.uniqueName, { pageSize: 1, pageNumber: 2 });
    expect(page2.eventLots).toHaveLength(1);
    expect(page2.pagination).toEqual({ pageNumber: 2, pageSize: 1, totalItems: 2, totalPages: 2 });
  });

  it('answers 404 for an unknown product and 400 for unknown parameters or fields', async () => {
    const body = errorEnvelope.parse(await get('/marketplace/api/catalog/products/no-such-product/lots', 404));
    expect(body.errors[0]?.code).toBe('NOT_FOUND');
    const p = await product();
    for (const params of [{ x: '1' }, { esQuery: { params: [{ field: 'name', op: 'eq', value: 'a' }] } }]) {
      const bad = errorEnvelope.parse(
        await get(url(`/marketplace/api/catalog/products/${p.uniqueName}/lots`, params), 400),
      );
      expect(bad.errors[0]?.code).toBe('VALIDATION_FAILED');
    }
  });
});
