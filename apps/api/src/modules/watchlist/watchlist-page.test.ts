import { eventLots, events } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { send } from '../account/test-helpers';
import { get, signUpUser } from '../identity/test-helpers';

describe('GET /marketplace-api/users/{userId}/watchlist', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const page = (userId: string) => `/marketplace-api/users/${userId}/watchlist`;
  const watch = (userId: string, cookie: string, documentId: string, documentType: string) =>
    send(t, 'POST', `/marketplace/api/identity/users/${userId}/wishlists`, { documentId, documentType }, { cookie });

  it('lists watched lots and events with names and leaves out hidden lots and draft events', async () => {
    const { id, cookie } = await signUpUser(t);
    const event = await t.make.event({ name: 'Spring Auction', endAt: new Date('2026-12-01T00:00:00Z') });
    const first = await t.make.lot({ name: 'Lathe', number: '7', eventId: event.id, mp2Id: 'mp2_9' });
    const second = await t.make.lot({ name: 'Forklift', endedAt: new Date('2026-12-02T00:00:00Z') });
    const w1 = (await watch(id, cookie, first.id, 'event-lot')).json().data.wishlist;
    const w2 = (await watch(id, cookie, second.id, 'event-lot')).json().data.wishlist;
    const we = (await watch(id, cookie, event.id, 'event')).json().data.wishlist;

    const res = await get(t, page(id), cookie);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.eventLots.map((l: { wishlistId: string }) => l.wishlistId).sort()).toEqual([w1._id, w2._id].sort());
    expect(data.eventLots).toContainEqual({
      wishlistId: w1._id,
      _id: first.id,
      mp2Id: 'mp2_9',
      parentId: null,
      number: '7',
      name: 'Lathe',
      status: 'Active',
      endedAt: null,
    });
    expect(data.eventLots).toContainEqual(
      expect.objectContaining({ _id: second.id, endedAt: '2026-12-02T00:00:00.000Z' }),
    );
    expect(data.events).toEqual([
      {
        wishlistId: we._id,
        _id: event.id,
        name: 'Spring Auction',
        title: event.title,
        status: 'published',
        endAt: '2026-12-01T00:00:00.000Z',
      },
    ]);

    await t.db.update(eventLots).set({ hiddenFromMarketplace: true }).where(eq(eventLots.id, second.id));
    await t.db.update(events).set({ status: 'draft' }).where(eq(events.id, event.id));
    const after = (await get(t, page(id), cookie)).json().data;
    // The first lot's event is now a draft, so it goes too; the wishlist rows stay.
    expect(after).toEqual({ eventLots: [], events: [] });
  });

  it('answers 401 to a visitor and 403 to another user', async () => {
    const owner = await signUpUser(t);
    const other = await signUpUser(t);
    expect((await get(t, page(owner.id))).statusCode).toBe(401);
    const res = await get(t, page(owner.id), other.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].code).toBe('FORBIDDEN');
  });
});
