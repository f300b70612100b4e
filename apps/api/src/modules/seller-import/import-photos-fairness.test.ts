import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sellerImportPhotos } from '@lotline/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadStorageFor } from '../../app';
import { createTestApp, type TestApp } from '../../test/app';
import { ImageResizer } from '../files/resize-image';
import { api } from '../seller-events/test-helpers';
import { lotScene, newEvent } from '../seller-lots/test-helpers';
import { policyKey } from '../uploads/local-policy';
import { type ImportPhotoDeps, processImportPhotos } from './process-import-photos';
import { commit, csvOf, importPath, lotsOf, photos, postImport, row } from './test-helpers';

/** Photo fetching is fair (decision 0072): companies and their imports take turns, each within its caps. */

type Scene = Awaited<ReturnType<typeof lotScene>>;
let t: TestApp;
let a: Scene;
let b: Scene;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  a = await lotScene(t);
  b = await lotScene(t);
  png = Buffer.from((await photos(['p.png']))['p.png'] as Uint8Array);
});
afterAll(async () => {
  await t.close();
});

const deps = (fetch: ImportPhotoDeps['fetch']): ImportPhotoDeps => ({
  db: t.db,
  storage: uploadStorageFor(t.config, policyKey(t.config.authSecret as string)),
  resizer: new ImageResizer(path.join(t.config.filesDir, '.image-cache')),
  quota: t.config.uploadQuota,
  allowPrivateUrls: true,
  fetch,
});

/** Commits a fresh event's import for the scene's company, one lot per photos cell. */
async function imported(s: Scene, cells: string[]) {
  const { eventId } = await newEvent(t, s.seller, s.company.id);
  const res = await postImport(t, s.seller, eventId, csvOf(cells.map((photos, i) => row(`${i + 1}`, { photos }))));
  expect(res.statusCode, res.body).toBe(201);
  const importId = res.json().data.importId as string;
  expect((await commit(t, s.seller, importId)).statusCode).toBe(200);
  return { importId, lots: await lotsOf(t, eventId) };
}

const status = async (s: Scene, importId: string) => (await api.get(t, s.seller, importPath(importId))).json().data;
const timedOut = () => new Error('The address did not answer within 15 seconds.');
const urls = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}/${i}.png`).join(';');

describe('imported URL photos, fairly', () => {
  it("a seller's photos queued after another's 10,000 slow URLs arrive in the same pass, in turn with them", async () => {
    const slow = await imported(a, ['http://slow.test/0.png']);
    await t.db.execute(sql`
      insert into seller_import_photos (import_id, lot_id, position, source_url)
      select ${slow.importId}, ${slow.lots[0]?.id as string}, g, 'http://slow.test/' || g || '.png'
      from generate_series(1, 9999) g`);
    const fast = await imported(b, ['http://fast.test/1.png', 'http://fast.test/2.png;http://fast.test/3.png']);
    const calls: string[] = [];
    const fetch = async (url: string) => {
      calls.push(url);
      if (url.startsWith('http://fast.test/')) return { bytes: png, extension: 'png' };
      await sleep(100);
      throw timedOut();
    };
    expect(await processImportPhotos(deps(fetch), 16)).toBe(16);
    expect(await status(b, fast.importId)).toMatchObject({ status: 'done', photosReady: 3, photosFailed: 0 });
    expect(await status(a, slow.importId)).toMatchObject({
      status: 'importing',
      photosTotal: 10_000,
      photosReady: 0,
      photosFailed: 13,
    });
    // Served in turn from the first claim: slow, fast, slow, fast, slow, fast.
    expect(calls.slice(0, 6).map((u) => u.startsWith('http://fast.test/'))).toEqual([
      false,
      true,
      false,
      true,
      false,
      true,
    ]);
    // The slow seller's queue is out of the next test's way.
    await t.db.update(sellerImportPhotos).set({ done: true }).where(eq(sellerImportPhotos.importId, slow.importId));
  });

  it('never fetches more at once than the per-company and per-import caps, across two passes side by side', async () => {
    const first = await imported(a, [urls('http://a.test/1', 4), urls('http://a.test/1', 4)]);
    const second = await imported(a, [urls('http://a.test/2', 4), urls('http://a.test/2', 4)]);
    const other = await imported(b, [urls('http://b.test/3', 4)]);
    const now = new Map<string, number>();
    const most = new Map<string, number>();
    const count = (key: string, by: number) => {
      now.set(key, (now.get(key) ?? 0) + by);
      most.set(key, Math.max(most.get(key) ?? 0, now.get(key) ?? 0));
    };
    const fetch = async (url: string) => {
      const [, company, importNo] = /^http:\/\/(\w)\.test\/(\d)\//.exec(url) ?? [];
      const keys = [`company ${company}`, `import ${importNo}`];
      for (const key of keys) count(key, 1);
      await sleep(300);
      for (const key of keys) count(key, -1);
      throw timedOut();
    };
    const caps = { perCompany: 3, perImport: 2 };
    const [one, two] = await Promise.all([
      processImportPhotos(deps(fetch), 20, { slots: 4, caps }),
      processImportPhotos(deps(fetch), 20, { slots: 4, caps }),
    ]);
    expect(one + two).toBe(20);
    // Each cap reached and never passed; the other company's import had its own turns meanwhile.
    expect(Object.fromEntries(most)).toEqual({
      'company a': 3,
      'company b': 2,
      'import 1': 2,
      'import 2': 2,
      'import 3': 2,
    });
    for (const [s, id] of [
      [a, first.importId],
      [a, second.importId],
      [b, other.importId],
    ] as const) {
      expect(await status(s, id)).toMatchObject({ status: 'done', photosFailed: id === other.importId ? 4 : 8 });
    }
  });
});
