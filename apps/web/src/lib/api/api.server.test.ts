import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { API_TIMEOUTS } from '../env.server';
import { apiGet } from './api.server';
import { ApiHttpError } from './errors';

vi.mock('server-only', () => ({}));
// The page request being rendered, as the proxy passed it on (decision 0095).
const pageHeaders = vi.hoisted(() => ({ current: undefined as Headers | undefined }));
vi.mock('next/headers', () => ({
  headers: async () => {
    if (!pageHeaders.current) throw new Error('headers() was called outside a request scope');
    return pageHeaders.current;
  },
}));

describe('apiGet and the page request id', () => {
  let server: Server;
  const seen: (string | undefined)[] = [];
  const previous = process.env.API_URL;
  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req.headers['x-request-id'] as string | undefined);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"success","data":1}');
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    process.env.API_URL = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => {
    process.env.API_URL = previous;
    pageHeaders.current = undefined;
    server.close();
  });

  it('sends the id of the page request it renders for, and none outside a request', async () => {
    pageHeaders.current = new Headers({ 'x-request-id': 'page-req-42' });
    expect(await apiGet('/marketplace/api/search/lots', {}, z.number())).toBe(1);
    await apiGet('/marketplace/api/categories', {}, z.number());
    pageHeaders.current = undefined;
    expect(await apiGet('/marketplace/api/search/lots', {}, z.number())).toBe(1);
    expect(seen).toEqual(['page-req-42', 'page-req-42', undefined]);
  });
});

/** Server-side reads give up on an API that does not answer (decision 0028) instead of hanging the page. */
describe('apiGet against an API that never answers', () => {
  let server: Server;
  const previous = process.env.API_URL;
  beforeAll(async () => {
    // Takes the request and never responds.
    server = createServer(() => {});
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    process.env.API_URL = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => {
    process.env.API_URL = previous;
    server.closeAllConnections();
    server.close();
  });

  it('is aborted after its read timeout and answers 503', async () => {
    const real = AbortSignal.timeout.bind(AbortSignal);
    const asked: number[] = [];
    // The real timeout is 15 s; the test shortens it and checks the one asked for.
    const spy = vi.spyOn(AbortSignal, 'timeout').mockImplementation((ms: number) => {
      asked.push(ms);
      return real(100);
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const error = await apiGet('/marketplace/api/search/lots', {}, z.unknown()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiHttpError);
      expect((error as ApiHttpError).status).toBe(503);
      expect(asked).toEqual([API_TIMEOUTS.readMs]);
    } finally {
      spy.mockRestore();
    }
  });
});
