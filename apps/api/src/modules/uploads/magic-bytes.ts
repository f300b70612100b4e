/**
 * Does the start of a file look like its extension says? A stored file is
 * served with the type of its extension, so a page or script renamed to .jpg
 * must not get in. `head` is the first bytes of the file (at least 64 when the
 * file is that long).
 */

export const MAGIC_HEAD_BYTES = 64;

const ascii = (head: Buffer, offset: number, text: string) =>
  head.length >= offset + text.length && head.toString('latin1', offset, offset + text.length) === text;
const bytes = (head: Buffer, offset: number, expected: readonly number[]) =>
  head.length >= offset + expected.length && expected.every((b, i) => head[offset + i] === b);

const ISO_BMFF_BOXES = ['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip', 'pnot'];
const HEIF_BRANDS = ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1', 'avic'];

/** The major brand of an ISO base media file (`....ftypXXXX`), if it is one. */
function ftypBrand(head: Buffer): string | undefined {
  return ascii(head, 4, 'ftyp') && head.length >= 12 ? head.toString('latin1', 8, 12) : undefined;
}

function isHeif(head: Buffer): boolean {
  const brand = ftypBrand(head);
  return brand !== undefined && HEIF_BRANDS.includes(brand);
}

/** CSV has no signature: accept text (valid UTF-8, no NUL or other binary control bytes). */
function isText(head: Buffer, complete: boolean): boolean {
  if (head.length === 0) return false;
  for (const b of head) {
    if (b === 0 || (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c)) return false;
  }
  // A multi-byte character cut at the end of the sample is fine.
  const sample = complete ? head : head.subarray(0, Math.max(0, head.length - 3));
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample);
    return true;
  } catch {
    return false;
  }
}

const CHECKS: Record<string, (head: Buffer, complete: boolean) => boolean> = {
  jpg: (h) => bytes(h, 0, [0xff, 0xd8, 0xff]),
  jpeg: (h) => bytes(h, 0, [0xff, 0xd8, 0xff]),
  png: (h) => bytes(h, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  heic: isHeif,
  heics: isHeif,
  heif: isHeif,
  heifs: isHeif,
  bmp: (h) => ascii(h, 0, 'BM') && h.length >= 14,
  webp: (h) => ascii(h, 0, 'RIFF') && ascii(h, 8, 'WEBP'),
  mp4: (h) => ftypBrand(h) !== undefined,
  mov: (h) => ISO_BMFF_BOXES.some((box) => ascii(h, 4, box)),
  avi: (h) => ascii(h, 0, 'RIFF') && ascii(h, 8, 'AVI '),
  // The ASF header object's GUID.
  wmv: (h) =>
    bytes(h, 0, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0x00, 0xaa, 0x00, 0x62, 0xce, 0x6c]),
  pdf: (h) => ascii(h, 0, '%PDF-'),
  // Office Open XML files are ZIP archives.
  docx: (h) => bytes(h, 0, [0x50, 0x4b, 0x03, 0x04]),
  xlsx: (h) => bytes(h, 0, [0x50, 0x4b, 0x03, 0x04]),
  pptx: (h) => bytes(h, 0, [0x50, 0x4b, 0x03, 0x04]),
  csv: isText,
};

/** `complete` says whether `head` is the whole file (so a short text sample is not cut mid-character). */
export function matchesExtension(extension: string, head: Buffer, complete: boolean): boolean {
  const check = CHECKS[extension];
  return check?.(head, complete) ?? false;
}
