import { legacyLots, wishlists } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { uniqueId } from '../../test/factories';
import { send } from '../account/test-helpers';
import { get, signUpUser } from '../identity/test-helpers';

describe('legacy wishlist endpoints: /user/wishlist…', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const rowsOf = (userId: string) =>
    t.db
      .select({ type: wishlists.documentType, id: wishlists.documentId })
      .from(wishlists)
      .where(eq(wishlists.userId, userId));
  const legacyLot = async () => {
    const id = uniqueId('leg');
    await t.db
      .insert(legacyLots)
      .values({ id, title: 'Forklift', titleSeo: 'forklift', number: '1', status: 'Active' });
    return id;
  };
  const lotIds = (ids: string[]) => ids.map((id) => `auction_lot_ids[]=${encodeURIComponent(id)}`).join('&');
  const auctionIds = (ids: string[]) => ids.map((id) => `auction_ids[]=${encodeURIComponent(id)}`).join('&');

  it('watches a legacy lot and lists only the watched ones among those asked', async () => {
    const { id, cookie } = await signUpUser(t);
    const [a, b] = [await legacyLot(), await legacyLot()];
    const add = await send(t, 'POST', '/user/wishlist-add', { target: 'auction_lot', target_id: a }, { cookie });
    expect(add.statusCode).toBe(200);
    expect(add.json()).toEqual({ status: 'success', data: { target: 'auction_lot', target_id: a } });
    expect(await rowsOf(id)).toEqual([{ type: 'legacy-lot', id: a }]);

    const res = await get(t, `/user/wishlist/auction-lot-wishlist/data?${lotIds([a, b, a])}`, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', data: { auction_lots: [{ id: a, watched: true }] } });
    // One id arrives as a plain string rather than a list.
    const one = await get(t, `/user/wishlist/auction-lot-wishlist/data?${lotIds([b])}`, cookie);
    expect(one.json().data).toEqual({ auction_lots: [] });
  });

  it('an auction is an event: the same row as the wishlist of documentType event', async () => {
    const { id, cookie } = await signUpUser(t);
    const event = await t.make.event();
    const add = await send(t, 'POST', '/user/wishlist-add', { target: 'auction', target_id: event.id }, { cookie });
    expect(add.statusCode).toBe(200);
    const again = await send(t, 'POST', '/user/wishlist-add', { target: 'auction', target_id: event.id }, { cookie });
    expect(again.statusCode).toBe(200);
    expect(await rowsOf(id)).toEqual([{ type: 'event', id: event.id }]);

    const res = await get(t, `/user/wishlist/auction-wishlist/data?${auctionIds([event.id, 'ev_other'])}`, cookie);
    expect(res.json().data).toEqual({ auctions: [{ id: event.id, watched: true }] });
    const modern = await get(t, `/marketplace/api/identity/users/${id}/wishlists`, cookie);
    expect(modern.json().data.wishlists).toEqual([
      { _id: expect.any(String), documentId: event.id, documentType: 'event' },
    ]);
  });

  it('watches a seller, accepts a numeric id, and removes idempotently', async () => {
    const { id, cookie } = await signUpUser(t);
    const company = await t.make.company({ id: String(Math.floor(Math.random() * 1e9) + 1e9) });
    const add = await send(
      t,
      'POST',
      '/user/wishlist-add',
      { target: 'company', target_id: Number(company.id) },
      { cookie },
    );
    expect(add.statusCode).toBe(200);
    expect(add.json().data).toEqual({ target: 'company', target_id: Number(company.id) });
    expect(await rowsOf(id)).toEqual([{ type: 'company', id: company.id }]);

    const body = { target: 'company', target_id: company.id };
    const del = await send(t, 'POST', '/user/wishlist-delete', body, { cookie });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ status: 'success', data: body });
    expect(await rowsOf(id)).toEqual([]);
    expect((await send(t, 'POST', '/user/wishlist-delete', body, { cookie })).statusCode).toBe(200);
  });

  it('removing one target leaves the others', async () => {
    const { id, cookie } = await signUpUser(t);
    const lot = await legacyLot();
    const event = await t.make.event();
    await send(t, 'POST', '/user/wishlist-add', { target: 'auction_lot', target_id: lot }, { cookie });
    await send(t, 'POST', '/user/wishlist-add', { target: 'auction', target_id: event.id }, { cookie });
    // The legacy lot's id given as an auction matches nothing.
    await send(t, 'POST', '/user/wishlist-delete', { target: 'auction', target_id: lot }, { cookie });
    expect(await rowsOf(id)).toHaveLength(2);
    await send(t, 'POST', '/user/wishlist-delete', { target: 'auction_lot', target_id: lot }, { cookie });
    expect(await rowsOf(id)).toEqual([{ type: 'event', id: event.id }]);
  });

  it.each([
    ['auction_lot', 'no_such_lot'],
    ['auction', 'no_such_event'],
    ['company', 'no_such_company'],
  ])('answers 404 for an unknown %s and stores nothing', async (target, targetId) => {
    const { id, cookie } = await signUpUser(t);
    const res = await send(t, 'POST', '/user/wishlist-add', { target, target_id: targetId }, { cookie });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].code).toBe('NOT_FOUND');
    expect(await rowsOf(id)).toEqual([]);
  });

  it('a draft event cannot be watched as an auction', async () => {
    const { id, cookie } = await signUpUser(t);
    const draft = await t.make.event({ status: 'draft' });
    const res = await send(t, 'POST', '/user/wishlist-add', { target: 'auction', target_id: draft.id }, { cookie });
    expect(res.statusCode).toBe(404);
    expect(await rowsOf(id)).toEqual([]);
  });

  it.each([
    [{ target: 'event', target_id: 'x' }],
    [{ target: 'auction' }],
    [{ target: 'auction', target_id: '' }],
    [{ target: 'auction', target_id: -1 }],
    [{ target: 'auction', target_id: 'x', extra: true }],
  ])('refuses a bad body %j with 400', async (body) => {
    const { id, cookie } = await signUpUser(t);
    for (const path of ['/user/wishlist-add', '/user/wishlist-delete']) {
      const res = await send(t, 'POST', path, body, { cookie });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].code).toBe('VALIDATION_FAILED');
    }
    expect(await rowsOf(id)).toEqual([]);
  });

  it('refuses a look-up without ids, with an unknown parameter or with too many ids', async () => {
    const { cookie } = await signUpUser(t);
    const many = Array.from({ length: 501 }, (_, i) => `id${i}`);
    for (const path of [
      '/user/wishlist/auction-lot-wishlist/data',
      '/user/wishlist/auction-lot-wishlist/data?auction_ids[]=1',
      `/user/wishlist/auction-lot-wishlist/data?${lotIds(many)}`,
      '/user/wishlist/auction-wishlist/data?auction_ids[]=1&x=2',
    ]) {
      const res = await get(t, path, cookie);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().errors[0].code).toBe('VALIDATION_FAILED');
    }
  });

  it('answers 401 to a visitor on every endpoint', async () => {
    const event = await t.make.event();
    const res = [
      await get(t, '/user/wishlist/auction-lot-wishlist/data?auction_lot_ids[]=1'),
      await get(t, `/user/wishlist/auction-wishlist/data?auction_ids[]=${event.id}`),
      await send(t, 'POST', '/user/wishlist-add', { target: 'auction', target_id: event.id }),
      await send(t, 'POST', '/user/wishlist-delete', { target: 'auction', target_id: event.id }),
    ];
    for (const r of res) {
      expect(r.statusCode).toBe(401);
      expect(r.json().errors[0].code).toBe('UNAUTHENTICATED');
    }
    expect(await t.db.select().from(wishlists).where(eq(wishlists.documentId, event.id))).toEqual([]);
  });

  it('refuses a cross-origin add and delete and changes nothing', async () => {
    const { id, cookie } = await signUpUser(t);
    const event = await t.make.event();
    const other = await t.make.event();
    await send(t, 'POST', '/user/wishlist-add', { target: 'auction', target_id: event.id }, { cookie });
    const evil = { cookie, origin: 'https://evil.example' };
    const add = await send(t, 'POST', '/user/wishlist-add', { target: 'auction', target_id: other.id }, evil);
    const del = await send(t, 'POST', '/user/wishlist-delete', { target: 'auction', target_id: event.id }, evil);
    for (const r of [add, del]) {
      expect(r.statusCode).toBe(403);
      expect(r.json().errors[0].code).toBe('FORBIDDEN');
    }
    expect(await rowsOf(id)).toEqual([{ type: 'event', id: event.id }]);
  });

  it('allows 300 watch changes per 15 minutes per user, on either API, then answers 429 and stores nothing', async () => {
    const { id, cookie } = await signUpUser(t);
    const company = await t.make.company();
    const body = { target: 'company', target_id: company.id };
    for (let i = 0; i < 300; i++) {
      const path = i % 2 === 0 ? '/user/wishlist-add' : '/user/wishlist-delete';
      expect((await send(t, 'POST', path, body, { cookie })).statusCode).toBe(200);
    }
    expect(await rowsOf(id)).toEqual([]);
    const event = await t.make.event();
    const res = await send(
      t,
      'POST',
      `/marketplace/api/identity/users/${id}/wishlists`,
      { documentId: event.id, documentType: 'event' },
      { cookie },
    );
    expect(res.statusCode).toBe(429);
    expect(res.json().errors[0].code).toBe('RATE_LIMITED');
    expect(res.headers['retry-after']).toBeDefined();
    expect((await send(t, 'POST', '/user/wishlist-add', body, { cookie })).statusCode).toBe(429);
    expect(await rowsOf(id)).toEqual([]);
  }, 60_000);
});
