import { errorEnvelope, eventDetailResponse, eventLocationsResponse, successEnvelope } from '@lotline/contracts';
import { eventAttachments, eventTerms } from '@lotline/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, url } from '../../test/app';
import { uniqueId } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const locationsPath = (id: string) => `/ars/api/v2/event/events/${encodeURIComponent(id)}/event-locations`;
const eventPath = (id: string) => `/marketplace/api/event/events/${encodeURIComponent(id)}`;
const DAY = 86_400_000;

/** An event in two locations: Austin has 2 listed lots (+ hidden, sold-out, other event), Ottawa none. */
async function eventWithLocations(status: 'published' | 'draft' = 'published') {
  const company = await t.make.company({ displayName: 'Acme', logoUrl: '/files/logo.png' });
  const event = await t.make.event({
    companyId: company.id,
    status,
    bidDepositAmount: 50_000,
    bidDepositCurrency: 'USD',
    description: 'Plant closure',
  });
  const austin = await t.make.location({
    eventId: event.id,
    city: 'Austin',
    region: 'TX',
    taxRate: 8.25,
    lat: 30.2,
    lon: -97.7,
  });
  const ottawa = await t.make.location({
    eventId: event.id,
    city: 'Ottawa',
    region: 'ON',
    country: 'CA',
    lat: 45.4,
    lon: -75.7,
  });
  const lot = (o: Parameters<TestApp['make']['lot']>[0] = {}) =>
    t.make.lot({ companyId: company.id, eventId: event.id, dispositionLocationId: austin.id, ...o });
  await lot();
  await lot({ status: 'Sold', quantity: 0 });
  await lot({ hiddenFromMarketplace: true });
  await lot({ quantity: 0, endedAt: new Date(Date.now() + DAY) });
  await t.make.lot({ companyId: company.id, dispositionLocationId: austin.id });
  return { company, event, austin, ottawa };
}

async function get(path: string, expected = 200) {
  const res = await t.app.inject({ method: 'GET', url: path });
  expect(res.statusCode, res.body).toBe(expected);
  return res.json();
}

describe('GET event-locations', () => {
  it('lists locations grouped by country, with [lng, lat] and no virtual attributes unless asked', async () => {
    const { event, austin, ottawa } = await eventWithLocations();
    const data = successEnvelope(eventLocationsResponse).parse(await get(locationsPath(event.id))).data;
    expect(data.eventLocations).toEqual([
      {
        dispositionLocationId: ottawa.id,
        city: 'Ottawa',
        region: 'ON',
        country: 'CA',
        taxRate: 0,
        geoPoint: [-75.7, 45.4],
      },
      {
        dispositionLocationId: austin.id,
        city: 'Austin',
        region: 'TX',
        country: 'US',
        taxRate: 8.25,
        geoPoint: [-97.7, 30.2],
      },
    ]);
  });

  it('counts listed lots per location when virtualAttributes=eventLotsCount', async () => {
    const { event, austin, ottawa } = await eventWithLocations();
    const body = await get(url(locationsPath(event.id), { virtualAttributes: 'eventLotsCount' }));
    const data = successEnvelope(eventLocationsResponse).parse(body).data;
    const counts = Object.fromEntries(data.eventLocations.map((l) => [l.dispositionLocationId, l.virtualAttributes]));
    expect(counts).toEqual({ [austin.id]: { eventLotsCount: 2 }, [ottawa.id]: { eventLotsCount: 0 } });
  });

  it.each([
    ['an unknown attribute', 'virtualAttributes=eventLotsCount,price'],
    ['an unknown parameter', 'virtual=1'],
    ['a repeated parameter', 'virtualAttributes=eventLotsCount&virtualAttributes=eventLotsCount'],
  ])('rejects %s with 400', async (_name, qs) => {
    const { event } = await eventWithLocations();
    const body = errorEnvelope.parse(await get(`${locationsPath(event.id)}?${qs}`, 400));
    expect(body.errors[0]?.code).toBe('VALIDATION_FAILED');
  });

  it('answers 404 for a draft or unknown event', async () => {
    const { event } = await eventWithLocations('draft');
    for (const id of [event.id, 'ev_missing']) {
      const body = errorEnvelope.parse(await get(locationsPath(id), 404));
      expect(body.errors[0]?.code).toBe('NOT_FOUND');
    }
  });
});

describe('GET event detail', () => {
  it('returns the event with seller, deposit, ordered terms and attachments, locations and lot count', async () => {
    const { company, event, austin } = await eventWithLocations();
    await t.db.insert(eventTerms).values([
      { id: uniqueId('term'), eventId: event.id, type: 'Removal', text: 'Within 10 days', position: 2 },
      { id: uniqueId('term'), eventId: event.id, type: 'Payment', text: 'Wire only', position: 1 },
    ]);
    await t.db
      .insert(eventAttachments)
      .values([{ id: uniqueId('att'), eventId: event.id, url: '/files/a.pdf', description: 'Catalog' }]);
    const data = successEnvelope(eventDetailResponse).parse(await get(eventPath(event.id))).data.event;
    expect(data).toMatchObject({
      _id: event.id,
      name: event.name,
      title: event.title,
      description: 'Plant closure',
      status: 'published',
      saleFormat: 'auction',
      privateSale: false,
      startAt: '2026-01-01T00:00:00.000Z',
      endAt: '2026-12-31T00:00:00.000Z',
      company: {
        _id: company.id,
        slug: company.slug,
        name: company.name,
        displayName: 'Acme',
        logoUrl: '/files/logo.png',
      },
      bidDeposit: { amount: 50_000, currency: 'USD' },
      attachments: [{ url: '/files/a.pdf', description: 'Catalog' }],
      lotsCount: 2,
    });
    expect(data.terms.map((x) => x.type)).toEqual(['Payment', 'Removal']);
    expect(data.locations.find((l) => l.dispositionLocationId === austin.id)?.virtualAttributes).toEqual({
      eventLotsCount: 2,
    });
  });

  it('gives a null deposit and empty lists for a bare event, which ends when it is scheduled to', async () => {
    const event = await t.make.event({ status: 'view-only' });
    const data = successEnvelope(eventDetailResponse).parse(await get(eventPath(event.id))).data.event;
    expect(data).toMatchObject({ bidDeposit: null, terms: [], attachments: [], locations: [], lotsCount: 0 });
    expect(data.effectiveEndAt).toBe('2026-12-31T00:00:00.000Z');
  });

  it('ends when its last public lot does: the latest effective end, never before the scheduled end', async () => {
    const event = await t.make.event();
    const scheduled = event.endAt.getTime();
    const lot = (minutes: number, o: Parameters<TestApp['make']['lot']>[0] = {}) =>
      t.make.lot({
        companyId: event.companyId,
        eventId: event.id,
        scheduledEndAt: event.endAt,
        endedAt: new Date(scheduled + minutes * 60_000),
        ...o,
      });
    const effectiveEnd = async () =>
      successEnvelope(eventDetailResponse).parse(await get(eventPath(event.id))).data.event.effectiveEndAt;
    // Every lot ends before the schedule (moved earlier): the event still ends as scheduled.
    await lot(-30);
    expect(await effectiveEnd()).toBe(event.endAt.toISOString());
    // A staggered close and a soft close: the latest wins; a hidden lot's later end and another event's are not told.
    await lot(2);
    const extended = await lot(7, { status: 'Sold' });
    await lot(90, { hiddenFromMarketplace: true });
    await t.make.lot({ companyId: event.companyId, endedAt: new Date(scheduled + 120 * 60_000) });
    await lot(0, { endedAt: null, type: 'BuyItNowItem' });
    expect(await effectiveEnd()).toBe(extended.endedAt?.toISOString());
  });

  it('answers 404 for a draft or unknown event, and 400 for a query parameter', async () => {
    const { event } = await eventWithLocations('draft');
    expect(errorEnvelope.parse(await get(eventPath(event.id), 404)).errors[0]?.code).toBe('NOT_FOUND');
    expect(errorEnvelope.parse(await get(eventPath('nope'), 404)).errors[0]?.code).toBe('NOT_FOUND');
    const published = await t.make.event();
    const bad = errorEnvelope.parse(await get(`${eventPath(published.id)}?expand=lots`, 400));
    expect(bad.errors[0]).toMatchObject({ code: 'VALIDATION_FAILED', field: 'expand' });
  });
});
