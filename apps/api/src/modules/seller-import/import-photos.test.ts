import { readdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eventLots, events, lotPhotos, sellerImportPhotos } from '@lotline/db/schema';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadStorageFor } from '../../app';
import { createTestApp, type TestApp } from '../../test/app';
import { ImageResizer } from '../files/resize-image';
import { api } from '../seller-events/test-helpers';
import { lotScene, newEvent } from '../seller-lots/test-helpers';
import { policyKey } from '../uploads/local-policy';
import { processImportPhotos } from './process-import-photos';
import { commit, csvOf, importPath, lotsOf, photos, postImport, row, zipOf } from './test-helpers';

/** The background half of an import: URL photos fetched, every photo resized, progress counted. */

let t: TestApp;
let s: Awaited<ReturnType<typeof lotScene>>;
let server: Server;
let origin: string;
let png: Uint8Array;
beforeAll(async () => {
  t = await createTestApp();
  s = await lotScene(t);
  png = (await photos(['p.png']))['p.png'] as Uint8Array;
  server = createServer((req, res) => {
    if (req.url === '/p.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (req.url === '/page.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end('<html></html>');
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.close();
  await t.close();
});

const cacheDir = () => path.join(t.config.filesDir, '.image-cache');
const deps = (allowPrivateUrls: boolean) => ({
  db: t.db,
  storage: uploadStorageFor(t.config, policyKey(t.config.authSecret as string)),
  resizer: new ImageResizer(cacheDir()),
  quota: t.config.uploadQuota,
  allowPrivateUrls,
});

async function importInto(eventId: string, rows: Record<string, string>[], zip?: Buffer) {
  const res = await postImport(t, s.seller, eventId, csvOf(rows), zip);
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().data.errors).toEqual([]);
  const importId = res.json().data.importId as string;
  const done = await commit(t, s.seller, importId);
  expect(done.statusCode, done.body).toBe(200);
  return importId;
}

describe('imported photos in the background', () => {
  it('fetches URL photos into their file position, resizes every photo, counts progress, then the import is done', async () => {
    const { eventId } = await newEvent(t, s.seller, s.company.id);
    const importId = await importInto(
      eventId,
      [row('1', { photos: `z.png;${origin}/p.png` })],
      zipOf({ 'z.png': png }),
    );
    const before = (await api.get(t, s.seller, importPath(importId))).json().data;
    expect(before).toMatchObject({ status: 'importing', photosTotal: 2, photosReady: 0 });
    expect(await processImportPhotos(deps(true))).toBe(2);
    const after = (await api.get(t, s.seller, importPath(importId))).json().data;
    expect(after).toMatchObject({ status: 'done', photosTotal: 2, photosReady: 2, photosFailed: 0 });
    const [lot] = await lotsOf(t, eventId);
    const attached = await t.db
      .select()
      .from(lotPhotos)
      .where(eq(lotPhotos.lotId, lot?.id as string))
      .orderBy(asc(lotPhotos.position));
    expect(attached.map((p) => p.position)).toEqual([0, 1]);
    expect(attached[1]?.url).toMatch(/^\/files\/uploads\/marketplace\/.+\.png$/);
    // Both photos' card and page widths are in the image cache now (2 photos × 2 widths).
    const dirs = await readdir(cacheDir());
    const files = (await Promise.all(dirs.map((d) => readdir(path.join(cacheDir(), d))))).flat();
    expect(files.filter((f) => f.endsWith('.webp'))).toHaveLength(4);
    // A second pass finds nothing to do and attaches nothing twice.
    expect(await processImportPhotos(deps(true))).toBe(0);
    expect(
      await t.db
        .select()
        .from(lotPhotos)
        .where(eq(lotPhotos.lotId, lot?.id as string)),
    ).toHaveLength(2);
  });

  it('a URL photo arriving after the event was published moves its lot (change_seq, updated_at); in a draft it does not', async () => {
    const stamp = async (lotId: string) =>
      (
        await t.db
          .select({ seq: eventLots.changeSeq, updated: eventLots.updatedAt })
          .from(eventLots)
          .where(eq(eventLots.id, lotId))
      )[0];
    const draft = await newEvent(t, s.seller, s.company.id);
    await importInto(draft.eventId, [row('1', { photos: `z.png;${origin}/p.png` })], zipOf({ 'z.png': png }));
    const published = await newEvent(t, s.seller, s.company.id);
    await importInto(published.eventId, [row('1', { photos: `z.png;${origin}/p.png` })], zipOf({ 'z.png': png }));
    // The seller publishes (the ZIP photo makes the lot complete) before the URL photo is fetched.
    await t.db.update(events).set({ status: 'published' }).where(eq(events.id, published.eventId));
    const [draftLot] = await lotsOf(t, draft.eventId);
    const [publicLot] = await lotsOf(t, published.eventId);
    const before = { draft: await stamp(draftLot?.id as string), public: await stamp(publicLot?.id as string) };
    expect(await processImportPhotos(deps(true))).toBe(4);
    expect(await stamp(draftLot?.id as string)).toEqual(before.draft);
    const after = await stamp(publicLot?.id as string);
    expect(Number(after?.seq)).toBeGreaterThan(Number(before.public?.seq));
    expect(after?.updated.getTime()).toBeGreaterThanOrEqual(before.public?.updated.getTime() as number);
  });

  it('refuses private addresses unless allowed, and what is no image; each counted as failed', async () => {
    const { eventId } = await newEvent(t, s.seller, s.company.id);
    const importId = await importInto(eventId, [
      row('1', { photos: `${origin}/p.png` }),
      row('2', { photos: `${origin}/page.jpg` }),
      row('3', { photos: `${origin}/missing.png` }),
    ]);
    await processImportPhotos(deps(false));
    const rows = await t.db
      .select({ failure: sellerImportPhotos.failure })
      .from(sellerImportPhotos)
      .where(eq(sellerImportPhotos.importId, importId))
      .orderBy(asc(sellerImportPhotos.id));
    expect(rows.map((r) => r.failure)).toEqual([
      'A private address is not fetched.',
      'A private address is not fetched.',
      'A private address is not fetched.',
    ]);
    const status = (await api.get(t, s.seller, importPath(importId))).json().data;
    expect(status).toMatchObject({ status: 'done', photosTotal: 3, photosReady: 0, photosFailed: 3 });
    const lots = await lotsOf(t, eventId);
    expect(
      await t.db
        .select()
        .from(lotPhotos)
        .where(
          inArray(
            lotPhotos.lotId,
            lots.map((l) => l.id),
          ),
        ),
    ).toEqual([]);
  });

  it('with private addresses allowed, a page renamed .jpg and a 404 still fail, the photo is attached', async () => {
    const { eventId } = await newEvent(t, s.seller, s.company.id);
    const importId = await importInto(eventId, [
      row('1', { photos: `${origin}/page.jpg` }),
      row('2', { photos: `${origin}/missing.png` }),
      row('3', { photos: `${origin}/p.png` }),
    ]);
    await processImportPhotos(deps(true));
    const rows = await t.db
      .select({ failure: sellerImportPhotos.failure })
      .from(sellerImportPhotos)
      .where(eq(sellerImportPhotos.importId, importId))
      .orderBy(asc(sellerImportPhotos.id));
    expect(rows.map((r) => r.failure)).toEqual([
      'The address did not answer a photo (JPEG, PNG, WebP, HEIC or BMP).',
      'The address answered 404.',
      null,
    ]);
  });
});
