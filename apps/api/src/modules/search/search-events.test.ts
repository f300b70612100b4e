import { eventSearchResponse, successEnvelope } from '@lotline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { expect400, getData, hoursFromNow, uniqueWord } from './facets.fixtures';

const PATH = '/marketplace/api/search/events';
const envelope = successEnvelope(eventSearchResponse);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const search = (params: Record<string, unknown>) => getData(t, PATH, params, envelope);
const ids = (data: { events: { _id: string }[] }) => data.events.map((e) => e._id);

describe('GET search/events', () => {
  it('returns visible events ending soonest first with company, lot count, deposit and locations', async () => {
    const word = uniqueWord();
    const company = await t.make.company({ displayName: 'Acme', logoUrl: '/files/acme.png' });
    const later = await t.make.event({
      companyId: company.id,
      name: `${word} later`,
      startAt: hoursFromNow(-10),
      endAt: hoursFromNow(50),
      bidDepositAmount: 50_000,
      bidDepositCurrency: 'USD',
    });
    const sooner = await t.make.event({ name: `${word} sooner`, startAt: hoursFromNow(-10), endAt: hoursFromNow(5) });
    // Not visible: draft, and a private sale.
    await t.make.event({ name: `${word} draft`, status: 'draft', endAt: hoursFromNow(1) });
    await t.make.event({ name: `${word} private`, privateSale: true, endAt: hoursFromNow(1) });
    await t.make.location({ eventId: later.id, city: 'Dallas', region: 'TX' });
    await t.make.location({ eventId: later.id, city: 'Calgary', region: 'AB', country: 'CA' });
    await t.make.lot({ eventId: later.id, companyId: company.id });
    await t.make.lot({ eventId: later.id, companyId: company.id });
    // Not counted: hidden, and out of stock while still open.
    await t.make.lot({ eventId: later.id, companyId: company.id, hiddenFromMarketplace: true });
    await t.make.lot({ eventId: later.id, companyId: company.id, quantity: 0, endedAt: hoursFromNow(5) });

    const data = await search({ keyword: word });
    expect(ids(data)).toEqual([sooner.id, later.id]);
    expect(data.pagination).toEqual({ pageNumber: 1, pageSize: 30, totalItems: 2, totalPages: 1 });
    expect(data.events[1]).toEqual({
      _id: later.id,
      name: `${word} later`,
      title: later.title,
      status: 'published',
      startAt: later.startAt.toISOString(),
      endAt: later.endAt.toISOString(),
      saleFormat: 'auction',
      company: {
        _id: company.id,
        slug: company.slug,
        name: company.name,
        displayName: 'Acme',
        logoUrl: '/files/acme.png',
      },
      lotsCount: 2,
      bidDeposit: { amount: 50_000, currency: 'USD' },
      // Grouped by country in the enum's order (US, CA), then region and city.
      locations: [
        { city: 'Dallas', region: 'TX', country: 'US' },
        { city: 'Calgary', region: 'AB', country: 'CA' },
      ],
    });
    expect(data.events[0]).toMatchObject({ lotsCount: 0, bidDeposit: null, locations: [] });
  });

  it('sorts by start time for recent (newest first) and sequence (oldest first)', async () => {
    const word = uniqueWord();
    const early = await t.make.event({ name: `${word} early`, startAt: hoursFromNow(-30), endAt: hoursFromNow(5) });
    const late = await t.make.event({ name: `${word} late`, startAt: hoursFromNow(-2), endAt: hoursFromNow(90) });
    expect(ids(await search({ keyword: word }))).toEqual([early.id, late.id]);
    expect(ids(await search({ keyword: word, sort: 'recent' }))).toEqual([late.id, early.id]);
    expect(ids(await search({ keyword: word, sort: 'sequence' }))).toEqual([early.id, late.id]);
    await expect400(t, PATH, { sort: 'near-me' });
  });

  it('filters by status windows', async () => {
    const word = uniqueWord();
    const active = await t.make.event({ name: `${word} a`, startAt: hoursFromNow(-5), endAt: hoursFromNow(5) });
    const upcoming = await t.make.event({ name: `${word} u`, startAt: hoursFromNow(5), endAt: hoursFromNow(10) });
    const ended = await t.make.event({ name: `${word} e`, startAt: hoursFromNow(-10), endAt: hoursFromNow(-5) });
    const finalized = await t.make.event({
      name: `${word} f`,
      status: 'finalized',
      startAt: hoursFromNow(-10),
      endAt: hoursFromNow(20),
    });
    const by = async (status: string) => ids(await search({ keyword: word, status })).sort();
    expect(await by('active')).toEqual([active.id]);
    expect(await by('upcoming')).toEqual([upcoming.id]);
    expect(await by('active-and-upcoming')).toEqual([active.id, upcoming.id].sort());
    expect(await by('past')).toEqual([ended.id, finalized.id].sort());
    expect(ids(await search({ keyword: word })).sort()).toEqual(
      [active.id, upcoming.id, ended.id, finalized.id].sort(),
    );
  });

  it('filters by sale format and keeps buy-now events out of the tab', async () => {
    const word = uniqueWord();
    const auction = await t.make.event({ name: `${word} a`, saleFormat: 'auction' });
    const tender = await t.make.event({ name: `${word} t`, saleFormat: 'tender' });
    await t.make.event({ name: `${word} b`, saleFormat: 'buy-now' });
    expect(ids(await search({ keyword: word, 'sale-format': 'tender' }))).toEqual([tender.id]);
    expect(ids(await search({ keyword: word, 'sale-format': 'auction' }))).toEqual([auction.id]);
    expect(ids(await search({ keyword: word })).sort()).toEqual([auction.id, tender.id].sort());
  });

  it('matches the keyword on name or title, case-insensitively and literally', async () => {
    const word = uniqueWord();
    const byTitle = await t.make.event({ name: 'Plain', title: `Big ${word.toUpperCase()} sale` });
    expect(ids(await search({ keyword: `  ${word} ` }))).toEqual([byTitle.id]);
    // As a LIKE wildcard, % would match the title; typed by a user it is a plain character.
    expect(ids(await search({ keyword: `${word.slice(0, 3)}%${word.slice(4)}` }))).toEqual([]);
  });

  it('pages with the total', async () => {
    const word = uniqueWord();
    const made = [];
    for (let i = 0; i < 16; i++) made.push(await t.make.event({ name: `${word} ${i}`, endAt: hoursFromNow(100 + i) }));
    const page2 = await search({ keyword: word, page: 2, 'page-size': 15 });
    expect(ids(page2)).toEqual([made[15]?.id]);
    expect(page2.pagination).toEqual({ pageNumber: 2, pageSize: 15, totalItems: 16, totalPages: 2 });
    const beyond = await search({ keyword: word, page: 5, 'page-size': 15 });
    expect(beyond.events).toEqual([]);
    expect(beyond.pagination.totalItems).toBe(16);
  });

  it('rejects bad parameters', async () => {
    await expect400(t, PATH, { 'sale-format': 'buy-now' });
    await expect400(t, PATH, { status: 'ended' });
    await expect400(t, PATH, { 'page-size': 20 });
    await expect400(t, PATH, { page: 0 });
    await expect400(t, PATH, { browse: 'events' });
  });
});
