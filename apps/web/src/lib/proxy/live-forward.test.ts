import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forwardIfApiPath } from './node-forward.mjs';

/**
 * The live stream through the web server's forwarder (decision 0039): each
 * event reaches the browser as the API writes it (not when the stream ends),
 * Last-Event-ID reaches the API, and closing the browser's stream closes the
 * API's at once, so its subscriptions are freed.
 */

let api: http.Server;
let front: http.Server;
let frontPort: number;
let upstream: { res: http.ServerResponse; lastEventId: string | undefined; closed: Promise<void> } | undefined;
let onUpstream: () => void = () => undefined;

beforeAll(async () => {
  api = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache, no-transform' });
    res.write('id: 1\nevent: lot\ndata: {"_id":"a"}\n\n');
    const closed = new Promise<void>((done) => res.on('close', done));
    upstream = { res, lastEventId: req.headers['last-event-id'] as string | undefined, closed };
    onUpstream();
  });
  await new Promise<void>((done) => api.listen(0, '127.0.0.1', done));
  const apiBase = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  front = http.createServer((req, res) => {
    if (!forwardIfApiPath(req, res, apiBase)) res.writeHead(299).end('next');
  });
  await new Promise<void>((done) => front.listen(0, '127.0.0.1', done));
  frontPort = (front.address() as AddressInfo).port;
});
afterAll(async () => {
  front.closeAllConnections();
  api.closeAllConnections();
  await new Promise((done) => front.close(done));
  await new Promise((done) => api.close(done));
});

describe('the live stream through the forwarder', () => {
  it('passes each event as it is written, Last-Event-ID up, and the close down', async () => {
    const connected = new Promise<void>((done) => {
      onUpstream = done;
    });
    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${frontPort}/marketplace/api/live?eventLotIds=a`, {
      headers: { 'last-event-id': '41' },
      signal: controller.signal,
    });
    await connected;
    expect(res.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(upstream?.lastEventId).toBe('41');
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    const readUntil = async (text: string) => {
      let got = '';
      while (!got.includes(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${text}`);
        got += decoder.decode(value, { stream: true });
      }
    };
    // The first event arrives while the API's answer is still open: nothing buffers it.
    await readUntil('id: 1');
    upstream?.res.write('id: 2\nevent: lot\ndata: {"_id":"a"}\n\n');
    await readUntil('id: 2');
    controller.abort();
    await expect(upstream?.closed).resolves.toBeUndefined();
  });
});
