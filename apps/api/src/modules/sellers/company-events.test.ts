import { errorEnvelope, eventSearchResponse, successEnvelope } from '@lotline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

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

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY);

describe('GET companies/:id/events', () => {
  it("lists the seller's visible current events, ending soonest first, with their lot counts", async () => {
    const seller = await t.make.company();
    const other = await t.make.company();
    const later = await t.make.event({ companyId: seller.id, startAt: at(-5), endAt: at(20) });
    const sooner = await t.make.event({ companyId: seller.id, startAt: at(-5), endAt: at(3) });
    const upcoming = await t.make.event({ companyId: seller.id, startAt: at(2), endAt: at(9) });
    await t.make.event({ companyId: seller.id, startAt: at(-30), endAt: at(-1) }); // past
    await t.make.event({ companyId: seller.id, startAt: at(-5), endAt: at(4), privateSale: true });
    await t.make.event({ companyId: other.id, startAt: at(-5), endAt: at(3) });
    await t.make.lot({ companyId: seller.id, eventId: sooner.id, endedAt: at(3) });

    const body = successEnvelope(eventSearchResponse).parse(
      await get(`/marketplace/api/companies/${seller.id}/events`),
    );
    expect(body.data.events.map((e) => e._id)).toEqual([sooner.id, upcoming.id, later.id]);
    expect(body.data.events[0]?.company._id).toBe(seller.id);
    expect(body.data.events[0]?.lotsCount).toBe(1);
    expect(body.data.pagination).toEqual({ pageNumber: 1, pageSize: 30, totalItems: 3, totalPages: 1 });
  });

  it('pages and filters by status', async () => {
    const seller = await t.make.company();
    const past = await t.make.event({ companyId: seller.id, startAt: at(-30), endAt: at(-1) });
    const ids = [];
    for (const days of [1, 2, 3])
      ids.push((await t.make.event({ companyId: seller.id, startAt: at(-1), endAt: at(days) })).id);

    const second = successEnvelope(eventSearchResponse).parse(
      await get(`/marketplace/api/companies/${seller.id}/events?page=2&page-size=15`),
    );
    expect(second.data.events).toEqual([]);
    expect(second.data.pagination.totalItems).toBe(3);
    const pastOnly = successEnvelope(eventSearchResponse).parse(
      await get(`/marketplace/api/companies/${seller.id}/events?status=past`),
    );
    expect(pastOnly.data.events.map((e) => e._id)).toEqual([past.id]);
  });

  it('answers 404 for an unknown seller and 400 for bad or unknown parameters', async () => {
    expect(errorEnvelope.parse(await get('/marketplace/api/companies/co_none/events', 404)).errors[0]?.code).toBe(
      'NOT_FOUND',
    );
    const seller = await t.make.company();
    for (const query of ['status=sold', 'page-size=7', 'keyword=x', 'page=0']) {
      const body = errorEnvelope.parse(await get(`/marketplace/api/companies/${seller.id}/events?${query}`, 400));
      expect(body.errors[0]?.code).toBe('VALIDATION_FAILED');
    }
  });
});
