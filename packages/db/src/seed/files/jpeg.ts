/**
 * A tiny baseline JPEG encoder for pictures made of flat 8x8 blocks. A flat
 * block has only a DC coefficient, so no DCT is needed: each block encodes
 * its average colour and an end-of-block. Enough for a valid demo .jpg
 * without an image library.
 */
import type { Rgb } from './png';

/** Standard luminance DC table (JPEG Annex K.3): code lengths and symbols 0..11. */
const DC_BITS = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];
const DC_VALUES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
/** Smallest useful AC table: EOB (0x00) = '00' and one unused symbol. */
const AC_BITS = [0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
const AC_VALUES = [0x00, 0x01];

/** Canonical Huffman codes from a DHT description (Annex C). */
function huffmanCodes(bits: number[], values: number[]): Map<number, [code: number, length: number]> {
  const codes = new Map<number, [number, number]>();
  let code = 0;
  let k = 0;
  bits.forEach((count, i) => {
    for (let j = 0; j < count; j++) codes.set(values[k++] ?? 0, [code++, i + 1]);
    code <<= 1;
  });
  return codes;
}

class BitWriter {
  readonly bytes: number[] = [];
  private acc = 0;
  private used = 0;

  write(value: number, length: number) {
    for (let i = length - 1; i >= 0; i--) {
      this.acc = (this.acc << 1) | ((value >> i) & 1);
      if (++this.used === 8) this.flushByte();
    }
  }

  private flushByte() {
    this.bytes.push(this.acc);
    if (this.acc === 0xff) this.bytes.push(0x00); // byte stuffing
    this.acc = 0;
    this.used = 0;
  }

  /** Pads the last byte with 1 bits, as the standard requires. */
  finish() {
    while (this.used !== 0) this.write(1, 1);
  }
}

const segment = (marker: number, body: number[]) => [
  0xff,
  marker,
  (body.length + 2) >> 8,
  (body.length + 2) & 0xff,
  ...body,
];

/** `block(bx, by)` gives the colour of block column bx, row by. */
export function encodeBlockJpeg(
  blocksWide: number,
  blocksHigh: number,
  block: (bx: number, by: number) => Rgb,
): Buffer {
  const width = blocksWide * 8;
  const height = blocksHigh * 8;
  const dc = huffmanCodes(DC_BITS, DC_VALUES);
  const ac = huffmanCodes(AC_BITS, AC_VALUES);
  const eob = ac.get(0) ?? [0, 2];
  const out = new BitWriter();
  const previous = [0, 0, 0];
  for (let by = 0; by < blocksHigh; by++) {
    for (let bx = 0; bx < blocksWide; bx++) {
      const [r, g, b] = block(bx, by);
      const ycc = [
        0.299 * r + 0.587 * g + 0.114 * b,
        -0.168736 * r - 0.331264 * g + 0.5 * b + 128,
        0.5 * r - 0.418688 * g - 0.081312 * b + 128,
      ];
      ycc.forEach((value, c) => {
        // With a DC quantiser of 8, the quantised DC of a flat block is its level shift.
        const level = Math.max(-128, Math.min(127, Math.round(value) - 128));
        const diff = level - (previous[c] ?? 0);
        previous[c] = level;
        const size = diff === 0 ? 0 : Math.floor(Math.log2(Math.abs(diff))) + 1;
        const [code, length] = dc.get(size) ?? [0, 2];
        out.write(code, length);
        if (size > 0) out.write(diff > 0 ? diff : diff + (1 << size) - 1, size);
        out.write(eob[0], eob[1]);
      });
    }
  }
  out.finish();

  const app0 = [0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const dqt = [0x00, ...Array<number>(64).fill(8)];
  const sof = [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0];
  const dht = [0x00, ...DC_BITS, ...DC_VALUES, 0x10, ...AC_BITS, ...AC_VALUES];
  const sos = [3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 63, 0];
  return Buffer.from([
    0xff,
    0xd8,
    ...segment(0xe0, app0),
    ...segment(0xdb, dqt),
    ...segment(0xc0, sof),
    ...segment(0xc4, dht),
    ...segment(0xda, sos),
    ...out.bytes,
    0xff,
    0xd9,
  ]);
}
