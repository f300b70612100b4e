import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_LOT_PHOTOS } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { sellerImportPhotos, sellerImports, uploads } from '@lotline/db/schema';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settle } from '../../test/concurrency';
import type { ImageResizer } from '../files/resize-image';
import { processImportPhotos } from '../seller-import/process-import-photos';
import { uploadKeyPrefix } from '../uploads/request-upload';
import type { UploadStorage } from '../uploads/storage';
import { sellerLotsConcurrencyScene } from './concurrency-helpers';
import { createLot } from './create-lot';
import { attachLotPhoto } from './lot-photo-writes';
import { PNG } from './test-helpers';

/**
 * At most MAX_LOT_PHOTOS (100) photos a lot, on PostgreSQL (skipped without
 * TEST_DATABASE_URL): the count is read and the photo added with the lot's row
 * locked, so adds racing through two pools (two API processes), the seller's
 * and the import's photo pass alike, stop at exactly 100. Every add past it is
 * refused (the seller's 409 TOO_MANY_PHOTOS, the import photo's failure) and
 * leaves nothing: no photo row, no public upload. No position is taken twice.
 */

const baseUrl = process.env.TEST_DATABASE_URL;

let scene: Awaited<ReturnType<typeof sellerLotsConcurrencyScene>>;
let pools: [Database, Database];
let server: Server;
let origin: string;

/** Storage in memory: every key exists; reads redirect (so the import pass resizes nothing). */
const files = new Set<string>();
const storage = {
  async exists() {
    return true;
  },
  async put(key: string) {
    files.add(key);
  },
  async delete(key: string) {
    files.delete(key);
  },
  async read() {
    return { redirect: 'https://bucket.example/photo' };
  },
} as Partial<UploadStorage> as UploadStorage;

/** A key the server would have issued to the seller for a marketplace photo. */
const issuedKey = () => `${uploadKeyPrefix('marketplace', scene.sellerId)}${randomUUID()}.png`;

/** A lot of a new draft event with `count` photos already (positions 0…count-1). */
async function lotWithPhotos(count: number) {
  const { eventId, form } = await scene.event();
  const lot = await createLot(pools[0], scene.sellerId, eventId, form());
  for (let i = 0; i < count; i++) await scene.make.photo(lot._id, i, { url: `/files/seeded-${lot._id}-${i}.png` });
  return { eventId, lotId: lot._id };
}

/** Exactly 100 photos at positions 0…99, each URL once; returns the URLs. */
async function expectFull(lotId: string) {
  const photos = await scene.photosOf(lotId);
  expect(photos.map((p) => p.position)).toEqual(Array.from({ length: MAX_LOT_PHOTOS }, (_, i) => i));
  expect(new Set(photos.map((p) => p.url)).size).toBe(MAX_LOT_PHOTOS);
  return photos.map((p) => p.url);
}

describe.skipIf(!baseUrl)('the 100-photo limit under concurrent adds (PostgreSQL)', () => {
  beforeAll(async () => {
    scene = await sellerLotsConcurrencyScene(baseUrl as string);
    ({ pools } = scene);
    server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(async () => {
    server?.close();
    await scene?.close();
  });

  it('a lot at 98 and five adds at once: two attached, three 409 TOO_MANY_PHOTOS leaving nothing', async () => {
    const { lotId } = await lotWithPhotos(MAX_LOT_PHOTOS - 2);
    const keys = Array.from({ length: 5 }, issuedKey);
    const outcomes = await settle(
      keys.map((key, i) => attachLotPhoto(pools[i % 2] as Database, storage, scene.sellerId, lotId, key)),
    );
    expect([...outcomes].sort()).toEqual(['TOO_MANY_PHOTOS', 'TOO_MANY_PHOTOS', 'TOO_MANY_PHOTOS', 'ok', 'ok']);
    const urls = await expectFull(lotId);
    const attached = keys.filter((_, i) => outcomes[i] === 'ok');
    expect(urls.slice(-2).sort()).toEqual(attached.map((k) => `/files/${k}`).sort());
    // Only the attached uploads were made the lot's (public, kept by the sweep); a refusal rolled its back.
    const made = await pools[0].select().from(uploads).where(inArray(uploads.key, keys));
    expect(made.map((u) => [u.key, u.visibility, u.referenced]).sort()).toEqual(
      attached.map((k) => [k, 'public', true]).sort(),
    );
  });

  it('a lot at 97: the seller’s adds and the import’s photo pass at once still stop at 100', async () => {
    const { eventId, lotId } = await lotWithPhotos(MAX_LOT_PHOTOS - 3);
    const importId = `imp_${randomUUID()}`;
    await pools[0].insert(sellerImports).values({
      id: importId,
      companyId: scene.companyId,
      eventId,
      userId: scene.sellerId,
      status: 'importing',
      rows: [],
      errors: [],
      rowsCount: 1,
      lotsCreated: 1,
    });
    // Three URL photos of the sheet, for positions the seeded photos hold: each goes after the lot's last.
    await pools[0]
      .insert(sellerImportPhotos)
      .values(
        Array.from({ length: 3 }, (_, i) => ({ importId, lotId, position: i, sourceUrl: `${origin}/p${i}.png` })),
      );
    const keys = Array.from({ length: 3 }, issuedKey);
    const deps = {
      db: pools[1],
      storage,
      resizer: {} as ImageResizer,
      quota: { dailyBytes: 1024 ** 3, totalBytes: 1024 ** 3 },
      allowPrivateUrls: true,
    };
    const [pass, ...outcomes] = await settle([
      processImportPhotos(deps),
      ...keys.map((key) => attachLotPhoto(pools[0], storage, scene.sellerId, lotId, key)),
    ]);
    expect(pass).toBe('ok');
    const imported = await pools[0].select().from(sellerImportPhotos).where(eq(sellerImportPhotos.importId, importId));
    expect(imported.every((p) => p.done)).toBe(true);
    const importedOk = imported.filter((p) => p.failure === null);
    const sellerOk = outcomes.filter((o) => o === 'ok');
    // Three places left, six candidates: exactly three taken, every other refused as documented.
    expect(importedOk.length + sellerOk.length).toBe(3);
    expect(outcomes.filter((o) => o !== 'ok').every((o) => o === 'TOO_MANY_PHOTOS')).toBe(true);
    for (const p of imported.filter((x) => x.failure !== null)) {
      expect(p.failure).toBe(`The lot has ${MAX_LOT_PHOTOS} photos already.`);
    }
    const urls = await expectFull(lotId);
    const added = [...keys.filter((_, i) => outcomes[i] === 'ok'), ...importedOk.map((p) => p.uploadKey as string)].map(
      (k) => `/files/${k}`,
    );
    expect(urls.slice(-3).sort()).toEqual(added.sort());
  });
});
