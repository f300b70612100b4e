// Plain JavaScript: it runs in the import worker (import-worker.mjs), where no TypeScript loader is (decision 0065).
import { Inflate, strFromU8 } from 'fflate';

/** Why an archive is refused: too many files, too large, sizes it lies about, or no ZIP at all. */
export class ZipRefusal extends Error {
  /** @param {'entries' | 'size' | 'lie' | 'unreadable'} reason */
  constructor(reason) {
    super(`ZIP refused: ${reason}`);
    this.reason = reason;
  }
}

/** Compressed bytes inflated at a time: deflate's ratio is at most ~1:1032, so one step yields at most ~16 MB. */
const STEP = 16 * 1024;

/**
 * The files of a ZIP, as [path, content] in the order of its central directory, counting what is really
 * inflated. The declared sizes are checked first (the number of kept files, their total), before anything
 * is inflated; then each file is inflated a step at a time and refused as soon as it passes the size it
 * declares (an honest archive's files inflate to exactly that), so the real total stays within the declared
 * one. A 10 MB archive whose file claims 16 bytes and inflates to 100 GB stops after one step.
 *
 * @param {Uint8Array} bytes
 * @param {{ maxTotalBytes: number, maxEntries?: number, keep?: (path: string) => boolean }} limits
 * @returns {[string, Uint8Array][]}
 */
export function unzipCounting(bytes, { maxTotalBytes, maxEntries = Number.POSITIVE_INFINITY, keep = () => true }) {
  const entries = centralDirectory(bytes).filter((entry) => keep(entry.path));
  if (entries.length > maxEntries) throw new ZipRefusal('entries');
  if (entries.reduce((sum, entry) => sum + entry.size, 0) > maxTotalBytes) throw new ZipRefusal('size');
  // Each file inflates to at most its declared size, so all of them to at most the declared total.
  return entries.map((entry) => [entry.path, contentOf(bytes, entry)]);
}

/** @typedef {{ path: string, method: number, flags: number, compressed: number, size: number, offset: number }} Entry */

/** @returns {Entry[]} */
function centralDirectory(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at) => view.getUint16(at, true);
  const u32 = (at) => view.getUint32(at, true);
  const u64 = (at) => Number(view.getBigUint64(at, true));
  try {
    let end = bytes.length - 22;
    while (end >= 0 && u32(end) !== 0x06054b50) {
      if (bytes.length - end > 65_557) throw new ZipRefusal('unreadable');
      end -= 1;
    }
    if (end < 0) throw new ZipRefusal('unreadable');
    let count = u16(end + 10);
    let at = u32(end + 16);
    if (end >= 20 && u32(end - 20) === 0x07064b50) {
      const zip64 = u64(end - 12);
      if (u32(zip64) === 0x06064b50) {
        count = u64(zip64 + 32);
        at = u64(zip64 + 48);
      }
    }
    const entries = [];
    for (let i = 0; i < count; i++) {
      if (u32(at) !== 0x02014b50) throw new ZipRefusal('unreadable');
      const flags = u16(at + 8);
      const nameLength = u16(at + 28);
      const extraLength = u16(at + 30);
      const name = bytes.subarray(at + 46, at + 46 + nameLength);
      const sizes = zip64Sizes(view, at + 46 + nameLength, extraLength, u32(at + 20), u32(at + 24), u32(at + 42));
      entries.push({ path: strFromU8(name, !(flags & 0x800)), method: u16(at + 10), flags, ...sizes });
      at += 46 + nameLength + extraLength + u16(at + 32);
    }
    return entries;
  } catch (err) {
    if (err instanceof ZipRefusal) throw err;
    throw new ZipRefusal('unreadable'); // a RangeError: an offset past the end
  }
}

/** A central directory entry's sizes and offset, from its zip64 extra field where they do not fit 32 bits. */
function zip64Sizes(view, at, length, compressed, size, offset) {
  const full = 0xffff_ffff;
  if (compressed !== full && size !== full && offset !== full) return { compressed, size, offset };
  for (let field = at; field + 4 <= at + length; field += 4 + view.getUint16(field + 2, true)) {
    if (view.getUint16(field, true) !== 1) continue;
    let next = field + 4;
    const read = (value) => {
      if (value !== full) return value;
      const wide = Number(view.getBigUint64(next, true));
      next += 8;
      return wide;
    };
    // The zip64 field holds the sizes in this order: uncompressed, compressed, offset.
    const realSize = read(size);
    const realCompressed = read(compressed);
    return { size: realSize, compressed: realCompressed, offset: read(offset) };
  }
  throw new ZipRefusal('unreadable');
}

/** A file's content, inflated with a counter: refused at the first byte past its declared size. */
function contentOf(bytes, entry) {
  if (entry.flags & 1) throw new ZipRefusal('unreadable'); // encrypted
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (entry.offset + 30 > bytes.length || view.getUint32(entry.offset, true) !== 0x04034b50) {
    throw new ZipRefusal('unreadable');
  }
  const start = entry.offset + 30 + view.getUint16(entry.offset + 26, true) + view.getUint16(entry.offset + 28, true);
  if (start + entry.compressed > bytes.length) throw new ZipRefusal('unreadable');
  const data = bytes.subarray(start, start + entry.compressed);
  if (entry.method === 0) {
    if (data.length !== entry.size) throw new ZipRefusal('lie');
    return data.slice();
  }
  if (entry.method !== 8) throw new ZipRefusal('unreadable');
  if (data.length === 0 && entry.size === 0) return new Uint8Array(0);
  const out = new Uint8Array(entry.size);
  let got = 0;
  const inflater = new Inflate((chunk) => {
    if (got + chunk.length > entry.size) throw new ZipRefusal('lie');
    out.set(chunk, got);
    got += chunk.length;
  });
  try {
    for (let i = 0; i < data.length; i += STEP) inflater.push(data.subarray(i, i + STEP), i + STEP >= data.length);
  } catch (err) {
    if (err instanceof ZipRefusal) throw err;
    throw new ZipRefusal('unreadable');
  }
  // Fewer bytes than declared: a truncated or damaged file.
  if (data.length === 0 || got !== entry.size) throw new ZipRefusal(got < entry.size ? 'lie' : 'unreadable');
  return out;
}
