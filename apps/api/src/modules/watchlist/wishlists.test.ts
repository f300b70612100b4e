import { wishlists } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, url } from '../../test/app';
import { send, signUpAdmin } from '../account/test-helpers';
import { get, signUpUser } from '../identity/test-helpers';

describe('wishlists: /marketplace/api/identity/users/{userId}/wishlists', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const base = (userId: string) => `/marketplace/api/identity/users/${userId}/wishlists`;
  const rowsOf = (userId: string) => t.db.select().from(wishlists).where(eq(wishlists.userId, userId));
  const list = (userId: string, cookie: string | undefined, dto?: unknown) =>
    get(t, url(base(userId), dto === undefined ? {} : { dto }), cookie);

  it('adds an event lot and an event, and looks them up by ids and type', async () => {
    const { id, cookie } = await signUpUser(t);
    const lot = await t.make.lot();
    const other = await t.make.lot();
    const event = await t.make.event();

    const added = await send(t, 'POST', base(id), { documentId: lot.id, documentType: 'event-lot' }, { cookie });
    expect(added.statusCode).toBe(201);
    const wishlist = added.json().data.wishlist;
    expect(wishlist).toEqual({ _id: expect.stringMatching(/^wl_/), documentId: lot.id, documentType: 'event-lot' });
    const ev = await send(t, 'POST', base(id), { documentId: event.id, documentType: 'event' }, { cookie });
    expect(ev.statusCode).toBe(201);

    const lots = await list(id, cookie, { documentId: { in: [lot.id, other.id] }, documentType: 'event-lot' });
    expect(lots.statusCode).toBe(200);
    expect(lots.json()).toEqual({ status: 'success', data: { wishlists: [wishlist] } });

    const events = await list(id, cookie, { documentId: { in: [event.id, lot.id] }, documentType: 'event' });
    expect(events.json().data.wishlists).toEqual([ev.json().data.wishlist]);

    // Empty conditions are ignored (contract §1): every wishlist of the user, newest first.
    const all = await list(id, cookie, { documentId: { in: [] }, documentType: '' });
    expect(
      all
        .json()
        .data.wishlists.map((w: { documentId: string }) => w.documentId)
        .sort(),
    ).toEqual([lot.id, event.id].sort());
    expect((await list(id, cookie)).json().data.wishlists).toHaveLength(2);
  });

  it('adding twice is a no-op that answers the same row', async () => {
    const { id, cookie } = await signUpUser(t);
    const lot = await t.make.lot();
    const body = { documentId: lot.id, documentType: 'event-lot' };
    const first = await send(t, 'POST', base(id), body, { cookie });
    const second = await send(t, 'POST', base(id), body, { cookie });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json().data.wishlist).toEqual(first.json().data.wishlist);
    expect(await rowsOf(id)).toHaveLength(1);
  });

  it('keeps users apart: one user watching does not show in another list', async () => {
    const a = await signUpUser(t);
    const b = await signUpUser(t);
    const lot = await t.make.lot();
    await send(t, 'POST', base(a.id), { documentId: lot.id, documentType: 'event-lot' }, { cookie: a.cookie });
    const res = await list(b.id, b.cookie, { documentId: { in: [lot.id] }, documentType: 'event-lot' });
    expect(res.json().data.wishlists).toEqual([]);
  });

  it.each([
    ['an unknown lot', async () => ({ documentId: 'no_such_lot', documentType: 'event-lot' })],
    ['an unknown event', async () => ({ documentId: 'no_such_event', documentType: 'event' })],
    [
      'a hidden lot',
      async (tt: TestApp) => ({
        documentId: (await tt.make.lot({ hiddenFromMarketplace: true })).id,
        documentType: 'event-lot',
      }),
    ],
    [
      'a draft event',
      async (tt: TestApp) => ({ documentId: (await tt.make.event({ status: 'draft' })).id, documentType: 'event' }),
    ],
    [
      'an event id given as a lot',
      async (tt: TestApp) => ({ documentId: (await tt.make.event()).id, documentType: 'event-lot' }),
    ],
  ])('answers 404 for %s and stores nothing', async (_name, body) => {
    const { id, cookie } = await signUpUser(t);
    const res = await send(t, 'POST', base(id), await body(t), { cookie });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].code).toBe('NOT_FOUND');
    expect(await rowsOf(id)).toEqual([]);
  });

  it.each([
    [{ documentId: 'x', documentType: 'company' }, 'documentType'],
    [{ documentId: '', documentType: 'event' }, 'documentId'],
    [{ documentType: 'event' }, 'documentId'],
    [{ documentId: 'x', documentType: 'event', extra: 1 }, undefined],
  ])('refuses a bad body %j with 400 and stores nothing', async (body, field) => {
    const { id, cookie } = await signUpUser(t);
    const res = await send(t, 'POST', base(id), body, { cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].code).toBe('VALIDATION_FAILED');
    if (field) expect(res.json().errors.map((e: { field?: string }) => e.field)).toContain(field);
    expect(await rowsOf(id)).toEqual([]);
  });

  it.each([
    ['not JSON', '{"documentId":'],
    ['an unknown field', JSON.stringify({ documentId: { in: ['a'] }, eventId: 'x' })],
    ['an unknown operator', JSON.stringify({ documentId: { eq: 'a' } })],
    ['an unknown type', JSON.stringify({ documentType: 'auction' })],
    ['ids that are not strings', JSON.stringify({ documentId: { in: [1, 2] } })],
  ])('refuses a dto with %s (400)', async (_name, dto) => {
    const { id, cookie } = await signUpUser(t);
    const res = await get(t, `${base(id)}?dto=${encodeURIComponent(dto)}`, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].code).toBe('VALIDATION_FAILED');
  });

  it('refuses an unknown query parameter', async () => {
    const { id, cookie } = await signUpUser(t);
    expect((await get(t, `${base(id)}?documentType=event`, cookie)).statusCode).toBe(400);
  });

  it('removes a wishlist; removing it again, or another user one, is 404 and changes nothing', async () => {
    const a = await signUpUser(t);
    const b = await signUpUser(t);
    const lot = await t.make.lot();
    const mine = await send(t, 'POST', base(a.id), { documentId: lot.id, documentType: 'event-lot' }, a);
    const theirs = await send(t, 'POST', base(b.id), { documentId: lot.id, documentType: 'event-lot' }, b);
    const theirId = theirs.json().data.wishlist._id;

    const stolen = await send(t, 'DELETE', `${base(a.id)}/${theirId}`, undefined, a);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().errors[0].code).toBe('NOT_FOUND');
    expect(await rowsOf(b.id)).toHaveLength(1);

    const removed = await send(t, 'DELETE', `${base(a.id)}/${mine.json().data.wishlist._id}`, undefined, a);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ status: 'success', data: { deleted: true } });
    expect(await rowsOf(a.id)).toEqual([]);

    const again = await send(t, 'DELETE', `${base(a.id)}/${mine.json().data.wishlist._id}`, undefined, a);
    expect(again.statusCode).toBe(404);
  });

  it('answers 401 to a visitor on every endpoint and stores nothing', async () => {
    const { id } = await signUpUser(t);
    const lot = await t.make.lot();
    const res = [
      await list(id, undefined, { documentId: { in: [lot.id] }, documentType: 'event-lot' }),
      await send(t, 'POST', base(id), { documentId: lot.id, documentType: 'event-lot' }),
      await send(t, 'DELETE', `${base(id)}/wl_x`),
    ];
    for (const r of res) {
      expect(r.statusCode).toBe(401);
      expect(r.json().errors[0].code).toBe('UNAUTHENTICATED');
    }
    expect(await rowsOf(id)).toEqual([]);
  });

  it('answers 403 to another signed-in user on every endpoint; an admin may read but not change', async () => {
    const owner = await signUpUser(t);
    const other = await signUpUser(t);
    const lot = await t.make.lot();
    const added = await send(t, 'POST', base(owner.id), { documentId: lot.id, documentType: 'event-lot' }, owner);
    const wishlistId = added.json().data.wishlist._id;

    const res = [
      await list(owner.id, other.cookie),
      await send(t, 'POST', base(owner.id), { documentId: lot.id, documentType: 'event-lot' }, other),
      await send(t, 'DELETE', `${base(owner.id)}/${wishlistId}`, undefined, other),
    ];
    for (const r of res) {
      expect(r.statusCode).toBe(403);
      expect(r.json().errors[0].code).toBe('FORBIDDEN');
    }
    expect(await rowsOf(owner.id)).toHaveLength(1);
    expect(await rowsOf(other.id)).toEqual([]);

    const admin = await signUpAdmin(t);
    const read = await list(owner.id, admin.cookie);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.wishlists).toEqual([added.json().data.wishlist]);
    const del = await send(t, 'DELETE', `${base(owner.id)}/${wishlistId}`, undefined, admin);
    expect(del.statusCode).toBe(403);
    expect(await rowsOf(owner.id)).toHaveLength(1);
  });

  it('refuses a cross-origin POST and DELETE and changes nothing', async () => {
    const { id, cookie } = await signUpUser(t);
    const lot = await t.make.lot();
    const added = await send(t, 'POST', base(id), { documentId: lot.id, documentType: 'event-lot' }, { cookie });
    const other = await t.make.lot();
    const post = await send(
      t,
      'POST',
      base(id),
      { documentId: other.id, documentType: 'event-lot' },
      { cookie, origin: 'https://evil.example' },
    );
    expect(post.statusCode).toBe(403);
    expect(post.json().errors[0].code).toBe('FORBIDDEN');
    const del = await send(t, 'DELETE', `${base(id)}/${added.json().data.wishlist._id}`, undefined, {
      cookie,
      origin: 'https://evil.example',
    });
    expect(del.statusCode).toBe(403);
    expect((await rowsOf(id)).map((r) => r.documentId)).toEqual([lot.id]);
  });
});
