import { randomUUID } from 'node:crypto';
import { eventLots } from '@lotline/db/schema';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { type LotChangeListener, listenLotChanges } from '../live/listen-lot-changes';
import { publishLotChanges } from '../live/publish-lot-changes';
import { readLiveLots } from '../live/read-live-lots';
import { api, daysFromNow, eventBody, eventPath } from '../seller-events/test-helpers';
import { pdfBytes, uploadFile } from '../tax-exemptions/test-helpers';
import { addPhoto, createLot, eventLotsPath, lotBody, lotPath, lotScene, newEvent, storedPhotos } from './test-helpers';

/**
 * What the public follows of a lot moves with every console write to a
 * published event's lots: the row's `change_seq` (the live stream's `id:`; a
 * stream sends a lot again only under a higher one, decision 0039) and its
 * `updated_at` (the lot sitemap's lastmod, decision 0023), and the lot's id is
 * announced (NOTIFY on `lot_changes`) after the commit (decision 0050). A
 * draft is seen by nobody: writes to its lots announce nothing.
 */

let t: TestApp;
let s: Awaited<ReturnType<typeof lotScene>>;
let listener: LotChangeListener;
/** Every lot id announced since the last `announced()`, in order. */
let heard: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  s = await lotScene(t);
  const quiet = { warn() {}, info() {} };
  listener = await listenLotChanges(t.db, { changed: (ids) => heard.push(...ids), reconnected() {}, log: quiet });
});
afterAll(async () => {
  await listener?.stop();
  await t.close();
});

/** The ids announced since the last call: a marker is announced last and waited for, so none is still on its way. */
async function announced(): Promise<string[]> {
  const marker = `marker_${randomUUID()}`;
  await publishLotChanges(t.db, [marker]);
  for (let i = 0; i < 250 && !heard.includes(marker); i++) await new Promise((r) => setTimeout(r, 20));
  const at = heard.indexOf(marker);
  expect(at, 'the marker was never announced').toBeGreaterThanOrEqual(0);
  const before = heard.slice(0, at);
  heard = heard.slice(at + 1);
  return before;
}

/** Each lot's change_seq and updated_at (in microseconds: two writes may fall in one millisecond). */
async function stamps(ids: string[]) {
  const rows = await t.db
    .select({
      id: eventLots.id,
      seq: eventLots.changeSeq,
      updated: sql<number>`(extract(epoch from ${eventLots.updatedAt}) * 1000000)::float8`,
    })
    .from(eventLots)
    .where(inArray(eventLots.id, ids));
  return new Map(rows.map((r) => [r.id, { seq: Number(r.seq), updated: Number(r.updated) }]));
}

type Answer = { statusCode: number; body: string };

/** `write` succeeds; each of `ids` gets a newer change_seq and updated_at, and is announced. */
async function expectMoves(ids: string[], write: () => Promise<Answer>) {
  await announced();
  const before = await stamps(ids);
  const res = await write();
  expect(res.statusCode, res.body).toBeLessThan(300);
  const after = await stamps(ids);
  for (const id of ids) {
    expect(after.get(id)?.seq, `change_seq of ${id}`).toBeGreaterThan(before.get(id)?.seq as number);
    expect(after.get(id)?.updated, `updated_at of ${id}`).toBeGreaterThan(before.get(id)?.updated as number);
  }
  expect(await announced()).toEqual(expect.arrayContaining(ids));
  return res;
}

/** After `write` (whatever it answers), none of `ids` changed or was announced. */
async function expectStill(ids: string[], write: () => Promise<Answer>) {
  await announced();
  const before = await stamps(ids);
  const res = await write();
  expect(await stamps(ids)).toEqual(before);
  const heardNow = await announced();
  for (const id of ids) expect(heardNow).not.toContain(id);
  return res;
}

/** A draft auction event (start and end as given) with `count` complete lots numbered 1…count. */
async function draftWithLots(count: number, startAt = daysFromNow(2), endAt = daysFromNow(8)) {
  const { eventId, locationId } = await newEvent(t, s.seller, s.company.id, { startAt, endAt });
  const form = lotBody({ productCategoryId: s.category.id, dispositionLocationId: locationId });
  const lotIds: string[] = [];
  for (let n = 1; n <= count; n++) {
    const lot = await createLot(t, s.seller, eventId, { ...form, number: String(n) });
    await addPhoto(t, s.seller, lot._id);
    lotIds.push(lot._id);
  }
  /** The event's PUT body: as created, but for `overrides`. */
  const eventForm = (overrides: Record<string, unknown> = {}) => eventBody({ startAt, endAt, ...overrides });
  return { eventId, lotIds, form, eventForm };
}

async function publishedWithLots(count: number) {
  const draft = await draftWithLots(count);
  const res = await api.post(t, s.seller, `${eventPath(draft.eventId)}/publish`, { as: 'published' });
  if (res.statusCode !== 200) throw new Error(`publish failed: ${res.body}`);
  return draft;
}

/** The lot sitemap's lastmod of a lot (its entry on page 1). */
async function lastmodOf(lotId: string) {
  const page = (await api.get(t, null, '/marketplace/api/sitemap/lots/1')).json().data;
  return (page.entries as { _id: string; lastmod: string }[]).find((e) => e._id === lotId)?.lastmod;
}

describe('change_seq of a published event’s lots (before its start), for each console write', () => {
  it('an edit of a lot moves it and announces it', async () => {
    const { lotIds, form } = await publishedWithLots(1);
    const [lotId] = lotIds as [string];
    await expectMoves([lotId], () => api.put(t, s.seller, lotPath(lotId), { ...form, number: '1', name: 'Renamed' }));
  });

  it('a copy is announced under a change_seq newer than every lot before it', async () => {
    const { eventId, lotIds } = await publishedWithLots(2);
    await announced();
    const newest = Math.max(...[...(await stamps(lotIds)).values()].map((v) => v.seq));
    const res = await api.post(t, s.seller, `${lotPath(lotIds[0] as string)}/copy`);
    expect(res.statusCode, res.body).toBe(201);
    const copyId = res.json().data._id as string;
    expect((await stamps([copyId])).get(copyId)?.seq).toBeGreaterThan(newest);
    expect(await announced()).toContain(copyId);
    // The live stream sends it at once (public, Pending, last in the event's order).
    expect((await readLiveLots(t.db, [copyId])).map((l) => l.data._id)).toEqual([copyId]);
    expect((await api.get(t, s.seller, eventLotsPath(eventId))).json().data.lots).toHaveLength(3);
  });

  it('adding, reordering and removing photos move the lot and announce it; the lot sitemap’s lastmod follows', async () => {
    const { lotIds } = await publishedWithLots(1);
    const [lotId] = lotIds as [string];
    const lastmod = await lastmodOf(lotId);
    expect(lastmod).toBeDefined();
    await expectMoves([lotId], async () => {
      const { photos } = await addPhoto(t, s.seller, lotId);
      return { statusCode: 201, body: JSON.stringify(photos) };
    });
    expect(await lastmodOf(lotId)).not.toBe(lastmod);
    const photoIds = (await storedPhotos(t, lotId)).map((p) => p.id);
    await expectMoves([lotId], () =>
      api.put(t, s.seller, `${lotPath(lotId)}/photos/order`, { photoIds: [...photoIds].reverse() }),
    );
    await expectMoves([lotId], () => api.delete(t, s.seller, `${lotPath(lotId)}/photos/${photoIds[0]}`));
  });

  it('adding, describing, reordering and removing documents move the lot and announce it (the lot page lists them)', async () => {
    const { lotIds } = await publishedWithLots(1);
    const [lotId] = lotIds as [string];
    const documents = `${lotPath(lotId)}/documents`;
    const attach = async () => {
      const uploadId = await uploadFile(t, s.seller.cookie, 'manual.pdf', pdfBytes(500));
      return api.post(t, s.seller, documents, { uploadId, description: 'Manual', fileName: 'manual.pdf' });
    };
    await expectMoves([lotId], attach);
    const res = await expectMoves([lotId], attach);
    const ids = (JSON.parse(res.body).data as { _id: string }[]).map((d) => d._id);
    await expectMoves([lotId], () => api.put(t, s.seller, `${documents}/${ids[0]}`, { description: 'Service manual' }));
    await expectMoves([lotId], () => api.put(t, s.seller, `${documents}/order`, { documentIds: [...ids].reverse() }));
    await expectMoves([lotId], () => api.delete(t, s.seller, `${documents}/${ids[0]}`));
    // A refused document write moves nothing.
    const refused = await expectStill([lotId], () => api.delete(t, s.seller, `${documents}/ldoc_unknown`));
    expect(refused.statusCode).toBe(404);
  });

  it('a later start and end move every lot (their times) and announce them all', async () => {
    const { eventId, lotIds, eventForm } = await publishedWithLots(2);
    await expectMoves(lotIds, () =>
      api.put(t, s.seller, eventPath(eventId), eventForm({ startAt: daysFromNow(3), endAt: daysFromNow(9) })),
    );
  });

  it('a title edit alone moves no lot and announces none (no lot row and nothing the live stream sends changes)', async () => {
    const { eventId, lotIds, eventForm } = await publishedWithLots(2);
    const res = await expectStill(lotIds, () => api.put(t, s.seller, eventPath(eventId), eventForm({ title: 'New' })));
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refused writes (delete, reorder: 409 EVENT_PUBLISHED; an incomplete edit) move nothing and announce nothing', async () => {
    const { eventId, lotIds, form } = await publishedWithLots(2);
    const [first] = lotIds as [string];
    for (const write of [
      () => api.delete(t, s.seller, lotPath(first)),
      () => api.put(t, s.seller, `${eventLotsPath(eventId)}/order`, { lotIds: [...lotIds].reverse() }),
      () => api.put(t, s.seller, lotPath(first), { ...form, number: '1', productCategoryId: null }),
    ]) {
      const res = await expectStill(lotIds, write);
      expect(res.statusCode, res.body).toBe(409);
    }
  });
});

describe('change_seq when an event is published', () => {
  it('publishing moves every lot and announces them all, though their ends were already in place', async () => {
    const { eventId, lotIds } = await draftWithLots(3);
    // Nothing of a draft is public: the live stream reads none of its lots.
    expect(await readLiveLots(t.db, lotIds)).toEqual([]);
    await expectMoves(lotIds, () => api.post(t, s.seller, `${eventPath(eventId)}/publish`, { as: 'published' }));
    expect((await readLiveLots(t.db, lotIds)).map((l) => l.data._id).sort()).toEqual([...lotIds].sort());
  });
});

describe('change_seq of a draft’s lots', () => {
  it('announces nothing for any write to a draft (nobody sees it): create, edit, copy, photos, documents, reorder, delete, event edit', async () => {
    const { eventId, lotIds, form, eventForm } = await draftWithLots(2);
    const [first, second] = lotIds as [string, string];
    await announced();
    const made = await createLot(t, s.seller, eventId, { ...form, number: '3' });
    expect((await api.put(t, s.seller, lotPath(first), { ...form, number: '1', name: 'Renamed' })).statusCode).toBe(
      200,
    );
    const copy = await api.post(t, s.seller, `${lotPath(first)}/copy`);
    expect(copy.statusCode, copy.body).toBe(201);
    const { photos } = await addPhoto(t, s.seller, second);
    const photoIds = photos.map((p) => p._id);
    expect(
      (await api.put(t, s.seller, `${lotPath(second)}/photos/order`, { photoIds: [...photoIds].reverse() })).statusCode,
    ).toBe(200);
    expect((await api.delete(t, s.seller, `${lotPath(second)}/photos/${photoIds[0]}`)).statusCode).toBe(200);
    const all = [first, second, made._id, copy.json().data._id as string];
    expect(
      (await api.put(t, s.seller, `${eventLotsPath(eventId)}/order`, { lotIds: [...all].reverse() })).statusCode,
    ).toBe(200);
    expect((await api.delete(t, s.seller, lotPath(made._id))).statusCode).toBe(200);
    const uploadId = await uploadFile(t, s.seller.cookie, 'manual.pdf', pdfBytes(500));
    const documents = `${lotPath(second)}/documents`;
    const attached = await api.post(t, s.seller, documents, {
      uploadId,
      description: 'Manual',
      fileName: 'manual.pdf',
    });
    expect(attached.statusCode, attached.body).toBe(201);
    const documentId = attached.json().data[0]._id as string;
    expect((await api.put(t, s.seller, `${documents}/${documentId}`, { description: 'Guide' })).statusCode).toBe(200);
    expect((await api.delete(t, s.seller, `${documents}/${documentId}`)).statusCode).toBe(200);
    const moved = await api.put(t, s.seller, eventPath(eventId), eventForm({ endAt: daysFromNow(10) }));
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await announced()).toEqual([]);
    expect(await readLiveLots(t.db, all)).toEqual([]);
  });
});
