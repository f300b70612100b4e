import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import sharp, { type SharpOptions } from 'sharp';
import { AppError } from '../../lib/errors';
import type { CacheLookups } from '../../lib/metrics/metrics';
import type { StoredFile } from '../uploads/open-stored-file';

/** Source types sharp decodes (SVG is rasterised by its bundled librsvg). */
const RESIZABLE_TYPES = new Set(['image/svg+xml', 'image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif']);

/** The widest an SVG is rasterised at, whatever its declared size says. */
const MAX_SVG_DENSITY = 72 * 8;

/** One resized variant of a stored photo: its validator now, its bytes on demand. */
export interface ImageVariant {
  /** Strong validator: the same source file, width and quality always give the same bytes. */
  etag: string;
  /** The WebP bytes, from the cache or encoded now; consumes the source stream either way. */
  bytes(): Promise<Buffer>;
}

/**
 * Resizes stored photos to WebP and keeps the result in `cacheDir`, one file
 * per (source path, source size and mtime, width, quality), so each variant is
 * encoded once. A changed source (new size or mtime) gets a new key; stale
 * variants are simply never read again. Concurrent requests for a variant that
 * is still being encoded share that one encode.
 */
export class ImageResizer {
  private readonly pending = new Map<string, Promise<Buffer>>();

  /** `lookups` counts hits (on disk, or an encode already running) and misses (encoded now), decision 0095. */
  constructor(
    private readonly cacheDir: string,
    private readonly lookups?: CacheLookups,
  ) {}

  /** The variant of `file` (opened from `relative`) at `width` and `quality`; a 400 for anything but a photo. */
  variant(relative: string, file: StoredFile, width: number, quality: number): ImageVariant {
    if (!RESIZABLE_TYPES.has(file.contentType)) {
      file.stream.destroy();
      throw AppError.validation('Only photos (SVG, PNG, JPEG, WebP, GIF, AVIF) can be resized.', 'w');
    }
    const key = createHash('sha256')
      .update(JSON.stringify([relative, file.size, file.mtime.getTime(), width, quality]))
      .digest('hex');
    return { etag: `"${key.slice(0, 40)}"`, bytes: () => this.bytes(key, file, width, quality) };
  }

  private async bytes(key: string, file: StoredFile, width: number, quality: number): Promise<Buffer> {
    const cached = this.cachePath(key);
    const hit = await readFile(cached).catch(() => undefined);
    if (hit) {
      this.lookups?.hit();
      file.stream.destroy();
      return hit;
    }
    let job = this.pending.get(key);
    if (job) {
      this.lookups?.hit();
      file.stream.destroy();
    } else {
      this.lookups?.miss();
      job = this.encode(file, width, quality, cached).finally(() => this.pending.delete(key));
      this.pending.set(key, job);
    }
    return job;
  }

  /** Where a variant lives: fanned out by the key's first two characters to keep directories small. */
  cachePath(key: string): string {
    return path.join(this.cacheDir, key.slice(0, 2), `${key}.webp`);
  }

  private async encode(file: StoredFile, width: number, quality: number, target: string): Promise<Buffer> {
    const source = await buffer(file.stream);
    let bytes: Buffer;
    try {
      const options = await decodeOptions(source, file.contentType, width);
      bytes = await sharp(source, options)
        .rotate() // honour a photo's EXIF orientation before its metadata is dropped
        .resize({ width, withoutEnlargement: true })
        .webp({ quality })
        .toBuffer();
    } catch (cause) {
      throw new AppError('VALIDATION_FAILED', 'This file could not be read as an image.', { field: 'w', cause });
    }
    await mkdir(path.dirname(target), { recursive: true });
    // Write beside the target and rename, so a reader never sees half a file.
    const partial = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await writeFile(partial, bytes);
    await rename(partial, target);
    return bytes;
  }
}

/**
 * An SVG is vector art: rather than enlarging its rendering at the declared
 * size, render it at the density that gives the requested width (never more
 * than 8×, and never below the declared size). Raster photos are never enlarged.
 */
async function decodeOptions(source: Buffer, contentType: string, width: number): Promise<SharpOptions> {
  if (contentType !== 'image/svg+xml') return {};
  const declared = (await sharp(source).metadata()).width;
  if (!declared) return {};
  return { density: Math.min(MAX_SVG_DENSITY, Math.max(72, (72 * width) / declared)) };
}
