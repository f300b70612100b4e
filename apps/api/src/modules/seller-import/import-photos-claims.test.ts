import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { lotPhotos, sellerImportPhotos, uploads } from '@lotline/db/schema';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadStorageFor } from '../../app';
import { createTestApp, type TestApp } from '../../test/app';
import { ImageResizer } from '../files/resize-image';
import { api } from '../seller-events/test-helpers';
import { lotScene, newEvent } from '../seller-lots/test-helpers';
import { policyKey } from '../uploads/local-policy';
import { type ImportPhotoDeps, processImportPhotos } from './process-import-photos';
import { commit, csvOf, importPath, lotsOf, photos, postImport, row } from './test-helpers';

/** Imported URL photos under load: passes side by side, the upload quota, a seller adding photos meanwhile. */

let t: TestApp;
let s: Awaited<ReturnType<typeof lotScene>>;
let server: Server;
let origin: string;
beforeAll(async () => {
  t = await createTestApp();
  s = await lotScene(t);
  const png = (await photos(['p.png']))['p.png'] as Uint8Array;
  server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(png));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.close();
  await t.close();
});

const deps = (overrides: Partial<ImportPhotoDeps> = {}): ImportPhotoDeps => ({
  db: t.db,
  storage: uploadStorageFor(t.config, policyKey(t.config.authSecret as string)),
  resizer: new ImageResizer(path.join(t.config.filesDir, '.image-cache')),
  quota: t.config.uploadQuota,
  allowPrivateUrls: true,
  ...overrides,
});

/** Commits a fresh event's import of one lot per photos cell; answers the import and its lots. */
async function imported(cells: string[]) {
  const { eventId } = await newEvent(t, s.seller, s.company.id);
  const res = await postImport(t, s.seller, eventId, csvOf(cells.map((photos, i) => row(`${i + 1}`, { photos }))));
  expect(res.statusCode, res.body).toBe(201);
  const importId = res.json().data.importId as string;
  expect((await commit(t, s.seller, importId)).statusCode).toBe(200);
  return { importId, lots: await lotsOf(t, eventId) };
}

const photoRows = (importId: string) =>
  t.db
    .select()
    .from(sellerImportPhotos)
    .where(eq(sellerImportPhotos.importId, importId))
    .orderBy(asc(sellerImportPhotos.id));
const status = async (importId: string) => (await api.get(t, s.seller, importPath(importId))).json().data;

describe('imported URL photos, hardened', () => {
  it('two passes at once take different photos: each photo fetched and attached once', async () => {
    const { importId, lots } = await imported([`${origin}/1.png`, `${origin}/2.png`, `${origin}/3.png`]);
    const [a, b] = await Promise.all([processImportPhotos(deps()), processImportPhotos(deps())]);
    expect((a ?? 0) + (b ?? 0)).toBe(3);
    const attached = await t.db
      .select()
      .from(lotPhotos)
      .where(
        inArray(
          lotPhotos.lotId,
          lots.map((l) => l.id),
        ),
      );
    expect(attached).toHaveLength(3);
    expect(await status(importId)).toMatchObject({ status: 'done', photosReady: 3, photosFailed: 0 });
  });

  it('skips a photo another process holds, counts it neither ready nor failed, and retakes it once the claim ran out', async () => {
    const { importId } = await imported([`${origin}/1.png`]);
    const [photo] = await photoRows(importId);
    const held = (until: string) =>
      t.db
        .update(sellerImportPhotos)
        .set({ claimedUntil: until })
        .where(eq(sellerImportPhotos.id, photo?.id as number));
    await held('2999-01-01T00:00:00Z');
    expect(await processImportPhotos(deps())).toBe(0);
    expect(await status(importId)).toMatchObject({ status: 'importing', photosReady: 0, photosFailed: 0 });
    await held('2000-01-01T00:00:00Z');
    expect(await processImportPhotos(deps())).toBe(1);
    expect(await status(importId)).toMatchObject({ status: 'done', photosReady: 1, photosFailed: 0 });
  });

  it('a photo past the upload quota is failed with why, stores nothing and counts as failed', async () => {
    const { importId, lots } = await imported([`${origin}/1.png`]);
    const before = await t.db.select().from(uploads).where(eq(uploads.userId, s.seller.id));
    // An imported photo is the company's upload (decision 0085): the company's quota is the one that holds.
    const MB10 = 10 * 1024 * 1024;
    const quota = { dailyBytes: MB10, totalBytes: MB10, company: { dailyBytes: MB10, totalBytes: 1 } };
    expect(await processImportPhotos(deps({ quota }))).toBe(1);
    const [photo] = await photoRows(importId);
    expect(photo?.failure).toMatch(/^This upload would pass the company's storage limit of 1 bytes/);
    expect(await status(importId)).toMatchObject({ status: 'done', photosReady: 0, photosFailed: 1 });
    expect(
      await t.db
        .select()
        .from(lotPhotos)
        .where(eq(lotPhotos.lotId, lots[0]?.id as string)),
    ).toEqual([]);
    expect(await t.db.select().from(uploads).where(eq(uploads.userId, s.seller.id))).toHaveLength(before.length);
  });

  it("a photo whose position the seller took meanwhile is attached after the lot's last photo, counted ready", async () => {
    const { importId, lots } = await imported([`${origin}/1.png`]);
    const lotId = lots[0]?.id as string;
    await t.db.insert(lotPhotos).values({ id: 'lph_by_hand', lotId, position: 0, url: '/files/uploads/x.png' });
    await processImportPhotos(deps());
    const attached = await t.db
      .select()
      .from(lotPhotos)
      .where(eq(lotPhotos.lotId, lotId))
      .orderBy(asc(lotPhotos.position));
    expect(attached.map((p) => [p.id === 'lph_by_hand', p.position])).toEqual([
      [true, 0],
      [false, 1],
    ]);
    expect(await status(importId)).toMatchObject({ status: 'done', photosReady: 1, photosFailed: 0 });
  });
});
