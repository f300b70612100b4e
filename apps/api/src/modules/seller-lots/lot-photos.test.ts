import { uploads } from '@lotline/db/schema';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { get } from '../identity/test-helpers';
import { api, type Caller, codes, daysFromNow, eventPath } from '../seller-events/test-helpers';
import { pdfBytes, uploadFile } from '../tax-exemptions/test-helpers';
import { pngBytes } from '../uploads/test-helpers';
import { addPhoto, createLot, lotPath, lotScene, newEvent, storedPhotos } from './test-helpers';

let t: TestApp;
let s: Awaited<ReturnType<typeof lotScene>>;
beforeAll(async () => {
  t = await createTestApp();
  s = await lotScene(t);
});
afterAll(() => t.close());

const photosPath = (lotId: string) => `${lotPath(lotId)}/photos`;

/** [key, referenced, visibility] of each upload, in the given order. */
async function uploadStates(keys: string[]) {
  const rows = await t.db.select().from(uploads).where(inArray(uploads.key, keys));
  return keys.map((k) => {
    const row = rows.find((r) => r.key === k);
    return [k, row?.referenced, row?.visibility];
  });
}

describe('POST …/lots/{lotId}/photos', () => {
  it('attaches an uploaded image as the last photo; the public lot card and page show its URL once published', async () => {
    const { eventId, locationId } = await newEvent(t, s.seller, s.company.id, { startAt: daysFromNow(2) });
    const lot = await createLot(t, s.seller, eventId, {
      productCategoryId: s.category.id,
      dispositionLocationId: locationId,
    });
    const first = await addPhoto(t, s.seller, lot._id);
    const second = await addPhoto(t, s.seller, lot._id);
    expect(second.photos.map((p) => p.url)).toEqual([`/files/${first.key}`, `/files/${second.key}`]);
    // Unpublished: nobody sees the lot.
    expect((await get(t, `/marketplace/api/lots/${lot._id}`)).statusCode).toBe(404);
    const published = await api.post(t, s.seller, `${eventPath(eventId)}/publish`, { as: 'published' });
    expect(published.statusCode, published.body).toBe(200);
    const page = await get(t, `/marketplace/api/lots/${lot._id}`);
    expect(page.statusCode, page.body).toBe(200);
    const links = page.json().data.lot._source.centralFileLinks as { centralFile: { s3Url: string } }[];
    expect(links.map((l) => l.centralFile.s3Url)).toEqual([`/files/${first.key}`, `/files/${second.key}`]);
    // The file itself is public now (a visitor reads it), served by the files pipeline.
    const file = await get(t, `/files/${first.key}`);
    expect(file.statusCode).toBe(200);
    const resized = await get(t, `/files/${first.key}?w=200`);
    expect(resized.statusCode, resized.body).toBe(200);
    expect(resized.headers['content-type']).toBe('image/webp');
    // The search card shows the same photo first.
    const search = await get(t, `/marketplace/api/search/lots?keyword=ID:${lot.number}`);
    const card = (
      search.json().data.lots as { _id: string; _source: { centralFileLinks: { centralFile: { s3Url: string } }[] } }[]
    ).find((l) => l._id === lot._id);
    expect(card?._source.centralFileLinks[0]?.centralFile.s3Url).toBe(`/files/${first.key}`);
    // Each link names the one before it in display order, also after a reorder (contract: previousCentralFileLinkId).
    const chain = async () =>
      (
        (await get(t, `/marketplace/api/lots/${lot._id}`)).json().data.lot._source.centralFileLinks as {
          _id: string;
          previousCentralFileLinkId: string | null;
        }[]
      ).map((l) => [l._id, l.previousCentralFileLinkId]);
    const [a, b] = second.photos.map((p) => p._id) as [string, string];
    expect(await chain()).toEqual([
      [a, null],
      [b, a],
    ]);
    const reordered = await api.put(t, s.seller, `${photosPath(lot._id)}/order`, { photoIds: [b, a] });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(await chain()).toEqual([
      [b, null],
      [a, b],
    ]);
  });

  it('400 for a file that is not this user’s image upload, or not uploaded; changes nothing', async () => {
    const lot = await createLot(t, s.seller, s.eventId, { number: 'F1' });
    const pdf = await uploadFile(t, s.seller.cookie, 'sheet.pdf', pdfBytes());
    const othersImage = await uploadFile(t, s.other.cookie, 'photo.png', pngBytes(300));
    const policy = await get(
      t,
      `/ars/api/file-upload?filename=p.png&size=300&application=marketplace`,
      s.seller.cookie,
    );
    const notUploaded = policy.json().data.fields.key as string;
    for (const uploadId of [pdf, othersImage, notUploaded, 'demo-photos/pump-1.svg']) {
      expect(codes(await api.post(t, s.seller, photosPath(lot._id), { uploadId }))).toEqual([
        'VALIDATION_FAILED uploadId',
      ]);
    }
    expect(await storedPhotos(t, lot._id)).toEqual([]);
  });

  it('409 TOO_MANY_PHOTOS beyond 100', async () => {
    const lot = await createLot(t, s.seller, s.eventId, { number: 'F2' });
    for (let i = 0; i < 100; i++) await t.make.photo(lot._id, i);
    const key = await uploadFile(t, s.seller.cookie, 'photo.png', pngBytes(300));
    expect(codes(await api.post(t, s.seller, photosPath(lot._id), { uploadId: key }))).toEqual(['TOO_MANY_PHOTOS']);
    expect(await storedPhotos(t, lot._id)).toHaveLength(100);
  });
});

describe('PUT …/photos/order and DELETE …/photos/{photoId}', () => {
  it('orders the photos (the first is the card photo) and removes one', async () => {
    const lot = await createLot(t, s.seller, s.eventId, { number: 'F3' });
    await addPhoto(t, s.seller, lot._id);
    await addPhoto(t, s.seller, lot._id);
    const { photos } = await addPhoto(t, s.seller, lot._id);
    const [a, b, c] = photos.map((p) => p._id);
    const ordered = await api.put(t, s.seller, `${photosPath(lot._id)}/order`, { photoIds: [c, a, b] });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect(ordered.json().data.map((p: { _id: string }) => p._id)).toEqual([c, a, b]);
    const removed = await api.delete(t, s.seller, `${photosPath(lot._id)}/${a}`);
    expect(removed.json().data.map((p: { _id: string }) => p._id)).toEqual([c, b]);
    expect((await api.delete(t, s.seller, `${photosPath(lot._id)}/${a}`)).statusCode).toBe(404);
    const before = await storedPhotos(t, lot._id);
    for (const photoIds of [[c], [c, c], [c, b, 'ph_x']]) {
      expect(codes(await api.put(t, s.seller, `${photosPath(lot._id)}/order`, { photoIds }))).toEqual([
        'VALIDATION_FAILED photoIds',
      ]);
    }
    expect(await storedPhotos(t, lot._id)).toEqual(before);
  });

  it('a removed photo’s or deleted lot’s file turns private and unreferenced, unless a copy still shows it', async () => {
    const { eventId } = await newEvent(t, s.seller, s.company.id);
    const lot = await createLot(t, s.seller, eventId, { number: 'R1' });
    const kept = await addPhoto(t, s.seller, lot._id);
    const gone = await addPhoto(t, s.seller, lot._id);
    const copy = (await api.post(t, s.seller, `${lotPath(lot._id)}/copy`)).json().data as { _id: string };
    const goneId = gone.photos[1]?._id as string;
    expect((await api.delete(t, s.seller, `${photosPath(lot._id)}/${goneId}`)).statusCode).toBe(200);
    // The copy still shows both files: nothing is released yet.
    expect(await uploadStates([kept.key, gone.key])).toEqual([
      [kept.key, true, 'public'],
      [gone.key, true, 'public'],
    ]);
    const copyGone = (await storedPhotos(t, copy._id)).find((p) => p.url === `/files/${gone.key}`);
    expect((await api.delete(t, s.seller, `${photosPath(copy._id)}/${copyGone?.id}`)).statusCode).toBe(200);
    expect(await uploadStates([gone.key])).toEqual([[gone.key, false, 'private']]);
    expect((await api.delete(t, s.seller, lotPath(lot._id))).statusCode).toBe(200);
    expect(await uploadStates([kept.key])).toEqual([[kept.key, true, 'public']]);
    expect((await api.delete(t, s.seller, lotPath(copy._id))).statusCode).toBe(200);
    expect(await uploadStates([kept.key])).toEqual([[kept.key, false, 'private']]);
  });

  it.each([
    ['a visitor', null, 401],
    ['another company’s seller', 'other', 403],
    ['a buyer', 'buyer', 403],
  ] as const)('refuses %s on every photo route and changes nothing', async (_who, key, status) => {
    const who: Caller = key ? s[key] : null;
    const lot = await createLot(t, s.seller, s.eventId, { number: `G${status}${key ?? ''}` });
    const { photos, key: uploadId } = await addPhoto(t, s.seller, lot._id);
    const before = await storedPhotos(t, lot._id);
    expect((await api.post(t, who, photosPath(lot._id), { uploadId })).statusCode).toBe(status);
    expect((await api.put(t, who, `${photosPath(lot._id)}/order`, { photoIds: [photos[0]?._id] })).statusCode).toBe(
      status,
    );
    expect((await api.delete(t, who, `${photosPath(lot._id)}/${photos[0]?._id}`)).statusCode).toBe(status);
    expect(await storedPhotos(t, lot._id)).toEqual(before);
  });

  it('404 for an unknown lot', async () => {
    expect((await api.post(t, s.seller, photosPath('lot_nope'), { uploadId: 'x' })).statusCode).toBe(404);
    expect((await api.delete(t, s.seller, `${photosPath('lot_nope')}/ph_x`)).statusCode).toBe(404);
  });
});
