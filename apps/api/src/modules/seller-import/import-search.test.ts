import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, url } from '../../test/app';
import { uniqueWord } from '../search/facets.fixtures';
import { api, codes, daysFromNow, eventPath } from '../seller-events/test-helpers';
import { addPhoto, createLot, eventLotsPath, lotBody, lotScene, newEvent } from '../seller-lots/test-helpers';
import { commit, csvOf, lotsOf, photos, postImport, row, zipOf } from './test-helpers';

/** An import in public search and facets, into a published event (refused), XLSX, and the export round trip. */

let t: TestApp;
let s: Awaited<ReturnType<typeof lotScene>>;
beforeAll(async () => {
  t = await createTestApp();
  s = await lotScene(t);
});
afterAll(() => t.close());

async function imported(eventId: string, sheet: Buffer, zip?: Buffer) {
  const res = await postImport(t, s.seller, eventId, sheet, zip);
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().data.errors).toEqual([]);
  return res.json().data.importId as string;
}

async function searchTotal(keyword: string) {
  const res = await t.app.inject({ method: 'GET', url: url('/marketplace/api/search/lots', { keyword }) });
  return res.json().data.pagination.totalItems as number;
}

async function categoryCounts(keyword: string) {
  const res = await t.app.inject({ method: 'GET', url: url('/marketplace/api/search/lot-facets', { keyword }) });
  const facets = res.json().data.facets as { productCategory: { _id: string; count: number }[] };
  return Object.fromEntries(facets.productCategory.map((n) => [n._id, n.count]));
}

describe('an import in search', () => {
  it('imported into a draft, counted nowhere; once published, search and facets count every lot exactly', async () => {
    const word = uniqueWord();
    const { eventId } = await newEvent(t, s.seller, s.company.id, { startAt: daysFromNow(2) });
    const pics = await photos(['a.png']);
    const other = await t.make.category();
    const rows = Array.from({ length: 30 }, (_, i) =>
      row(String(i + 1), {
        name: `Valve ${word} ${i}`,
        category: i < 20 ? s.category.name : other.id,
        location: 'Houston',
        photos: 'a.png',
      }),
    );
    const importId = await imported(eventId, csvOf(rows), zipOf(pics));
    expect((await commit(t, s.seller, importId)).statusCode).toBe(200);
    expect(await searchTotal(word)).toBe(0);
    expect(await categoryCounts(word)).toEqual({});
    const published = await api.post(t, s.seller, `${eventPath(eventId)}/publish`, { as: 'published' });
    expect(published.statusCode, published.body).toBe(200);
    expect(await searchTotal(word)).toBe(30);
    expect(await categoryCounts(word)).toEqual({ [s.category.id]: 20, [other.id]: 10 });
  });

  it('409 EVENT_PUBLISHED into an event that is no longer a draft; nothing changes', async () => {
    const { eventId, locationId } = await newEvent(t, s.seller, s.company.id, { startAt: daysFromNow(2) });
    const lot = await createLot(
      t,
      s.seller,
      eventId,
      lotBody({ productCategoryId: s.category.id, dispositionLocationId: locationId }),
    );
    await addPhoto(t, s.seller, lot._id);
    const importId = await imported(eventId, csvOf([row('2')]));
    expect((await api.post(t, s.seller, `${eventPath(eventId)}/publish`, { as: 'published' })).statusCode).toBe(200);
    const res = await commit(t, s.seller, importId);
    expect(res.statusCode).toBe(409);
    expect(codes(res)).toEqual(['EVENT_PUBLISHED']);
    expect((await lotsOf(t, eventId)).map((l) => l.number)).toEqual(['1']);
  });
});

describe('XLSX and the export', () => {
  it('the XLSX template has the columns, the example row and the allowed values; it imports as it is', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${eventLotsPath(s.eventId)}/template.xlsx`,
      headers: { cookie: s.seller.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['Lots', 'Allowed values']);
    expect(book.worksheets[0]?.getRow(1).getCell(1).text).toBe('number');
    const allowed = book.worksheets[1];
    if (!allowed) throw new Error('the template has no "Allowed values" sheet');
    const column = (allowed.getRow(1).values as string[]).indexOf('marketDemand');
    expect([2, 3, 4].map((r) => allowed.getRow(r).getCell(column).text)).toEqual(['high', 'moderate', 'low']);
    const { eventId } = await newEvent(t, s.seller, s.company.id);
    const preview = await postImport(t, s.seller, eventId, res.rawPayload);
    expect(preview.json().data.errors.map((e: { column: string }) => e.column)).toEqual(['photos']);
    expect((await api.get(t, s.other, `${eventLotsPath(s.eventId)}/template.xlsx`)).statusCode).toBe(403);
  });

  it('reads the first worksheet of an XLSX workbook the same way', async () => {
    const { eventId } = await newEvent(t, s.seller, s.company.id);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Lots');
    sheet.addRow(['number', 'name', 'startingBid', 'category']);
    sheet.addRow(['1', 'Forklift', '2500.00', s.category.name]);
    sheet.addRow(['2', 'Crane', '-1', '']);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const res = await postImport(t, s.seller, eventId, bytes);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      rows: 2,
      lotsToCreate: 1,
      errors: [{ row: 3, column: 'startingBid', message: 'cannot be negative.' }],
    });
  });

  it('exports the lots in the template’s columns, formulas defused, and the file imports into another event', async () => {
    const { eventId } = await newEvent(t, s.seller, s.company.id);
    const importId = await imported(
      eventId,
      csvOf([
        row('1', {
          name: '=HYPERLINK("http://evil")',
          category: s.category.id,
          location: 'Houston',
          reserveBid: '150.00',
        }),
        row('2', { description: '@SUM(A1)', shippingOptions: 'pickup;fee', bestOfferEnabled: 'no' }),
      ]),
    );
    expect((await commit(t, s.seller, importId)).statusCode).toBe(200);
    const res = await api.get(t, s.seller, `${eventLotsPath(eventId)}.csv`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const [header, first, second] = Papa.parse<string[]>(res.body.replace(/^\uFEFF/, ''), {
      skipEmptyLines: true,
    }).data;
    const cell = (r: string[] | undefined, c: string) => r?.[header?.indexOf(c) ?? -1];
    expect(cell(first, 'name')).toBe(`'=HYPERLINK("http://evil")`);
    expect(cell(first, 'startingBid')).toBe('100.00');
    expect(cell(first, 'reserveBid')).toBe('150.00');
    expect(cell(first, 'location')).toBe('Houston, TX');
    expect(cell(second, 'description')).toBe(`'@SUM(A1)`);
    expect(cell(second, 'shippingOptions')).toBe('pickup;fee');
    const target = await newEvent(t, s.seller, s.company.id);
    const again = await postImport(t, s.seller, target.eventId, Buffer.from(res.body));
    expect(again.json().data).toMatchObject({ rows: 2, lotsToCreate: 2, errors: [] });
    expect((await api.get(t, s.other, `${eventLotsPath(eventId)}.csv`)).statusCode).toBe(403);
    expect((await api.get(t, s.buyer, `${eventLotsPath(eventId)}.csv`)).statusCode).toBe(403);
    expect((await api.get(t, null, `${eventLotsPath(eventId)}.csv`)).statusCode).toBe(401);
    expect((await api.get(t, s.seller, `${eventLotsPath('evt_nope')}.csv`)).statusCode).toBe(404);
  });
});
