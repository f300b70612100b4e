// `npm run bench:import` (decisions 0051, 0085): a 5,000-lot CSV whose photos are JPEGs of a few
// megapixels (2,000 × 1,500 by default), made locally once into a cache under the OS temp dir and
// served by a local HTTP server as the seller's photo URLs (a ZIP of such photos would pass the
// import's 512 MB archive limit). It previews and commits through the API's routes (inject) on an
// in-memory PGlite and runs the background photo pass (fetch, store within the company's quota,
// attach, resize the card and page widths) until every photo is done. The same import with tiny
// PNGs runs first in the same process: the baseline, so the figures read as a ratio that holds on
// another machine. Prints each stage, the ratios, the peak memory, how long a signed-in request
// waits while the pass runs (the job shares the API's process), the lots with a photo, the variants
// made, and what the company's quota was charged. Never asserted.
//
// BENCH_IMPORT_LOTS (5000), BENCH_IMPORT_DISTINCT_PHOTOS (500: the lots cycle through them, each
// by its own URL and stored as its own upload), BENCH_IMPORT_WIDTH / _HEIGHT (2000 × 1500).

import { readdir } from 'node:fs/promises';
import { arch, cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { ensurePhotos, servePhotos, withPeakRss } from './bench/import-photos.mjs';
import { ensureInstalled, ROOT } from './bootstrap.mjs';

ensureInstalled();
const LOTS = Number(process.env.BENCH_IMPORT_LOTS ?? 5_000);
const DISTINCT = Math.min(LOTS, Number(process.env.BENCH_IMPORT_DISTINCT_PHOTOS ?? 500));
const WIDTH = Number(process.env.BENCH_IMPORT_WIDTH ?? 2_000);
const HEIGHT = Number(process.env.BENCH_IMPORT_HEIGHT ?? 1_500);

const { tsImport } = await import('tsx/esm/api');
const load = (path) => tsImport(pathToFileURL(join(ROOT, path)).href, import.meta.url);
const { and, countDistinct, eq, sql } = await import('drizzle-orm');
const { default: sharp } = await import('sharp');
const contracts = await load('packages/contracts/src/index.ts');
const { companyMembers, eventLots, lotPhotos, uploads, users } = await load('packages/db/src/schema/index.ts');
const { createTestApp } = await load('apps/api/src/test/app.ts');
const { uploadStorageFor } = await load('apps/api/src/app.ts');
const { policyKey } = await load('apps/api/src/modules/uploads/local-policy.ts');
const { ImageResizer } = await load('apps/api/src/modules/files/resize-image.ts');
const { processImportPhotos } = await load('apps/api/src/modules/seller-import/process-import-photos.ts');

const ORIGIN = 'http://localhost:3000';
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const gb = (bytes) => `${(bytes / 1024 ** 3).toFixed(2)} GB`;
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** The resized variants in the image cache (one .webp each). */
async function variantsIn(dir) {
  const entries = await readdir(dir, { recursive: true }).catch(() => []);
  return entries.filter((name) => String(name).endsWith('.webp')).length;
}

// The photos: the realistic set and the baseline's tiny PNGs, each made once into its cache.
console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'} (${arch()}), ${mb(totalmem())} RAM, Node ${process.version}`,
);
const tiny = await ensurePhotos(sharp, { count: DISTINCT, width: 64, height: 48, kind: 'png' });
const big = await ensurePhotos(sharp, { count: DISTINCT, width: WIDTH, height: HEIGHT, kind: 'jpeg' });
console.log(
  `photos: ${DISTINCT} distinct JPEGs of ${WIDTH} × ${HEIGHT} (${mb(big.bytes)}, ${Math.round(big.bytes / DISTINCT / 1024)} KB each; ${big.made} made now in ${seconds(big.ms)}) in ${big.dir}`,
);

const t = await createTestApp({ config: { importPhotoPrivateUrls: true } });
const servers = [];
try {
  const headers = (cookie, extra = {}) => ({ origin: ORIGIN, cookie, ...extra });
  const json = (cookie, method, url, body) =>
    t.app.inject({
      method,
      url,
      headers: headers(cookie, { 'content-type': 'application/json' }),
      payload: JSON.stringify(body),
    });

  // A seller of a company, signed in through the routes.
  const company = await t.make.company();
  const category = await t.make.category();
  const email = `bench-import-${Date.now()}@example.com`;
  const password = 'bench-import-password-1';
  await json('', 'POST', '/marketplace-api/auth/sign-up', { email, password, name: 'Bench Seller' });
  const signIn = await json('', 'POST', '/marketplace-api/auth/sign-in', { email, password });
  const userId = signIn.json().data.user.id;
  const cookie = [signIn.headers['set-cookie']]
    .flat()
    .map((c) => String(c).split(';')[0])
    .join('; ');
  await t.db
    .update(users)
    .set({ roles: ['seller'] })
    .where(eq(users.id, userId));
  await t.db.insert(companyMembers).values({ companyId: company.id, userId });
  const imageCache = join(t.config.filesDir, '.image-cache');
  const deps = {
    db: t.db,
    storage: uploadStorageFor(t.config, policyKey(t.config.authSecret)),
    resizer: new ImageResizer(imageCache),
    quota: t.config.uploadQuota,
    allowPrivateUrls: true,
  };

  /**
   * A signed-in request (the session's user) every 250 ms while `run` runs, one at a time, as a
   * seller's page would poll: how long each waited, in ms, sorted.
   */
  async function probed(run) {
    const waits = [];
    let running = true;
    const probe = (async () => {
      while (running) {
        const started = performance.now();
        const res = await t.app.inject({ method: 'GET', url: '/marketplace-api/users/me', headers: headers(cookie) });
        if (res.statusCode !== 200) throw new Error(`probe: ${res.statusCode} ${res.body.slice(0, 200)}`);
        waits.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();
    try {
      return { result: await run(), waits };
    } finally {
      running = false;
      await probe;
      waits.sort((a, b) => a - b);
    }
  }
  const waitLine = (w) =>
    `${w.length} requests: median ${quantile(w, 0.5).toFixed(0)} ms, p95 ${quantile(w, 0.95).toFixed(0)} ms, max ${(w.at(-1) ?? 0).toFixed(0)} ms`;
  const idle = await probed(() => new Promise((resolve) => setTimeout(resolve, 5_000)));
  console.log(`signed-in request, no import running: ${waitLine(idle.waits)}`);

  /** One import of LOTS lots whose photos are `photos`' files by URL: the time of each stage. */
  async function importPass(label, photos) {
    const server = await servePhotos(photos.dir);
    servers.push(server);
    const day = 86_400_000;
    const event = await json(cookie, 'POST', '/marketplace-api/seller/events', {
      companyId: company.id,
      name: `Bench import (${label})`,
      title: 'Bench import',
      description: '',
      saleFormat: 'auction',
      privateSale: false,
      startAt: new Date(Date.now() + day).toISOString(),
      endAt: new Date(Date.now() + 8 * day).toISOString(),
      bidDeposit: null,
      settings: { incrementTable: null, ...contracts.EVENT_SETTING_DEFAULTS },
      terms: [],
      attachments: [],
    });
    if (event.statusCode !== 201) throw new Error(`event: ${event.body}`);
    const eventId = event.json().data._id;
    const place = { city: 'Houston', region: 'TX', country: 'US', taxRate: 8.25, lat: 29.76, lon: -95.37 };
    await json(cookie, 'POST', `/marketplace-api/seller/events/${eventId}/locations`, place);
    // Each lot its own URL (the query names the lot), so each is fetched and stored as its own upload.
    const cells = (i) => ({
      number: String(i + 1),
      name: `Bench lot ${i + 1}`,
      description: 'Generated by npm run bench:import.',
      category: category.name,
      quantity: '1',
      startingBid: `${100 + (i % 900)}.00`,
      shippingOptions: 'pickup',
      location: 'Houston',
      photos: `${server.origin}/${photos.name(i % DISTINCT)}?lot=${i + 1}`,
    });
    const csv = [
      contracts.IMPORT_COLUMN_NAMES.join(','),
      ...Array.from({ length: LOTS }, (_, i) => contracts.IMPORT_COLUMN_NAMES.map((c) => cells(i)[c] ?? '').join(',')),
    ].join('\n');
    const boundary = '----lotlinebenchimport';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="sheet"; filename="lots.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.from(csv),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);

    let started = performance.now();
    const preview = await t.app.inject({
      method: 'POST',
      url: `/marketplace-api/seller/events/${eventId}/imports`,
      headers: headers(cookie, { 'content-type': `multipart/form-data; boundary=${boundary}` }),
      payload,
    });
    const previewMs = performance.now() - started;
    const data = preview.json().data;
    if (preview.statusCode !== 201 || data.errors.length > 0) throw new Error(`preview: ${preview.body.slice(0, 500)}`);

    started = performance.now();
    const commit = await t.app.inject({
      method: 'POST',
      url: `/marketplace-api/seller/imports/${data.importId}/commit`,
      headers: headers(cookie, { 'idempotency-key': `bench-import-${label}` }),
    });
    const commitMs = performance.now() - started;
    if (commit.statusCode !== 200) throw new Error(`commit: ${commit.body}`);

    // The background pass, as the job runs it, until every photo is fetched, stored, attached and resized.
    started = performance.now();
    const variantsBefore = await variantsIn(imageCache);
    let done = 0;
    let lap = started;
    const { waits } = await probed(async () => {
      for (let n = await processImportPhotos(deps, 256); n > 0; n = await processImportPhotos(deps, 256)) {
        done += n;
        if (done % 1024 < 256) {
          const now = performance.now();
          console.log(
            `  ${label}: photos done ${done}/${LOTS} (${seconds(now - started)}; this lap ${seconds(now - lap)}), RSS ${mb(process.memoryUsage().rss)}`,
          );
          lap = now;
        }
      }
    });
    const photosMs = performance.now() - started;
    const variants = (await variantsIn(imageCache)) - variantsBefore;
    const [withPhoto] = await t.db
      .select({ n: countDistinct(lotPhotos.lotId) })
      .from(lotPhotos)
      .innerJoin(eventLots, eq(eventLots.id, lotPhotos.lotId))
      .where(eq(eventLots.eventId, eventId));
    const [charged] = await t.db
      .select({
        bytes: sql`coalesce(sum(${uploads.size}), 0)`.mapWith(Number),
        files: sql`count(*)`.mapWith(Number),
      })
      .from(uploads)
      .where(and(eq(uploads.companyId, company.id), sql`${uploads.createdAt} > now() - interval '24 hours'`));
    const status = (
      await t.app.inject({
        method: 'GET',
        url: `/marketplace-api/seller/imports/${data.importId}`,
        headers: headers(cookie),
      })
    ).json().data;
    const line = `${label}: preview ${seconds(previewMs)}, commit ${seconds(commitMs)} (${commit.json().data.lotsCreated} lots), photos ${seconds(photosMs)} (${status.photosReady} ready, ${status.photosFailed} failed; status ${status.status})`;
    console.log(line);
    const limits = t.config.uploadQuota.company;
    console.log(
      `  ${label}: ${withPhoto?.n ?? 0}/${LOTS} lots with a photo, ${variants} variants made (${2 * LOTS} wanted); the company charged ${gb(charged?.bytes ?? 0)} in ${charged?.files ?? 0} uploads in the last 24 hours (the passes so far) (its quota: ${gb(limits?.dailyBytes ?? 0)} a day, ${gb(limits?.totalBytes ?? 0)} kept)`,
    );
    console.log(`  ${label}: signed-in request during the photo pass: ${waitLine(waits)}`);
    return { previewMs, commitMs, photosMs, ready: status.photosReady, failed: status.photosFailed, waits };
  }

  const baseline = await withPeakRss(() => importPass('baseline (64 × 48 PNG)', tiny));
  const real = await withPeakRss(() => importPass(`${WIDTH} × ${HEIGHT} JPEG`, big));
  const b = baseline.result;
  const r = real.result;
  const ratio = (x, y) => `${(x / y).toFixed(2)}×`;
  console.log('');
  console.log(`| stage | baseline (64 × 48 PNG) | ${WIDTH} × ${HEIGHT} JPEG | ratio |`);
  console.log('| --- | --- | --- | --- |');
  console.log(`| preview | ${seconds(b.previewMs)} | ${seconds(r.previewMs)} | ${ratio(r.previewMs, b.previewMs)} |`);
  console.log(`| commit | ${seconds(b.commitMs)} | ${seconds(r.commitMs)} | ${ratio(r.commitMs, b.commitMs)} |`);
  console.log(`| photo pass | ${seconds(b.photosMs)} | ${seconds(r.photosMs)} | ${ratio(r.photosMs, b.photosMs)} |`);
  const total = (x) => x.previewMs + x.commitMs + x.photosMs;
  console.log(`| total | ${seconds(total(b))} | ${seconds(total(r))} | ${ratio(total(r), total(b))} |`);
  console.log(
    `| photos per second | ${(b.ready / (b.photosMs / 1000)).toFixed(1)} | ${(r.ready / (r.photosMs / 1000)).toFixed(1)} | |`,
  );
  console.log(`| peak RSS | ${mb(baseline.peakRss)} | ${mb(real.peakRss)} | |`);
  const p95 = (w) => `${quantile(w, 0.95).toFixed(0)} ms`;
  console.log(
    `| signed-in request p95 during the pass (idle ${p95(idle.waits)}) | ${p95(b.waits)} | ${p95(r.waits)} | |`,
  );
} finally {
  for (const server of servers) await server.close();
  await t.close();
}
