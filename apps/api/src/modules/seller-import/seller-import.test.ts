import { MAX_IMPORT_SHEET_BYTES } from '@lotline/contracts';
import { eventLots, lotPhotos, sellerImports, uploads } from '@lotline/db/schema';
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { applyEventLotEnds } from '../closing/schedule-event-lot-ends';
import { api, type Caller, codes } from '../seller-events/test-helpers';
import { eventLotsPath, lotScene, newEvent } from '../seller-lots/test-helpers';
import { MAX_ZIP_PREVIEWS_WAITING, receivingZip } from './read-zip';
import { commit, csvOf, importPath, lotsOf, photos, postImport, row, zipOf } from './test-helpers';

let t: TestApp;
let s: Awaited<ReturnType<typeof lotScene>>;
beforeAll(async () => {
  t = await createTestApp();
  s = await lotScene(t);
});
afterAll(() => t.close());

const errorsOf = (res: { json(): unknown }) =>
  (res.json() as { data: { errors: { row: number; column: string; message: string }[] } }).data.errors;

async function preview(eventId: string, sheet: Buffer, zip?: Buffer, who: Caller = s.seller) {
  const res = await postImport(t, who, eventId, sheet, zip);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { importId: string; rows: number; lotsToCreate: number; errors: unknown[] };
}

const lotCount = async (eventId: string) =>
  (await t.db.select({ n: count() }).from(eventLots).where(eq(eventLots.eventId, eventId)))[0]?.n;

describe('the template and its columns', () => {
  it('the template has every column in the lot form’s order and one example row; the columns list the allowed values', async () => {
    const res = await api.get(t, s.seller, `${eventLotsPath(s.eventId)}/template.csv`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const [header, example] = Papa.parse<string[]>(res.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(header?.slice(0, 4)).toEqual(['number', 'name', 'description', 'category']);
    expect(header?.at(-2)).toBe('location');
    expect(header?.at(-1)).toBe('photos');
    expect(example?.[header?.indexOf('startingBid') ?? -1]).toBe('1250.00');
    const columns = await api.get(t, s.seller, '/marketplace-api/seller/import/columns');
    expect(columns.statusCode).toBe(200);
    const party = columns.json().data.columns.find((c: { name: string }) => c.name === 'riggingParty');
    expect(party.allowed).toEqual(['seller', 'buyer', '3pl', 'not-required']);
  });

  it('401 for a visitor, 403 for another company’s user and a buyer, 404 for an unknown event', async () => {
    const path = `${eventLotsPath(s.eventId)}/template.csv`;
    expect((await api.get(t, null, path)).statusCode).toBe(401);
    expect((await api.get(t, s.other, path)).statusCode).toBe(403);
    expect((await api.get(t, s.buyer, path)).statusCode).toBe(403);
    expect((await api.get(t, s.seller, `${eventLotsPath('evt_nope')}/template.csv`)).statusCode).toBe(404);
    expect((await api.get(t, null, '/marketplace-api/seller/import/columns')).statusCode).toBe(401);
  });
});

describe('the preview', () => {
  it('reads categories by name, locations by city, money in major units and ZIP photos; writes no lot', async () => {
    const { eventId } = await newEvent(t, s.seller, s.company.id);
    const zip = zipOf({ 'pics/a.png': (await photos(['a.png']))['a.png'] as Uint8Array });
    const sheet = csvOf([
      row('1', { category: s.category.name, location: 'houston', reserveBid: '150.5', photos: 'A.PNG' }),
      row('2', { category: s.category.id, location: 'Houston, TX', shippingOptions: 'pickup; fee' }),
    ]);
    const data = await preview(eventId, sheet, zip);
    expect(data).toMatchObject({ rows: 2, lotsToCreate: 2, errors: [] });
    expect(await lotCount(eventId)).toBe(0);
    const [stored] = await t.db.select().from(sellerImports).where(eq(sellerImports.id, data.importId));
    const first = (stored?.rows as { columns: Record<string, unknown>; photos: { key: string }[] }[] | undefined)?.[0];
    expect(first?.columns).toMatchObject({ startingBid: 10_000, reserveBid: 15_050, productCategoryId: s.category.id });
    expect(first?.photos[0]?.key).toMatch(/^uploads\/marketplace\/.+\.png$/);
  });

  it('lists every bad cell by row (the header is row 1) and column', async () => {
    const { eventId } = await newEvent(t, s.seller, s.company.id);
    await api.post(t, s.seller, eventLotsPath(eventId), {
      ...(await import('../seller-lots/test-helpers')).lotBody({ number: 'TAKEN' }),
    });
    const many = Array.from({ length: 101 }, (_, i) => `https://example.com/${i}.jpg`).join(';');
    const sheet = csvOf([
      row('1', { category: 'No such category' }),
      row('2', { riggingParty: 'nobody' }),
      row('3', { startingBid: '-5' }),
      row('4', { startingBid: '1,50' }),
      row('5', { startingBid: '100.00', reserveBid: '50.00' }),
      row('1'),
      row('TAKEN'),
      row('8', { name: '' }),
      row('9', { location: 'Atlantis' }),
      row('10', { photos: 'missing.jpg' }),
      row('11', { photos: many }),
      row('12', { startingBid: 'abc' }),
    ]);
    const res = await postImport(t, s.seller, eventId, sheet);
    expect(res.statusCode, res.body).toBe(201);
    const found = errorsOf(res).map((e) => `${e.row} ${e.column}`);
    expect(found).toEqual([
      '2 category',
      '3 riggingParty',
      '4 startingBid',
      '5 startingBid',
      '6 reserveBid',
      '7 number',
      '8 number',
      '9 name',
      '10 location',
      '11 photos',
      '12 photos',
      '13 startingBid',
    ]);
    const messages = Object.fromEntries(errorsOf(res).map((e) => [e.row, e.message]));
    expect(messages[4]).toBe('cannot be negative.');
    expect(messages[5]).toContain('use a dot for decimals');
    expect(messages[6]).toBe('The reserve must be at least the starting bid.');
    expect(messages[7]).toBe('lot number 1 is also on row 2.');
    expect(messages[8]).toBe('lot number TAKEN is already used in this event.');
    expect(messages[11]).toBe('missing.jpg needs the ZIP of photos: add it.');
    expect(messages[12]).toContain('at most 100 photos');
    expect(await lotCount(eventId)).toBe(1);
    // A preview with errors cannot be committed, and nothing changes.
    const refused = await commit(t, s.seller, res.json().data.importId, 'k-errors');
    expect(refused.statusCode).toBe(409);
    expect(codes(refused)).toEqual(['IMPORT_HAS_ERRORS']);
    expect(await lotCount(eventId)).toBe(1);
  });

  it('an unknown column is a row-1 error; 400 for more than 5,000 lots, an unreadable sheet or ZIP, two ZIP files of one name', async () => {
    const { eventId } = await newEvent(t, s.seller, s.company.id);
    const unknown = await postImport(t, s.seller, eventId, csvOf([row('1')], ['number', 'name', 'colour']));
    expect(errorsOf(unknown)).toEqual([
      { row: 1, column: 'colour', message: 'Unknown column (cell 3): the template names every column.' },
    ]);
    const big = csvOf(Array.from({ length: 5_001 }, (_, i) => row(String(i))));
    const tooMany = await postImport(t, s.seller, eventId, big);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors[0].message).toContain('at most 5000');
    const binary = await postImport(t, s.seller, eventId, Buffer.from([0xff, 0xfe, 0x00, 0x01]));
    expect(binary.statusCode).toBe(400);
    const pics = await photos(['x.png']);
    const twice = zipOf({ 'a/x.png': pics['x.png'] as Uint8Array, '../b/x.png': pics['x.png'] as Uint8Array });
    const dup = await postImport(t, s.seller, eventId, csvOf([row('1', { photos: 'x.png' })]), twice);
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors[0].message).toBe('The ZIP has two files named x.png: rename one.');
    const notZip = await postImport(t, s.seller, eventId, csvOf([row('1')]), Buffer.from('not a zip'));
    expect(notZip.statusCode).toBe(400);
    expect(await t.db.select().from(sellerImports).where(eq(sellerImports.eventId, eventId))).toHaveLength(1);
  });

  it('a ZIP entry that is no image is an error on its rows, and nothing is stored', async () => {
    const { eventId } = await newEvent(t, s.seller, s.company.id);
    const before = (await t.db.select({ n: count() }).from(uploads))[0]?.n;
    const zip = zipOf({ 'fake.jpg': new TextEncoder().encode('<script>alert(1)</script>') });
    const res = await postImport(t, s.seller, eventId, csvOf([row('1', { photos: 'fake.jpg' })]), zip);
    expect(errorsOf(res)).toEqual([
      { row: 2, column: 'photos', message: 'fake.jpg is not a .jpg image: its content says otherwise.' },
    ]);
    expect((await t.db.select({ n: count() }).from(uploads))[0]?.n).toBe(before);
  });

  it('401 for a visitor, 403 for another company’s user and a buyer, 404 for an unknown event; nothing kept', async () => {
    const sheet = csvOf([row('1')]);
    expect((await postImport(t, null, s.eventId, sheet)).statusCode).toBe(401);
    expect((await postImport(t, s.other, s.eventId, sheet)).statusCode).toBe(403);
    expect((await postImport(t, s.buyer, s.eventId, sheet)).statusCode).toBe(403);
    expect((await postImport(t, s.seller, 'evt_nope', sheet)).statusCode).toBe(404);
    expect(await t.db.select().from(sellerImports).where(eq(sellerImports.eventId, s.eventId))).toHaveLength(0);
  });
});

describe('the commit', () => {
  it('creates every lot after the existing ones with its photos in file order; a second commit answers the first', async () => {
    const { eventId } = await newEvent(t, s.seller, s.company.id);
    await api.post(t, s.seller, eventLotsPath(eventId), (await import('../seller-lots/test-helpers')).lotBody());
    const pics = await photos(['a.png', 'b.png', 'c.png']);
    const sheet = csvOf([
      row('10', { photos: 'b.png;a.png' }),
      row('11', { photos: 'c.png;https://example.com/x.jpg' }),
      row('12'),
    ]);
    const { importId } = await preview(eventId, sheet, zipOf(pics));
    const res = await commit(t, s.seller, importId, 'k-commit');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'importing', lotsCreated: 3, photosTotal: 4 });
    const lots = await lotsOf(t, eventId);
    // The new lots' staggered ends were set as they were inserted: the event's rule moves none of them.
    expect(await t.db.transaction((tx) => applyEventLotEnds(tx, eventId))).toEqual([]);
    expect(new Set(lots.map((l) => l.endedAt?.getTime())).size).toBe(4);
    expect(lots.map((l) => [l.number, l.sequence])).toEqual([
      ['1', 1],
      ['10', 2],
      ['11', 3],
      ['12', 4],
    ]);
    const attached = await t.db
      .select({ lotId: lotPhotos.lotId, position: lotPhotos.position, url: lotPhotos.url })
      .from(lotPhotos)
      .where(
        inArray(
          lotPhotos.lotId,
          lots.map((l) => l.id),
        ),
      )
      .orderBy(asc(lotPhotos.lotId), asc(lotPhotos.position));
    const of = (n: string) => attached.filter((p) => p.lotId === lots.find((l) => l.number === n)?.id);
    expect(of('10').map((p) => p.position)).toEqual([0, 1]);
    // The URL photo comes later (position 1 of lot 11); the ZIP photos are public uploads now.
    expect(of('11').map((p) => p.position)).toEqual([0]);
    const keys = attached.map((p) => p.url.slice('/files/'.length));
    const rows = await t.db.select().from(uploads).where(inArray(uploads.key, keys));
    expect(rows.every((u) => u.referenced && u.visibility === 'public')).toBe(true);
    const again = await commit(t, s.seller, importId, 'k-commit');
    expect(again.json()).toEqual(res.json());
    const other = await commit(t, s.seller, importId, 'k-another');
    expect(other.statusCode).toBe(200);
    expect(other.json().data.lotsCreated).toBe(3);
    expect(await lotCount(eventId)).toBe(4);
    const status = await api.get(t, s.seller, importPath(importId));
    expect(status.json().data).toMatchObject({ status: 'importing', lotsCreated: 3, photosTotal: 4 });
  });

  it('401, 403 for another company’s user and a buyer, 404 for an unknown import; nothing changes', async () => {
    const { eventId } = await newEvent(t, s.seller, s.company.id);
    const { importId } = await preview(eventId, csvOf([row('1')]));
    expect((await commit(t, null, importId)).statusCode).toBe(401);
    expect((await commit(t, s.other, importId)).statusCode).toBe(403);
    expect((await commit(t, s.buyer, importId)).statusCode).toBe(403);
    expect((await commit(t, s.seller, 'imp_nope')).statusCode).toBe(404);
    expect((await api.get(t, s.other, importPath(importId))).statusCode).toBe(403);
    expect((await api.get(t, null, importPath(importId))).statusCode).toBe(401);
    expect((await api.get(t, s.seller, importPath('imp_nope'))).statusCode).toBe(404);
    expect(await lotCount(eventId)).toBe(0);
    const [stored] = await t.db.select().from(sellerImports).where(eq(sellerImports.id, importId));
    expect(stored?.status).toBe('previewed');
  });

  it('409 IMPORT_EXPIRED after 24 hours, 409 LOT_NUMBER_TAKEN when a number was taken since; nothing changes', async () => {
    const { eventId } = await newEvent(t, s.seller, s.company.id);
    const old = await preview(eventId, csvOf([row('1')]));
    await t.db
      .update(sellerImports)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sellerImports.id, old.importId));
    const expired = await commit(t, s.seller, old.importId);
    expect(expired.statusCode).toBe(409);
    expect(codes(expired)).toEqual(['IMPORT_EXPIRED']);
    expect((await api.get(t, s.seller, importPath(old.importId))).statusCode).toBe(200);
    const fresh = await preview(eventId, csvOf([row('7')]));
    await api.post(
      t,
      s.seller,
      eventLotsPath(eventId),
      (await import('../seller-lots/test-helpers')).lotBody({ number: '7' }),
    );
    // The next preview of the company removes the expired one.
    expect((await api.get(t, s.seller, importPath(old.importId))).statusCode).toBe(404);
    const taken = await commit(t, s.seller, fresh.importId);
    expect(taken.statusCode).toBe(409);
    expect(codes(taken)).toEqual(['LOT_NUMBER_TAKEN number']);
    expect(await lotCount(eventId)).toBe(1);
  });
});

describe('a commit in the last seconds of a preview', () => {
  it('409 IMPORT_EXPIRED when the sweep removed its photos meanwhile; nothing is created, the preview stays', async () => {
    const { eventId } = await newEvent(t, s.seller, s.company.id);
    const zip = zipOf(await photos(['a.png', 'b.png']));
    const { importId } = await preview(
      eventId,
      csvOf([row('1', { photos: 'a.png;b.png' }), row('2', { photos: 'a.png' })]),
      zip,
    );
    const [stored] = await t.db.select().from(sellerImports).where(eq(sellerImports.id, importId));
    const keys = ((stored?.rows ?? []) as { photos: { key: string }[] }[]).flatMap((r) => r.photos.map((p) => p.key));
    // The sweep took one of them (its 24 hours ran out a moment before the preview's).
    await t.db.delete(uploads).where(eq(uploads.key, keys[1] as string));
    const res = await commit(t, s.seller, importId, 'k-swept');
    expect(res.statusCode, res.body).toBe(409);
    expect(codes(res)).toEqual(['IMPORT_EXPIRED']);
    expect(await lotCount(eventId)).toBe(0);
    expect(
      (
        await t.db
          .select()
          .from(uploads)
          .where(eq(uploads.key, keys[0] as string))
      )[0]?.referenced,
    ).toBe(false);
    expect((await api.get(t, s.seller, importPath(importId))).json().data.status).toBe('previewed');
  });
});

describe('the upload quota', () => {
  it('413 UPLOAD_QUOTA_EXCEEDED when the ZIP’s photos would pass it; nothing is stored or kept', async () => {
    // The ZIP's photos are the company's uploads (decision 0085): its quota holds, not the seller's own.
    const small = await createTestApp({
      config: {
        uploadQuota: { dailyBytes: 1024 ** 3, totalBytes: 1024 ** 3, company: { dailyBytes: 50, totalBytes: 50 } },
      },
    });
    try {
      const scene = await lotScene(small);
      const zip = zipOf(await photos(['a.png']));
      const res = await postImport(small, scene.seller, scene.eventId, csvOf([row('1', { photos: 'a.png' })]), zip);
      expect(res.statusCode, res.body).toBe(413);
      expect(codes(res)).toEqual(['UPLOAD_QUOTA_EXCEEDED size']);
      expect(await small.db.select().from(uploads)).toEqual([]);
      expect(await small.db.select().from(sellerImports)).toEqual([]);
    } finally {
      await small.close();
    }
  });
});

describe('previews with large ZIPs at once', () => {
  it(`past ${MAX_ZIP_PREVIEWS_WAITING + 1} in a process the next is refused with 503 before its body is read; a sheet alone still passes`, async () => {
    const { eventId } = await newEvent(t, s.seller, s.company.id);
    const sheet = csvOf([row('1')]);
    // Not a ZIP, but larger than any sheet: only an admitted body finds that out (400).
    const big = Buffer.alloc(MAX_IMPORT_SHEET_BYTES + 1024 * 1024, 7);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const busy = Array.from({ length: MAX_ZIP_PREVIEWS_WAITING + 1 }, () => receivingZip(() => held));
    try {
      const refused = await postImport(t, s.seller, eventId, sheet, big);
      expect(refused.statusCode, refused.body).toBe(503);
      expect(codes(refused)).toEqual(['SERVICE_UNAVAILABLE photos']);
      expect(refused.headers['retry-after']).toBe('60');
      expect((await postImport(t, s.seller, eventId, sheet)).statusCode).toBe(201);
    } finally {
      release();
      await Promise.all(busy);
    }
    const admitted = await postImport(t, s.seller, eventId, sheet, big);
    expect(admitted.statusCode, admitted.body).toBe(400);
    expect(codes(admitted)).toEqual(['VALIDATION_FAILED photos']);
    expect(await lotCount(eventId)).toBe(0);
  });
});

describe('a commit that breaks off', () => {
  it('creates nothing and leaves the import failed when a location it names was removed since the preview', async () => {
    const { eventId, locationId } = await newEvent(t, s.seller, s.company.id);
    const { importId } = await preview(eventId, csvOf([row('1', { location: 'Houston' })]));
    const removed = await api.delete(t, s.seller, `/marketplace-api/seller/events/${eventId}/locations/${locationId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const res = await commit(t, s.seller, importId, 'k-broken');
    expect(res.statusCode).toBe(500);
    expect(await lotCount(eventId)).toBe(0);
    const status = await api.get(t, s.seller, importPath(importId));
    expect(status.json().data).toMatchObject({ status: 'failed', lotsCreated: 0 });
    const again = await commit(t, s.seller, importId, 'k-again');
    expect(again.statusCode).toBe(200);
    expect(again.json().data.status).toBe('failed');
    expect(await lotCount(eventId)).toBe(0);
  });
});
