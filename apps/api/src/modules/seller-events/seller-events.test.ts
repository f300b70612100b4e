import { MAX_AMOUNT } from '@lotline/contracts';
import { events, eventTerms, rateLimits } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app';
import { sellerOf } from '../messaging/test-helpers';
import {
  api,
  type Caller,
  codes,
  createDraft,
  daysFromNow,
  EVENTS,
  eventBody,
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

const eventsOf = (companyId: string) => t.db.select().from(events).where(eq(events.companyId, companyId));

describe('POST /marketplace-api/seller/events', () => {
  it('creates a draft with its terms, deposit, settings and attachments; GET and the list show it', async () => {
    const body = eventBody();
    const res = await api.post(t, s.seller, EVENTS, { companyId: s.company.id, ...body });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      companyId: s.company.id,
      status: 'draft',
      name: body.name,
      bidDeposit: body.bidDeposit,
      settings: body.settings,
      terms: body.terms,
      attachments: body.attachments,
      locations: [],
      lotsCount: 0,
    });
    expect(Date.parse(created.endAt)).toBe(Date.parse(body.endAt));
    const read = await api.get(t, s.seller, eventPath(created._id));
    expect(read.json().data).toEqual(created);
    const list = await api.get(t, s.seller, `${EVENTS}?status=draft`);
    expect(list.json().data.events.map((e: { _id: string }) => e._id)).toContain(created._id);
    expect(list.json().data.events[0]).toEqual({
      _id: created._id,
      companyId: s.company.id,
      name: body.name,
      title: body.title,
      status: 'draft',
      saleFormat: 'auction',
      startAt: created.startAt,
      endAt: created.endAt,
      lotsCount: 0,
    });
  });

  it.each([
    ['the end before the start', { endAt: daysFromNow(0.5) }, 'endAt', 'The end must be after the start.'],
    [
      'an increment table not starting at 0',
      { settings: { ...eventBody().settings, incrementTable: [{ from: 100, increment: 5 }] } },
      'settings.incrementTable.0.from',
      'The increment table must start at 0.',
    ],
    [
      'an increment table that does not grow',
      {
        settings: {
          ...eventBody().settings,
          incrementTable: [
            { from: 0, increment: 5 },
            { from: 0, increment: 10 },
          ],
        },
      },
      'settings.incrementTable.1.from',
      'Each row of the increment table must start above the one before it.',
    ],
    [
      'an increment of 0',
      { settings: { ...eventBody().settings, incrementTable: [{ from: 0, increment: 0 }] } },
      'settings.incrementTable.0.increment',
      'The increment must be at least 1 cent.',
    ],
    [
      'a deposit above the largest amount',
      { bidDeposit: { amount: MAX_AMOUNT + 1, currency: 'USD' } },
      'bidDeposit.amount',
      'The bid deposit is too large.',
    ],
    [
      'a fractional deposit',
      { bidDeposit: { amount: 10.5, currency: 'USD' } },
      'bidDeposit.amount',
      'The bid deposit must be a whole number of cents.',
    ],
    ['an empty name', { name: '  ' }, 'name', 'The name is required.'],
    ['a name too long', { name: 'x'.repeat(201) }, 'name', 'The name can be at most 200 characters long.'],
    ['an empty terms text', { terms: [{ type: 'Payment', text: '' }] }, 'terms.0.text', 'The terms text is required.'],
    ['a date that is not one', { startAt: 'tomorrow' }, 'startAt', 'The start must be a date and time (ISO 8601).'],
    // PostgreSQL has no year 0: without the window this was a 500.
    [
      'a date in year 0',
      { startAt: '0000-01-01T00:00:00Z' },
      'startAt',
      'The start must be between the years 1970 and 9999.',
    ],
  ])('refuses %s with 400 naming the field, and creates nothing', async (_what, overrides, field, message) => {
    const before = (await eventsOf(s.company.id)).length;
    const res = await api.post(t, s.seller, EVENTS, { companyId: s.company.id, ...eventBody(overrides) });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toContainEqual({ code: 'VALIDATION_FAILED', field, message });
    expect((await eventsOf(s.company.id)).length).toBe(before);
  });

  it('refuses an unknown field (400)', async () => {
    const res = await api.post(t, s.seller, EVENTS, { companyId: s.company.id, ...eventBody(), status: 'published' });
    expect(res.statusCode).toBe(400);
    expect(codes(res)).toContain('VALIDATION_FAILED status');
  });

  it.each<[string, () => Caller, number]>([
    ['a visitor', () => null, 401],
    ['another company’s seller', () => s.other, 403],
    ['a buyer', () => s.buyer, 403],
  ])('refuses %s and creates nothing', async (_who, who, status) => {
    const before = (await eventsOf(s.company.id)).length;
    const res = await api.post(t, who(), EVENTS, { companyId: s.company.id, ...eventBody() });
    expect(res.statusCode, res.body).toBe(status);
    expect((await eventsOf(s.company.id)).length).toBe(before);
  });
});

describe('GET /marketplace-api/seller/events', () => {
  it('lists only the user’s companies’ events, newest first, with paging', async () => {
    const first = await createDraft(t, s.seller, s.company.id, { name: 'First' });
    const second = await createDraft(t, s.seller, s.company.id, { name: 'Second' });
    await t.make.event({ status: 'draft' });
    const res = await api.get(t, s.seller, `${EVENTS}?pageSize=2&pageNumber=1`);
    const data = res.json().data;
    expect(data.events.map((e: { _id: string }) => e._id)).toEqual([second._id, first._id]);
    expect(data.pagination).toMatchObject({ pageNumber: 1, pageSize: 2 });
    const all = await api.get(t, s.seller, `${EVENTS}?pageSize=100`);
    const companies = new Set(all.json().data.events.map((e: { companyId: string }) => e.companyId));
    expect([...companies]).toEqual([s.company.id]);
    expect(all.json().data.pagination.totalItems).toBe((await eventsOf(s.company.id)).length);
  });

  it('401 for a visitor, 403 for a buyer, 400 for a bad status', async () => {
    expect((await api.get(t, null, EVENTS)).statusCode).toBe(401);
    expect((await api.get(t, s.buyer, EVENTS)).statusCode).toBe(403);
    expect((await api.get(t, s.seller, `${EVENTS}?status=open`)).statusCode).toBe(400);
  });
});

describe('GET and PUT /marketplace-api/seller/events/{eventId}', () => {
  it('a draft takes every field', async () => {
    const draft = await createDraft(t, s.seller, s.company.id);
    const changed = eventBody({
      name: 'Renamed',
      saleFormat: 'tender',
      privateSale: true,
      bidDeposit: null,
      startAt: daysFromNow(2),
      endAt: daysFromNow(3),
      settings: { ...eventBody().settings, incrementTable: [{ from: 0, increment: 100 }], buyersPremiumBps: 1500 },
      terms: [{ type: 'Bidder', text: 'Be nice.' }],
      attachments: [],
    });
    const res = await api.put(t, s.seller, eventPath(draft._id), changed);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Renamed',
      saleFormat: 'tender',
      privateSale: true,
      bidDeposit: null,
      settings: changed.settings,
      terms: changed.terms,
      attachments: [],
    });
    const terms = await t.db.select().from(eventTerms).where(eq(eventTerms.eventId, draft._id));
    expect(terms.map((row) => row.type)).toEqual(['Bidder']);
  });

  it('400 names the field and changes nothing', async () => {
    const draft = await createDraft(t, s.seller, s.company.id);
    const before = await storedEvent(t, draft._id);
    const res = await api.put(t, s.seller, eventPath(draft._id), eventBody({ name: 'Changed', endAt: daysFromNow(0) }));
    expect(res.statusCode).toBe(400);
    expect(codes(res)).toContain('VALIDATION_FAILED endAt');
    expect(await storedEvent(t, draft._id)).toEqual(before);
  });

  it.each<[string, () => Caller, number, string]>([
    ['a visitor', () => null, 401, 'UNAUTHENTICATED'],
    ['another company’s seller', () => s.other, 403, 'FORBIDDEN'],
    ['a buyer', () => s.buyer, 403, 'FORBIDDEN'],
  ])('refuses %s (read and write) and changes nothing', async (_who, who, status, code) => {
    const draft = await createDraft(t, s.seller, s.company.id);
    const before = await storedEvent(t, draft._id);
    const read = await api.get(t, who(), eventPath(draft._id));
    expect([read.statusCode, codes(read)[0]]).toEqual([status, code]);
    const write = await api.put(t, who(), eventPath(draft._id), eventBody({ name: 'Hijacked' }));
    expect([write.statusCode, codes(write)[0]]).toEqual([status, code]);
    expect(await storedEvent(t, draft._id)).toEqual(before);
  });

  it('404 for an unknown event', async () => {
    expect((await api.get(t, s.seller, eventPath('ev_unknown'))).statusCode).toBe(404);
    expect((await api.put(t, s.seller, eventPath('ev_unknown'), eventBody())).statusCode).toBe(404);
  });
});

describe('rate limit of the writes', () => {
  it('429 for a seller over the limit, on every write, and nothing changes', async () => {
    const seller = await sellerOf(t, s.company.id, 'Rita Rapid');
    const draft = await createDraft(t, seller, s.company.id);
    const location = await api.post(t, seller, `${eventPath(draft._id)}/locations`, houston);
    const before = await storedEvent(t, draft._id);
    // As the limiter leaves a user who went over: blocked for a while.
    const blockedUntil = new Date(Date.now() + 3_600_000);
    await t.db
      .update(rateLimits)
      .set({ windowStart: blockedUntil, blockedUntil })
      .where(eq(rateLimits.key, `seller-write:user:${seller.id}`));
    const writes = [
      () => api.post(t, seller, EVENTS, { companyId: s.company.id, ...eventBody() }),
      () => api.put(t, seller, eventPath(draft._id), eventBody({ name: 'Renamed' })),
      () => api.post(t, seller, `${eventPath(draft._id)}/locations`, houston),
      () => api.delete(t, seller, `${eventPath(draft._id)}/locations/${location.json().data._id}`),
      () => api.post(t, seller, `${eventPath(draft._id)}/publish`, { as: 'published' }),
      () => api.post(t, seller, `${eventPath(draft._id)}/finalize`),
    ];
    for (const write of writes) expect(codes(await write())).toEqual(['RATE_LIMITED']);
    expect(await storedEvent(t, draft._id)).toEqual(before);
    expect((await api.get(t, seller, eventPath(draft._id))).json().data.locations).toHaveLength(1);
  });
});
