import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { maxUploadBytes } from '@lotline/contracts';
import { matchesExtension } from '../uploads/magic-bytes';

/** How long one photo URL may take, start to end. */
const TIMEOUT_MS = 15_000;

const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 3],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['::ffff:0:0', 96],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv6');
}

const SNIFFED = ['jpg', 'png', 'webp', 'heic', 'bmp'] as const;

/**
 * Fetches one photo URL of an import (decision 0051): http(s) only, no
 * redirects, private and loopback addresses refused unless `allowPrivate`
 * (tests and the bench), at most the image size limit, within a timeout, and
 * an image by its first bytes. Answers the bytes and extension, or throws with why.
 */
export async function fetchPhoto(url: string, allowPrivate: boolean): Promise<{ bytes: Buffer; extension: string }> {
  const target = new URL(url);
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    throw new Error('Only http(s) addresses are fetched.');
  if (!allowPrivate) {
    const host = target.hostname.replace(/^\[|\]$/g, '');
    const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true });
    for (const a of addresses) {
      if (PRIVATE.check(a.address, a.family === 6 ? 'ipv6' : 'ipv4'))
        throw new Error('A private address is not fetched.');
    }
  }
  const response = await fetch(target, { redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!response.ok || !response.body) throw new Error(`The address answered ${response.status}.`);
  const limit = maxUploadBytes('image');
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > limit) throw new Error(`The photo is larger than ${limit / 1024 / 1024} MB.`);
    parts.push(Buffer.from(chunk));
  }
  const bytes = Buffer.concat(parts);
  const extension = SNIFFED.find((ext) => matchesExtension(ext, bytes.subarray(0, 64), bytes.length <= 64));
  if (!extension) throw new Error('The address did not answer a photo (JPEG, PNG, WebP, HEIC or BMP).');
  return { bytes, extension };
}
