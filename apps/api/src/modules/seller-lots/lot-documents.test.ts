import { MAX_LOT_DOCUMENTS } from '@lotline/contracts';
import { lotDocuments, uploads } from '@lotline/db/schema';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { get } from '../identity/test-helpers';
import { memberOf } from '../seller-company/test-helpers';
import { api, type Caller, codes, daysFromNow, eventPath } from '../seller-events/test-helpers';
import { pdfBytes, uploadFile } from '../tax-exemptions/test-helpers';
import { createLot, lotPath, lotScene, newEvent, PNG } from './test-helpers';

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
    expect((await api.delete(t, who, `${documentsPath(lot._id)}/${id}`)).statusCode).toBe(status);
    expect(await storedDocuments(lot._id)).toEqual(before);
  });

  it('404 for an unknown lot', async () => {
    expect(
      (await api.post(t, s.seller, documentsPath('lot_nope'), { uploadId: 'x', description: '' })).statusCode,
    ).toBe(404);
    expect((await api.put(t, s.seller, `${documentsPath('lot_nope')}/d`, { description: '' })).statusCode).toBe(404);
    expect((await api.delete(t, s.seller, `${documentsPath('lot_nope')}/d`)).statusCode).toBe(404);
  });
});
