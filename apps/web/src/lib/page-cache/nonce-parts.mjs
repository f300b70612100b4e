// A kept page cut at its CSP nonce, so that each answer with a nonce of its own costs a copy, not a compression
// (decision 0103). The parts between the nonces are compressed once, when the page is kept, each as a raw
// DEFLATE stream ended by a full flush (RFC 1951: byte-aligned, no final block) whose back-references reach only
// what is the same in every answer (see cutAtNonce); an answer is a gzip member (RFC 1952) of those parts with
// each nonce between them as a stored block, closed by an empty final block and the CRC-32 and length of the
// whole. Any inflater reads it as one stream. Per answer on a 42 KB lot page, a fresh nonce included: gzip at
// level 1 took 0.21 ms of CPU, this about 0.06 ms.

import { promisify } from 'node:util';
import { constants, crc32, deflateRaw } from 'node:zlib';

const deflateRawAsync = promisify(deflateRaw);

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
/** An empty final block with the fixed codes: BFINAL 1, BTYPE 01, end of block. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);
/** A stored block holds at most this many bytes. */
const STORED_MAX = 0xffff;

/** How far back DEFLATE refers (its window). */
const WINDOW = 32 * 1024;

/**
 * @typedef {{ nonceLength: number, plain: Buffer[], deflated: Buffer[], bytes: number }} NonceParts
 */

/**
 * Cuts `body` at every occurrence of `nonce` (none: one part) and compresses each part once. Each part is
 * compressed with what precedes it as its dictionary (so it may refer back as a page compressed whole does), the
 * nonces in it as NUL bytes: a part without NUL can match none of them, so what it refers to is the same in
 * every answer whatever its nonce (of the same length). A part with a NUL is compressed on its own. The parts are
 * compressed in zlib's thread pool (a large page takes tens of milliseconds), not on the caller's thread.
 * @param {string} body
 * @param {string | null} nonce
 * @returns {Promise<NonceParts>}
 */
export async function cutAtNonce(body, nonce) {
  const plain = (nonce ? body.split(nonce) : [body]).map((part) => Buffer.from(part, 'utf8'));
  const nonceLength = nonce ? Buffer.byteLength(nonce, 'utf8') : 0;
  const masked = joined(plain, Buffer.alloc(nonceLength));
  let at = 0;
  const deflated = await Promise.all(
    plain.map((part, i) => {
      if (i > 0) at += nonceLength;
      const dictionary = masked.subarray(Math.max(0, at - WINDOW), at);
      at += part.length;
      const own = dictionary.length === 0 || part.includes(0);
      return deflateRawAsync(part, {
        level: 6,
        finishFlush: constants.Z_FULL_FLUSH,
        ...(own ? {} : { dictionary }),
      });
    }),
  );
  const bytes = [...plain, ...deflated].reduce((sum, part) => sum + part.length, 0);
  return { nonceLength, plain, deflated, bytes };
}

/** @param {Buffer[]} parts @param {Buffer} between */
function joined(parts, between) {
  return Buffer.concat(parts.flatMap((part, i) => (i === 0 ? [part] : [between, part])));
}

/**
 * The page with `nonce` (as long as the kept one) in each place the kept one was.
 * @param {NonceParts} parts
 * @param {string} nonce
 */
export function withNonce(parts, nonce) {
  return joined(parts.plain, nonceBytes(parts, nonce));
}

/**
 * The same page as `withNonce(parts, nonce)`, gzipped.
 * @param {NonceParts} parts
 * @param {string} nonce
 */
export function gzipWithNonce(parts, nonce) {
  const between = storedBlocks(nonceBytes(parts, nonce));
  const plain = withNonce(parts, nonce);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(plain), 0);
  trailer.writeUInt32LE(plain.length % 2 ** 32, 4);
  const body = parts.deflated.flatMap((part, i) => (i === 0 ? [part] : [between, part]));
  return Buffer.concat([GZIP_HEADER, ...body, FINAL_BLOCK, trailer]);
}

/** @param {NonceParts} parts @param {string} nonce */
function nonceBytes(parts, nonce) {
  const bytes = Buffer.from(nonce, 'utf8');
  if (parts.plain.length > 1 && bytes.length !== parts.nonceLength) {
    throw new RangeError(`a nonce of ${parts.nonceLength} bytes is needed, got ${bytes.length}`);
  }
  return bytes;
}

/**
 * `data` as stored (uncompressed) blocks, none final; each starts on a byte, as every part ends on one.
 * @param {Buffer} data
 */
function storedBlocks(data) {
  const blocks = [];
  for (let at = 0; at < data.length; at += STORED_MAX) {
    const chunk = data.subarray(at, at + STORED_MAX);
    const head = Buffer.alloc(5);
    head[0] = 0; // BFINAL 0, BTYPE 00, then the bits up to the byte's end
    head.writeUInt16LE(chunk.length, 1);
    head.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(head, chunk);
  }
  return Buffer.concat(blocks);
}
