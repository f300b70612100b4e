import { createServer, type Server } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPhoto, guardedLookup, isPrivateAddress } from './fetch-photo';
import { photos } from './test-helpers';

/** Photo URLs of an import: the address checked is the one the socket connects to. */

let server: Server;
let port: number;
beforeAll(async () => {
  const png = (await photos(['p.png']))['p.png'] as Uint8Array;
  server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(png));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => server.close());

/** A DNS that answers `address` for every name, and counts its questions. */
function dnsAnswering(address: string) {
  const asked: string[] = [];
  const lookup: LookupFunction = (hostname, options, callback) => {
    asked.push(hostname);
    const family = address.includes(':') ? 6 : 4;
    if (options.all)
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
  return { lookup, asked };
}

describe('fetching a photo URL', () => {
  it('refuses a name that answers a private address when the socket connects (DNS rebinding)', async () => {
    const dns = dnsAnswering('127.0.0.1');
    await expect(fetchPhoto(`http://photos.example:${port}/p.png`, false, dns.lookup)).rejects.toThrow(
      'A private address is not fetched.',
    );
    // The refusal came from the connection's own lookup, not from a check before it.
    expect(dns.asked).toEqual(['photos.example']);
  });

  it('connects through the same lookup when private addresses are allowed (tests, the bench)', async () => {
    const dns = dnsAnswering('127.0.0.1');
    const photo = await fetchPhoto(`http://photos.example:${port}/p.png`, true, dns.lookup);
    expect(photo.extension).toBe('png');
    expect(dns.asked).toEqual(['photos.example']);
  });

  it('refuses a private IP literal without any lookup', async () => {
    const dns = dnsAnswering('127.0.0.1');
    await expect(fetchPhoto(`http://127.0.0.1:${port}/p.png`, false, dns.lookup)).rejects.toThrow(
      'A private address is not fetched.',
    );
    await expect(fetchPhoto(`http://[::1]:${port}/p.png`, false, dns.lookup)).rejects.toThrow(
      'A private address is not fetched.',
    );
    expect(dns.asked).toEqual([]);
  });

  it('the guarded lookup passes public answers and refuses any private one among several', async () => {
    const answer = (addresses: string[]) => {
      const lookup: LookupFunction = (_h, _o, cb) =>
        (cb as (e: null, a: { address: string; family: number }[]) => void)(
          null,
          addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
        );
      return new Promise<Error | null>((resolve) => guardedLookup(lookup)('x.example', { all: true }, resolve));
    };
    expect(await answer(['93.184.216.34', '2606:2800:220:1::1'])).toBeNull();
    expect((await answer(['93.184.216.34', '10.0.0.7']))?.message).toBe('A private address is not fetched.');
  });

  it('blocks NAT64, 6to4 and the benchmarking networks besides the private ones', () => {
    for (const a of [
      '64:ff9b::a00:1',
      '2002:7f00:1::1',
      '198.18.0.1',
      '198.19.255.254',
      '10.1.2.3',
      '::1',
      '::7f00:1',
      'fd00::1',
      '::ffff:10.0.0.1',
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    // Public IPv4 (also IPv4-mapped) passes: the former ::ffff:0:0/96 entry refused every IPv4 address.
    for (const a of ['93.184.216.34', '198.20.0.1', '2606:2800:220:1::1', '::ffff:93.184.216.34'])
      expect(isPrivateAddress(a), a).toBe(false);
  });
});
