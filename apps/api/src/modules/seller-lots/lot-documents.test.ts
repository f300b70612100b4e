import { MAX_LOT_DOCUMENTS } from '@lotline/contracts';
import { lotDocuments, uploads } from '@lotline/db/schema';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { get } from '../identity/test-helpers';
import { memberOf } from '../seller-company/test-helpers';
import { api, type Caller, codes, daysFromNow, eventPath } from '../seller-events/test-helpers';
import { pdfBytes, uploadFile } from '../tax-exemptions/test-helpers';
import { addPhoto, createLot, lotPath, lotScene, newEvent, PNG } from './test-helpers';

let t: TestApp;
let s: Awaited<ReturnType<typeof lotScene>>;
beforeAll(async () => {
  t = await createTestApp();
  s = await lotScene(t);
});
afterAll(() => t.close());

const documentsPath = (lotId: string) => `${lotPath(lotId)}/documents`;
type Doc = { _id: string; url: string; fileName: string; description: string; size: number; contentType: string };

async function addDocument(lotId: string, description = 'Operator manual', fileName = 'manual.pdf') {
  const uploadId = await uploadFile(t, s.seller.cookie, fileName, pdfBytes(500));
  const res = await api.post(t, s.seller, documentsPath(lotId), { uploadId, description, fileName });
  expect(res.statusCode, res.body).toBe(201);
  return { uploadId, documents: res.json().data as Doc[] };
}

const storedDocuments = (lotId: string) =>
  t.db.select().from(lotDocuments).where(eq(lotDocuments.lotId, lotId)).orderBy(asc(lotDocuments.position));

async function uploadState(key: string) {
  const [row] = await t.db.select().from(uploads).where(eq(uploads.key, key));
  return [row?.referenced, row?.visibility];
}

describe('POST …/lots/{lotId}/documents', () => {
  it('attaches a document; the seller lot lists it; the public lot and its file only once the lot is public', async () => {
    const { eventId, locationId } = await newEvent(t, s.seller, s.company.id, { startAt: daysFromNow(2) });
    const lot = await createLot(t, s.seller, eventId, {
      productCategoryId: s.category.id,
      dispositionLocationId: locationId,
    });
    const { uploadId, documents } = await addDocument(lot._id);
    expect(documents).toEqual([
      expect.objectContaining({
        url: `/files/${uploadId}`,
        fileName: 'manual.pdf',
        description: 'Operator manual',
        contentType: 'application/pdf',
        size: 500,
        position: 0,
      }),
    ]);
    expect((await api.get(t, s.seller, lotPath(lot._id))).json().data.documents).toEqual(documents);
    expect(await uploadState(uploadId)).toEqual([true, 'private']);
    // Unpublished: a visitor and another company cannot read the file; a user of the company can.
    expect((await get(t, `/files/${uploadId}`)).statusCode).toBe(404);
    expect((await get(t, `/files/${uploadId}`, s.other.cookie)).statusCode).toBe(404);
    const colleague = await memberOf(t, s.company.id, 'staff', 'Cole League');
    expect((await get(t, `/files/${uploadId}`, colleague.cookie)).statusCode).toBe(200);
    // A photo is needed to publish.
    const photo = await uploadFile(t, s.seller.cookie, 'photo.png', PNG);
    expect((await api.post(t, s.seller, `${lotPath(lot._id)}/photos`, { uploadId: photo })).statusCode).toBe(201);
    const published = await api.post(t, s.seller, `${eventPath(eventId)}/publish`, { as: 'published' });
    expect(published.statusCode, published.body).toBe(200);
    const page = await get(t, `/marketplace/api/lots/${lot._id}`);
    expect(page.json().data.lot._source.documents).toEqual([
      { url: `/files/${uploadId}`, description: 'Operator manual', fileName: 'manual.pdf', size: 500 },
    ]);
    const file = await get(t, `/files/${uploadId}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    // Public only while its lot is: kept in caches for minutes, not the year a photo is.
    expect(file.headers['cache-control']).toBe('public, max-age=300');
    // Documents stay editable after publishing.
    expect((await api.post(t, s.seller, documentsPath(lot._id), { uploadId, description: 'Again' })).statusCode).toBe(
      201,
    );
  });

  it('400 for an upload that is not this user’s document, not uploaded, or a bad field; changes nothing', async () => {
    const lot = await createLot(t, s.seller, s.eventId, { number: 'D1' });
    const image = await uploadFile(t, s.seller.cookie, 'photo.png', PNG);
    const othersPdf = await uploadFile(t, s.other.cookie, 'sheet.pdf', pdfBytes());
    const policy = await get(
      t,
      `/ars/api/file-upload?filename=p.pdf&size=300&application=marketplace`,
      s.seller.cookie,
    );
    const notUploaded = policy.json().data.fields.key as string;
    const mine = await uploadFile(t, s.seller.cookie, 'sheet.pdf', pdfBytes());
    const cases: [Record<string, unknown>, string][] = [
      [{ uploadId: image, description: 'x' }, 'VALIDATION_FAILED uploadId'],
      [{ uploadId: othersPdf, description: 'x' }, 'VALIDATION_FAILED uploadId'],
      [{ uploadId: notUploaded, description: 'x' }, 'VALIDATION_FAILED uploadId'],
      [{ uploadId: 'demo-photos/pump-1.svg', description: 'x' }, 'VALIDATION_FAILED uploadId'],
      [{ uploadId: mine, description: 'x'.repeat(301) }, 'VALIDATION_FAILED description'],
      [{ uploadId: mine, description: 'x', fileName: 'sheet.docx' }, 'VALIDATION_FAILED fileName'],
      [{ uploadId: mine, description: 'x', fileName: '../etc.pdf' }, 'VALIDATION_FAILED fileName'],
      [{ uploadId: mine }, 'VALIDATION_FAILED description'],
    ];
    for (const [body, code] of cases) {
      expect(codes(await api.post(t, s.seller, documentsPath(lot._id), body)), JSON.stringify(body)).toEqual([code]);
    }
    expect(await storedDocuments(lot._id)).toEqual([]);
    expect(await uploadState(mine)).toEqual([false, 'private']);
  });

  it(`409 TOO_MANY_DOCUMENTS beyond ${MAX_LOT_DOCUMENTS}`, async () => {
    const lot = await createLot(t, s.seller, s.eventId, { number: 'D2' });
    const rows = Array.from({ length: MAX_LOT_DOCUMENTS }, (_, i) => ({
      id: `ldoc_full_${i}`,
      lotId: lot._id,
      position: i,
      url: `/files/x${i}.pdf`,
      fileName: `x${i}.pdf`,
      description: '',
      contentType: 'application/pdf',
      size: 1,
    }));
    await t.db.insert(lotDocuments).values(rows);
    const uploadId = await uploadFile(t, s.seller.cookie, 'sheet.csv', Buffer.from('a,b\n1,2\n'));
    expect(codes(await api.post(t, s.seller, documentsPath(lot._id), { uploadId, description: '' }))).toEqual([
      'TOO_MANY_DOCUMENTS',
    ]);
    expect(await storedDocuments(lot._id)).toHaveLength(MAX_LOT_DOCUMENTS);
  });
});

describe('PUT and DELETE …/documents/{documentId}', () => {
  it('changes a description, removes a document (its file is swept), 404 for another lot’s document', async () => {
    const lot = await createLot(t, s.seller, s.eventId, { number: 'D3' });
    await addDocument(lot._id, 'First');
    const { uploadId, documents } = await addDocument(lot._id, 'Second', 'list.pdf');
    const [a, b] = documents.map((d) => d._id) as [string, string];
    const put = await api.put(t, s.seller, `${documentsPath(lot._id)}/${b}`, { description: '  Parts list  ' });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.map((d: Doc) => d.description)).toEqual(['First', 'Parts list']);
    const before = await storedDocuments(lot._id);
    expect(
      codes(await api.put(t, s.seller, `${documentsPath(lot._id)}/${b}`, { description: 'y'.repeat(301) })),
    ).toEqual(['VALIDATION_FAILED description']);
    const otherLot = await createLot(t, s.seller, s.eventId, { number: 'D4' });
    expect((await api.put(t, s.seller, `${documentsPath(otherLot._id)}/${b}`, { description: 'z' })).statusCode).toBe(
      404,
    );
    expect((await api.delete(t, s.seller, `${documentsPath(otherLot._id)}/${b}`)).statusCode).toBe(404);
    expect(await storedDocuments(lot._id)).toEqual(before);
    const removed = await api.delete(t, s.seller, `${documentsPath(lot._id)}/${b}`);
    expect(removed.json().data.map((d: Doc) => d._id)).toEqual([a]);
    expect(await uploadState(uploadId)).toEqual([false, 'private']);
    expect((await api.delete(t, s.seller, `${documentsPath(lot._id)}/${b}`)).statusCode).toBe(404);
  });

  it('a deleted lot’s document files are released', async () => {
    const lot = await createLot(t, s.seller, s.eventId, { number: 'D5' });
    const { uploadId } = await addDocument(lot._id);
    expect((await api.delete(t, s.seller, lotPath(lot._id))).statusCode).toBe(200);
    expect(await uploadState(uploadId)).toEqual([false, 'private']);
  });

  it.each([
    ['a visitor', null, 401],
    ['another company’s seller', 'other', 403],
    ['a buyer', 'buyer', 403],
  ] as const)('refuses %s on every document route and changes nothing', async (_who, key, status) => {
    const who: Caller = key ? s[key] : null;
    const lot = await createLot(t, s.seller, s.eventId, { number: `DG${status}${key ?? ''}` });
    const { uploadId, documents } = await addDocument(lot._id);
    const id = documents[0]?._id as string;
    const before = await storedDocuments(lot._id);
    expect((await api.post(t, who, documentsPath(lot._id), { uploadId, description: 'x' })).statusCode).toBe(status);
    expect((await api.put(t, who, `${documentsPath(lot._id)}/${id}`, { description: 'x' })).statusCode).toBe(status);
    expect((await api.put(t, who, `${documentsPath(lot._id)}/order`, { documentIds: [id] })).statusCode).toBe(status);
    expect((await api.delete(t, who, `${documentsPath(lot._id)}/${id}`)).statusCode).toBe(status);
    expect(await storedDocuments(lot._id)).toEqual(before);
  });

  it('404 for an unknown lot', async () => {
    expect(
      (await api.post(t, s.seller, documentsPath('lot_nope'), { uploadId: 'x', description: '' })).statusCode,
    ).toBe(404);
    expect((await api.put(t, s.seller, `${documentsPath('lot_nope')}/d`, { description: '' })).statusCode).toBe(404);
    expect((await api.delete(t, s.seller, `${documentsPath('lot_nope')}/d`)).statusCode).toBe(404);
    expect((await api.put(t, s.seller, `${documentsPath('lot_nope')}/order`, { documentIds: ['d'] })).statusCode).toBe(
      404,
    );
  });
});

/** A lot of a new event, complete enough to publish (category, location, a photo). */
async function completeLot(number: string) {
  const { eventId, locationId } = await newEvent(t, s.seller, s.company.id, { startAt: daysFromNow(2) });
  const lot = await createLot(t, s.seller, eventId, {
    number,
    productCategoryId: s.category.id,
    dispositionLocationId: locationId,
  });
  await addPhoto(t, s.seller, lot._id);
  return { eventId, lot };
}

const publish = async (eventId: string) =>
  expect((await api.post(t, s.seller, `${eventPath(eventId)}/publish`, { as: 'published' })).statusCode).toBe(200);

const copyOf = async (lotId: string) => {
  const res = await api.post(t, s.seller, `${lotPath(lotId)}/copy`);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { _id: string; documents: Doc[] };
};

const publicDocuments = async (lotId: string) =>
  (await get(t, `/marketplace/api/lots/${lotId}`)).json().data.lot._source.documents as { description: string }[];

/** A document's fields without its row's identity: what a copy must repeat. */
const shape = ({ _id, ...d }: Doc) => d;

describe('copying a lot carries its documents', () => {
  it('as rows pointing at the same files; a file stays public while a lot listing it is public', async () => {
    const { eventId, lot } = await completeLot('C1');
    const first = await addDocument(lot._id, 'Operator manual', 'manual.pdf');
    const [a, b] = (await addDocument(lot._id, 'Parts list', 'parts.pdf')).documents.map((d) => d._id);
    // The current order and descriptions are what is copied.
    expect((await api.put(t, s.seller, `${documentsPath(lot._id)}/order`, { documentIds: [b, a] })).statusCode).toBe(
      200,
    );
    expect(
      (await api.put(t, s.seller, `${documentsPath(lot._id)}/${a}`, { description: 'Manual, 2024 edition' }))
        .statusCode,
    ).toBe(200);
    await publish(eventId);
    const original = (await api.get(t, s.seller, lotPath(lot._id))).json().data.documents as Doc[];
    const copy = await copyOf(lot._id);
    expect(copy.documents.map(shape)).toEqual(original.map(shape));
    expect(copy.documents.map((d) => d._id)).not.toContain(a);
    expect((await storedDocuments(copy._id)).map((d) => [d.position, d.description])).toEqual([
      [0, 'Parts list'],
      [1, 'Manual, 2024 edition'],
    ]);
    expect((await publicDocuments(copy._id)).map((d) => d.description)).toEqual(['Parts list', 'Manual, 2024 edition']);
    // Removed from the copy, the file is still the original's: kept, and public while the original is.
    const shared = copy.documents.find((d) => d.url === `/files/${first.uploadId}`) as Doc;
    expect((await api.delete(t, s.seller, `${documentsPath(copy._id)}/${shared._id}`)).statusCode).toBe(200);
    expect(await uploadState(first.uploadId)).toEqual([true, 'private']);
    expect((await get(t, `/files/${first.uploadId}`)).statusCode).toBe(200);
    // Removed from the original too: no lot lists it, so it is released and nobody else reads it.
    expect((await api.delete(t, s.seller, `${documentsPath(lot._id)}/${a}`)).statusCode).toBe(200);
    expect(await uploadState(first.uploadId)).toEqual([false, 'private']);
    expect((await get(t, `/files/${first.uploadId}`)).statusCode).toBe(404);
  });

  it('deleting the copy or the original keeps the file while another lot lists it', async () => {
    const { eventId } = await newEvent(t, s.seller, s.company.id);
    const lot = await createLot(t, s.seller, eventId, { number: 'C2' });
    const { uploadId } = await addDocument(lot._id);
    const [copy, second] = [await copyOf(lot._id), await copyOf(lot._id)];
    const colleague = await memberOf(t, s.company.id, 'staff', 'Cody Copy');
    const readable = async () => (await get(t, `/files/${uploadId}`, colleague.cookie)).statusCode;
    expect((await api.delete(t, s.seller, lotPath(copy._id))).statusCode).toBe(200);
    expect(await uploadState(uploadId)).toEqual([true, 'private']);
    expect(await readable()).toBe(200);
    expect((await api.delete(t, s.seller, lotPath(lot._id))).statusCode).toBe(200);
    expect(await uploadState(uploadId)).toEqual([true, 'private']);
    expect(await readable()).toBe(200);
    expect((await storedDocuments(second._id)).map((d) => d.url)).toEqual([`/files/${uploadId}`]);
    expect((await api.delete(t, s.seller, lotPath(second._id))).statusCode).toBe(200);
    expect(await uploadState(uploadId)).toEqual([false, 'private']);
    expect(await readable()).toBe(404);
  });
});

describe('PUT …/documents/order', () => {
  it('orders a published lot’s documents; the seller lot and the public lot follow', async () => {
    const { eventId, lot } = await completeLot('O1');
    await addDocument(lot._id, 'A', 'a.pdf');
    await addDocument(lot._id, 'B', 'b.pdf');
    const [a, b, c] = (await addDocument(lot._id, 'C', 'c.pdf')).documents.map((d) => d._id);
    await publish(eventId);
    const ordered = await api.put(t, s.seller, `${documentsPath(lot._id)}/order`, { documentIds: [c, a, b] });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect(ordered.json().data.map((d: Doc & { position: number }) => [d._id, d.position])).toEqual([
      [c, 0],
      [a, 1],
      [b, 2],
    ]);
    const seller = (await api.get(t, s.seller, lotPath(lot._id))).json().data.documents as Doc[];
    expect(seller.map((d) => d.description)).toEqual(['C', 'A', 'B']);
    expect((await publicDocuments(lot._id)).map((d) => d.description)).toEqual(['C', 'A', 'B']);
  });

  it('400 unless the list is exactly the lot’s documents; nothing changes', async () => {
    const lot = await createLot(t, s.seller, s.eventId, { number: 'O2' });
    await addDocument(lot._id, 'A', 'a.pdf');
    const [a, b] = (await addDocument(lot._id, 'B', 'b.pdf')).documents.map((d) => d._id) as [string, string];
    const otherLot = await createLot(t, s.seller, s.eventId, { number: 'O3' });
    const [foreign] = (await addDocument(otherLot._id)).documents.map((d) => d._id);
    const before = await storedDocuments(lot._id);
    for (const documentIds of [[], [b], [b, b], [b, a, a], [b, 'ldoc_x'], [b, foreign]]) {
      expect(
        codes(await api.put(t, s.seller, `${documentsPath(lot._id)}/order`, { documentIds })),
        JSON.stringify(documentIds),
      ).toEqual(['VALIDATION_FAILED documentIds']);
    }
    expect(await storedDocuments(lot._id)).toEqual(before);
    expect((await storedDocuments(otherLot._id)).map((d) => d.position)).toEqual([0]);
  });
});
