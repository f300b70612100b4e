// Photos for `npm run bench:import` (decision 0085): JPEGs of a few megapixels made here, never
// downloaded, once, into a cache under the OS temp dir; and a local HTTP server that serves them as
// a seller's photo URLs. Each photo is a gradient of its own colours with noise on top, so the
// JPEG keeps the size a camera's photo has instead of compressing to nothing.
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where a set of photos is kept: one folder per size and generator version (bump it when the content changes). */
export const cacheDirFor = ({ width, height, kind }) =>
  join(tmpdir(), 'lotline-bench-import', `${kind}-${width}x${height}-v1`);

/** A small fast PRNG (xorshift32), so every run makes the same photos. */
function random(seed) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

/** Raw RGB pixels of photo `i`: a diagonal gradient between two colours of its own, plus noise. */
function pixels(i, width, height) {
  const rnd = random(0x9e3779b1 ^ (i * 2654435761));
  const from = [rnd() * 255, rnd() * 255, rnd() * 255];
  const to = [rnd() * 255, rnd() * 255, rnd() * 255];
  const out = Buffer.allocUnsafe(width * height * 3);
  const span = width + height;
  let o = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x + y) / span;
      for (let c = 0; c < 3; c++) {
        const v = from[c] + (to[c] - from[c]) * t + (rnd() - 0.5) * 48;
        out[o++] = v < 0 ? 0 : v > 255 ? 255 : v;
      }
    }
  }
  return out;
}

/**
 * Makes photos 0..count-1 that the cache lacks (`p<i>.jpg` or `.png`), two at a time, and answers
 * the folder, how many it made, the time it took and the photos' total size in bytes.
 */
export async function ensurePhotos(sharp, { count, width, height, kind }) {
  const dir = cacheDirFor({ width, height, kind });
  await mkdir(dir, { recursive: true });
  const have = new Set(await readdir(dir));
  const name = (i) => `p${i}.${kind === 'jpeg' ? 'jpg' : 'png'}`;
  const missing = Array.from({ length: count }, (_, i) => i).filter((i) => !have.has(name(i)));
  const started = performance.now();
  const make = async (i) => {
    const image = sharp(pixels(i, width, height), { raw: { width, height, channels: 3 } });
    const bytes = kind === 'jpeg' ? await image.jpeg({ quality: 85 }).toBuffer() : await image.png().toBuffer();
    // Written aside and renamed: a run stopped half-way never leaves a torn photo in the cache.
    await writeFile(join(dir, `${name(i)}.part`), bytes);
    await rename(join(dir, `${name(i)}.part`), join(dir, name(i)));
  };
  const queue = [...missing];
  await Promise.all(
    Array.from({ length: 2 }, async () => {
      for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
        await make(i);
        if (i % 500 === 0 && missing.length > 500) console.log(`  made ${kind} photo ${i}/${count}`);
      }
    }),
  );
  let bytes = 0;
  for (let i = 0; i < count; i++) bytes += (await stat(join(dir, name(i)))).size;
  return { dir, name, made: missing.length, ms: performance.now() - started, bytes };
}

/** Serves a folder's files over HTTP on a free loopback port, as a seller's photo host would. */
export async function servePhotos(dir) {
  const server = createServer((req, res) => {
    const file = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname.slice(1));
    if (!/^p\d+\.(jpg|png)$/.test(file)) {
      res.writeHead(404).end();
      return;
    }
    const stream = createReadStream(join(dir, file));
    stream.on('error', () => res.writeHead(404).end());
    stream.on('open', () => res.writeHead(200, { 'content-type': file.endsWith('.jpg') ? 'image/jpeg' : 'image/png' }));
    stream.pipe(res);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** The process's peak resident memory while `run` runs, sampled every 100 ms, in bytes. */
export async function withPeakRss(run) {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 100);
  try {
    const result = await run();
    return { result, peakRss: Math.max(peak, process.memoryUsage().rss) };
  } finally {
    clearInterval(timer);
  }
}
