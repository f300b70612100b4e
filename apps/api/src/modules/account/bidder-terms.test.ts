import { bidderTermsAgreements } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { get, signUpUser } from '../identity/test-helpers';
import { BIDDER_TERMS_VERSION } from './bidder-terms';
import { send, signUpAdmin } from './test-helpers';

describe('bidder terms: /marketplace-api/users/{userId}/bidder-terms', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const terms = (userId: string, eventId?: string) =>
    `/marketplace-api/users/${userId}/bidder-terms${eventId === undefined ? '' : `?eventId=${eventId}`}`;
  const rowsOf = (userId: string) =>
    t.db.select().from(bidderTermsAgreements).where(eq(bidderTermsAgreements.userId, userId));

  it('agrees to the site-wide terms once: a second POST returns the first agreement', async () => {
    const { id, cookie } = await signUpUser(t);
    expect((await get(t, terms(id), cookie)).json()).toEqual({ status: 'success', data: [] });

    const first = await send(t, 'POST', terms(id), undefined, { cookie });
    expect(first.statusCode).toBe(201);
    const agreement = first.json().data;
    expect(agreement).toEqual({
      id: expect.stringMatching(/^bta_/),
      eventId: null,
      version: BIDDER_TERMS_VERSION,
      agreedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const second = await send(t, 'POST', terms(id), undefined, { cookie });
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toEqual(agreement);
    expect(await rowsOf(id)).toHaveLength(1);
    expect((await get(t, terms(id), cookie)).json().data).toEqual([agreement]);
  });

  it('keeps event agreements apart from the site-wide one', async () => {
    const { id, cookie } = await signUpUser(t);
    const event = await t.make.event();
    const other = await t.make.event();
    const res = await send(t, 'POST', terms(id, event.id), undefined, { cookie });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.eventId).toBe(event.id);

    expect((await get(t, terms(id, event.id), cookie)).json().data).toEqual([res.json().data]);
    expect((await get(t, terms(id, other.id), cookie)).json().data).toEqual([]);
    expect((await get(t, terms(id), cookie)).json().data).toEqual([]);
    expect((await send(t, 'POST', terms(id, event.id), undefined, { cookie })).statusCode).toBe(200);
    expect(await rowsOf(id)).toHaveLength(1);
  });

  it('does not count an agreement to an older version of the terms', async () => {
    const { id, cookie } = await signUpUser(t);
    await t.db.insert(bidderTermsAgreements).values({ id: `bta_old_${id}`, userId: id, version: '2020-01-01' });
    expect((await get(t, terms(id), cookie)).json().data).toEqual([]);
    expect((await send(t, 'POST', terms(id), undefined, { cookie })).statusCode).toBe(201);
    expect(await rowsOf(id)).toHaveLength(2);
  });

  it('answers 404 for an unknown or draft event and stores nothing', async () => {
    const { id, cookie } = await signUpUser(t);
    const draft = await t.make.event({ status: 'draft' });
    for (const eventId of ['ev_does_not_exist', draft.id]) {
      const post = await send(t, 'POST', terms(id, eventId), undefined, { cookie });
      expect(post.statusCode).toBe(404);
      expect(post.json().errors[0]).toMatchObject({ code: 'NOT_FOUND', message: 'No such event.' });
      expect((await get(t, terms(id, eventId), cookie)).statusCode).toBe(404);
    }
    expect(await rowsOf(id)).toHaveLength(0);
  });

  it('refuses an empty eventId and unknown query parameters', async () => {
    const { id, cookie } = await signUpUser(t);
    expect((await send(t, 'POST', terms(id, ''), undefined, { cookie })).statusCode).toBe(400);
    const res = await send(t, 'POST', `${terms(id)}?version=1999`, undefined, { cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ code: 'VALIDATION_FAILED', field: 'version' });
    expect(await rowsOf(id)).toHaveLength(0);
  });

  it('answers 401 to a visitor and 403 for another user; an admin may read but not agree for someone', async () => {
    const owner = await signUpUser(t);
    const other = await signUpUser(t);
    const admin = await signUpAdmin(t);
    expect((await get(t, terms(owner.id))).statusCode).toBe(401);
    expect((await send(t, 'POST', terms(owner.id))).statusCode).toBe(401);
    expect((await get(t, terms(owner.id), other.cookie)).statusCode).toBe(403);
    const foreign = await send(t, 'POST', terms(owner.id), undefined, { cookie: other.cookie });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().errors[0].code).toBe('FORBIDDEN');
    expect((await get(t, terms(owner.id), admin.cookie)).statusCode).toBe(200);
    expect((await send(t, 'POST', terms(owner.id), undefined, { cookie: admin.cookie })).statusCode).toBe(403);
    expect(await rowsOf(owner.id)).toHaveLength(0);
  });

  it('refuses a cross-origin POST and stores nothing', async () => {
    const { id, cookie } = await signUpUser(t);
    const res = await send(t, 'POST', terms(id), undefined, { cookie, origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(await rowsOf(id)).toHaveLength(0);
  });
});
