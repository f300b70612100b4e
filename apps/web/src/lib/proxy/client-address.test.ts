import { describe, expect, it } from 'vitest';
import { clientAddress, overwriteClientAddress, trustFunction } from './client-address.mjs';

/** The client address the web process hands on to the API (decision 0027). */

const request = (peer: string, headers: Record<string, string> = {}) => ({
  socket: { remoteAddress: peer },
  headers: { host: 'lotline.example', ...headers } as Record<string, string | string[] | undefined>,
});

describe('overwriteClientAddress', () => {
  it("replaces a client's own X-Forwarded-For with the address of the connection", () => {
    const spoofed = request('203.0.113.7', {
      'x-forwarded-for': '1.2.3.4',
      'x-real-ip': '1.2.3.4',
      forwarded: 'for=1.2.3.4',
    });
    overwriteClientAddress(spoofed, trustFunction(undefined));
    expect(spoofed.headers['x-forwarded-for']).toBe('203.0.113.7');
    expect(spoofed.headers['x-real-ip']).toBeUndefined();
    expect(spoofed.headers.forwarded).toBeUndefined();
  });

  it('trusts no proxy by default, not even loopback', () => {
    const local = request('127.0.0.1', { 'x-forwarded-for': '1.2.3.4' });
    overwriteClientAddress(local, trustFunction(''));
    expect(local.headers['x-forwarded-for']).toBe('127.0.0.1');
  });

  it('sets the address when the client sent none', () => {
    const plain = request('198.51.100.9');
    overwriteClientAddress(plain, trustFunction(undefined));
    expect(plain.headers['x-forwarded-for']).toBe('198.51.100.9');
  });
});

describe('clientAddress behind a trusted front proxy (TRUST_PROXY)', () => {
  const trust = trustFunction('10.0.0.0/8, loopback');

  it('takes the address the trusted proxy forwarded, never one the client wrote before it', () => {
    // The client sent "1.2.3.4"; the front proxy at 10.0.0.2 appended the address it saw.
    const behind = request('10.0.0.2', { 'x-forwarded-for': '1.2.3.4, 198.51.100.20' });
    expect(clientAddress(behind, trust)).toBe('198.51.100.20');
  });

  it('ignores X-Forwarded-For from a peer that is not trusted', () => {
    expect(clientAddress(request('203.0.113.7', { 'x-forwarded-for': '1.2.3.4' }), trust)).toBe('203.0.113.7');
  });

  it('refuses a setting proxy-addr cannot read', () => {
    expect(() => trustFunction('not-an-address')).toThrow();
  });
});
