import { lookup as dnsLookup } from 'node:dns';
import { get as httpGet, type IncomingMessage } from 'node:http';
import { get as httpsGet } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
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
  // Benchmarking networks: routed inside some clouds.
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  // Unspecified, loopback and the IPv4-compatible ::a.b.c.d (deprecated; ::7f00:1 is 127.0.0.1's).
  ['::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  // No ::ffff:0:0/96: BlockList matches it for every IPv4 address; it checks IPv4-mapped addresses against the IPv4 list itself.
  // NAT64 and 6to4 embed an IPv4 address: a private one would be reached through them.
  ['64:ff9b::', 96],
  ['2002::', 16],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv6');
}

const PRIVATE_MESSAGE = 'A private address is not fetched.';

export const isPrivateAddress = (address: string) => PRIVATE.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');

/**
 * A DNS lookup for the socket itself (decision 0051): the addresses checked are
 * the ones connected to, so a name answering a public address to a check and
 * a private one to the connection (DNS rebinding) is refused.
 */
export function guardedLookup(resolve: LookupFunction = dnsLookup as LookupFunction): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, options, (err, address, family) => {
      if (err) return callback(err, address, family);
      const all = Array.isArray(address) ? address.map((a) => a.address) : [address];
      if (all.some(isPrivateAddress)) return callback(new Error(PRIVATE_MESSAGE), address, family);
      callback(null, address, family);
    });
  };
}

const SNIFFED = ['jpg', 'png', 'webp', 'heic', 'bmp'] as const;

/**
 * Fetches one photo URL of an import (decision 0051): http(s) only, no
 * redirects, private and loopback addresses refused unless `allowPrivate`
 * (tests and the bench) — checked on the address the socket connects to —,
 * at most the image size limit, within a timeout, and an image by its first
 * bytes. Answers the bytes and extension, or throws with why. `resolve`: the
 * DNS lookup (tests inject one).
 */
export async function fetchPhoto(
  url: string,
  allowPrivate: boolean,
  resolve?: LookupFunction,
): Promise<{ bytes: Buffer; extension: string }> {
  const target = new URL(url);
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    throw new Error('Only http(s) addresses are fetched.');
  const host = target.hostname.replace(/^\[|\]$/g, '');
  // An IP literal is connected to without a lookup: checked here.
  if (!allowPrivate && isIP(host) && isPrivateAddress(host)) throw new Error(PRIVATE_MESSAGE);
  const lookup = allowPrivate ? resolve : guardedLookup(resolve);
  const response = await request(target, lookup);
  try {
    const status = response.statusCode ?? 0;
    if (status < 200 || status >= 300) throw new Error(`The address answered ${status}.`);
    const limit = maxUploadBytes('image');
    const parts: Buffer[] = [];
    let size = 0;
    for await (const chunk of response as AsyncIterable<Buffer>) {
      size += chunk.byteLength;
      if (size > limit) throw new Error(`The photo is larger than ${limit / 1024 / 1024} MB.`);
      parts.push(chunk);
    }
    const bytes = Buffer.concat(parts);
    const extension = SNIFFED.find((ext) => matchesExtension(ext, bytes.subarray(0, 64), bytes.length <= 64));
    if (!extension) throw new Error('The address did not answer a photo (JPEG, PNG, WebP, HEIC or BMP).');
    return { bytes, extension };
  } finally {
    response.destroy();
  }
}

/** One GET (redirects are answers, not followed), the whole exchange within the timeout. */
function request(target: URL, lookup: LookupFunction | undefined): Promise<IncomingMessage> {
  const get = target.protocol === 'https:' ? httpsGet : httpGet;
  return new Promise((resolve, reject) => {
    const req = get(target, { lookup, signal: AbortSignal.timeout(TIMEOUT_MS) }, resolve);
    req.on('error', (err) => reject(err.message === PRIVATE_MESSAGE ? err : new Error(reasonOf(err))));
  });
}

const reasonOf = (err: Error) =>
  err.name === 'AbortError' || err.name === 'TimeoutError'
    ? `The address did not answer within ${TIMEOUT_MS / 1000} seconds.`
    : `The address could not be reached (${(err as NodeJS.ErrnoException).code ?? err.message}).`;
