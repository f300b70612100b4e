import { describe, expect, it } from 'vitest';
import { newNonce, pageContentSecurityPolicy, tileImageSource } from './headers';

const base = { nonce: 'abc', dev: false, stripe: false, https: false };
const directive = (policy: string, name: string) =>
  policy
    .split('; ')
    .find((d) => d.startsWith(`${name} `) || d === name)
    ?.split(' ')
    .slice(1);

describe('pageContentSecurityPolicy', () => {
  it('allows scripts by nonce only (no inline, no eval) and forbids framing, plugins and foreign forms', () => {
    const policy = pageContentSecurityPolicy(base);
    expect(directive(policy, 'script-src')).toEqual(["'self'", "'nonce-abc'", "'strict-dynamic'"]);
    expect(directive(policy, 'style-src')).toEqual(["'self'", "'nonce-abc'"]);
    expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
    expect(directive(policy, 'form-action')).toEqual(["'self'"]);
    expect(directive(policy, 'frame-src')).toEqual(["'none'"]);
    expect(directive(policy, 'img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(directive(policy, 'upgrade-insecure-requests')).toBeUndefined();
  });

  it('admits Stripe only when it is configured, tiles only when set, and upgrades requests over TLS', () => {
    const policy = pageContentSecurityPolicy({
      ...base,
      stripe: true,
      https: true,
      mapTileUrl: 'https://tiles.example.com/{z}/{x}/{y}.png',
    });
    expect(directive(policy, 'script-src')).toContain('https://js.stripe.com');
    expect(directive(policy, 'frame-src')).toEqual([
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
    ]);
    expect(directive(policy, 'connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
    expect(directive(policy, 'img-src')).toContain('https://tiles.example.com');
    expect(directive(policy, 'upgrade-insecure-requests')).toEqual([]);
  });

  it('relaxes only what development needs (eval for React’s stacks, inline styles for hot reload)', () => {
    const policy = pageContentSecurityPolicy({ ...base, dev: true });
    expect(directive(policy, 'script-src')).toContain("'unsafe-eval'");
    expect(directive(policy, 'style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  });
});

describe('tileImageSource', () => {
  it.each([
    ['https://tile.example.org/{z}/{x}/{y}.png', 'https://tile.example.org'],
    ['https://{s}.tile.example.org/{z}/{x}/{y}.png', 'https://*.tile.example.org'],
    ['http://localhost:8080/{z}/{x}/{y}.png', 'http://localhost:8080'],
    ['https://{r}.tiles.example/{z}/{x}/{y}.png', 'https:'],
    ["https://x.example';script-src *;/{z}/{x}/{y}", 'https:'],
    ['not a url', null],
  ])('%s → %s', (template, source) => {
    expect(tileImageSource(template)).toBe(source);
  });
});

describe('newNonce', () => {
  it('is 128 random bits in base64, different every time', () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce));
    expect(nonces.size).toBe(100);
    for (const n of nonces) expect(n).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});
