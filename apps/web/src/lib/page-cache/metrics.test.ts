import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricsToken, pageCacheRegistry, serveMetrics } from './metrics.mjs';

/** The web server's /metrics (decision 0103): the page cache's answers by result, its size, its stream. */

const TOKEN = 'a'.repeat(40);
const cache = {
  counts: { hit: 7, stale: 1, miss: 2, bypass: 5 },
  bytes: 1234,
  entries: new Map([['k', 1]]),
  live: true,
};
let origin: string;
let server: http.Server;
let tokenOfServer: string | null = TOKEN;

beforeAll(async () => {
  const registry = pageCacheRegistry(cache);
  server = http.createServer((request, response) => {
    if (!serveMetrics(request, response, { registry, token: tokenOfServer })) response.writeHead(404).end('next');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

describe('the web server’s /metrics', () => {
  it('counts the page cache’s answers by result, its size and whether it follows the changes', async () => {
    const first = await (await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    expect(first).toContain('lotline_page_cache_requests_total{result="hit"} 7');
    expect(first).toContain('lotline_page_cache_requests_total{result="miss"} 2');
    expect(first).toContain('lotline_page_cache_bytes 1234');
    expect(first).toContain('lotline_page_cache_entries 1');
    expect(first).toContain('lotline_page_cache_following 1');
    cache.counts.hit = 10;
    cache.live = false;
    const second = await (await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    expect(second).toContain('lotline_page_cache_requests_total{result="hit"} 10');
    expect(second).toContain('lotline_page_cache_following 0');
  });

  it('answers 401 without the token, and leaves the path to Next when no token is set', async () => {
    expect((await fetch(`${origin}/metrics`)).status).toBe(401);
    expect((await fetch(`${origin}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    tokenOfServer = null;
    const none = await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect([none.status, await none.text()]).toEqual([404, 'next']);
    tokenOfServer = TOKEN;
  });

  it('takes a token of the API’s format only', () => {
    expect(metricsToken(undefined)).toBeNull();
    expect(metricsToken('')).toBeNull();
    expect(metricsToken(TOKEN)).toBe(TOKEN);
    expect(() => metricsToken('short')).toThrow(/METRICS_TOKEN/);
  });
});
