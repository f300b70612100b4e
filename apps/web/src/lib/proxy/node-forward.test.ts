import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forwardIfApiPath } from './node-forward.mjs';

/**
 * The web server's own forwarding of API paths (decision 0027): a real front server
 * (as apps/web/server.mjs) and a real stand-in for the API, talking HTTP.
 */

interface Seen {
  url: string;
  headers: http.IncomingHttpHeaders;
  bytes: number;
  complete: boolean;
}

let api: http.Server;
let front: http.Server;
let frontPort: number;
const seen: Seen[] = [];
/** Resolved by the test when the API has seen the first chunk of a slow body. */
let onFirstChunk: () => void = () => undefined;

beforeAll(async () => {
  api = http.createServer((req, res) => {
    const entry: Seen = { url: req.url ?? '', headers: req.headers, bytes: 0, complete: false };
    seen.push(entry);
    req.on('data', (chunk: Buffer) => {
      if (entry.bytes === 0) onFirstChunk();
      entry.bytes += chunk.length;
    });
    req.on('end', () => {
      entry.complete = true;
      res.setHeader('set-cookie', ['a=1; HttpOnly', 'b=2; HttpOnly']);
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ bytes: entry.bytes }));
    });
    req.on('error', () => undefined);
  });
  await new Promise<void>((done) => api.listen(0, '127.0.0.1', done));
  const apiBase = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  front = http.createServer((req, res) => {
    if (!forwardIfApiPath(req, res, apiBase, { maxBodyBytes: 1000 })) res.writeHead(299).end('next');
  });
  await new Promise<void>((done) => front.listen(0, '127.0.0.1', done));
  frontPort = (front.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((done) => front.close(done));
  await new Promise((done) => api.close(done));
});

/** Sends a chunked POST to the front server, one chunk at a time; resolves with the answer. */
function post(path: string, chunks: Buffer[], beforeNext: () => Promise<void> = async () => undefined) {
  return new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const req = http.request({ port: frontPort, host: '127.0.0.1', path, method: 'POST' }, (res) => {
      let body = '';
      res.on('data', (c) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    void (async () => {
      for (const chunk of chunks) {
        if (req.destroyed) return;
        req.write(chunk);
        await beforeNext();
      }
      req.end();
    })();
  });
}

describe('forwardIfApiPath', () => {
  it('leaves pages to Next.js', async () => {
    const res = await fetch(`http://127.0.0.1:${frontPort}/marketplace/lots`);
    expect(res.status).toBe(299);
  });

  it('streams a body to the API as it arrives: the API reads the first chunk before the client sends the rest', async () => {
    const before = seen.length;
    let firstArrived!: () => void;
    const arrived = new Promise<void>((done) => {
      firstArrived = done;
    });
    onFirstChunk = firstArrived;
    // The second chunk is sent only once the API has read the first: a buffering proxy would wait forever.
    let sent = 0;
    const res = await post('/ars/api/file-storage?x=1', [Buffer.alloc(300, 1), Buffer.alloc(300, 2)], async () => {
      if (sent++ === 0) await arrived;
    });
    expect(res.status).toBe(201);
    expect(JSON.parse(res.body)).toEqual({ bytes: 600 });
    expect(res.headers['set-cookie']).toEqual(['a=1; HttpOnly', 'b=2; HttpOnly']);
    const entry = seen[before];
    expect(entry?.url).toBe('/ars/api/file-storage?x=1');
    expect(entry?.complete).toBe(true);
  });

  it('answers a chunked body over the limit with 413, and the API never receives it whole', async () => {
    const before = seen.length;
    onFirstChunk = () => undefined;
    const res = await post(
      '/ars/api/file-storage',
      Array.from({ length: 10 }, () => Buffer.alloc(300, 7)),
    );
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).errors[0].code).toBe('PAYLOAD_TOO_LARGE');
    await new Promise((done) => setTimeout(done, 50));
    expect(seen.slice(before).filter((s) => s.complete)).toEqual([]);
  });
});

describe('a body the API answers before reading it all', () => {
  let earlyApi: http.Server;
  let earlyFront: http.Server;
  let port: number;

  beforeAll(async () => {
    // As the API on a JSON body over its limit: 413 at the first chunk, then it reads on and drops the rest.
    earlyApi = http.createServer((req, res) => {
      req.once('data', () => {
        res.writeHead(413, { 'content-type': 'application/json' }).end('{"status":"error"}');
      });
      req.resume();
    });
    await new Promise<void>((done) => earlyApi.listen(0, '127.0.0.1', done));
    const apiBase = `http://127.0.0.1:${(earlyApi.address() as AddressInfo).port}`;
    earlyFront = http.createServer((req, res) => {
      forwardIfApiPath(req, res, apiBase, { maxBodyBytes: 64 * 1024 * 1024 });
    });
    // A short keep-alive timeout: a request left paused after its answer is destroyed within about a second.
    earlyFront.keepAliveTimeout = 200;
    await new Promise<void>((done) => earlyFront.listen(0, '127.0.0.1', done));
    port = (earlyFront.address() as AddressInfo).port;
  });
  afterAll(async () => {
    earlyFront.closeAllConnections();
    await new Promise((done) => earlyFront.close(done));
    earlyApi.closeAllConnections();
    await new Promise((done) => earlyApi.close(done));
  });

  it('reads and drops the rest, so the client sends its whole body and reads the answer', async () => {
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    // 16 MB after the answer: more than the sockets' buffers hold, so it can be sent only if it is read.
    const rest = 256;
    const total = (rest + 1) * chunk.length;
    const outcome = await new Promise<{ answer: string; sent: number }>((resolve, reject) => {
      // A plain socket, so that nothing but the server decides when the connection ends.
      const socket = net.connect(port, '127.0.0.1');
      let sent = 0;
      let answer = '';
      let sending = false;
      socket.on('error', reject);
      socket.on('close', () => reject(new Error(`the connection closed after ${sent} of ${total} bytes`)));
      socket.on('data', (data: Buffer) => {
        answer += data.toString('latin1');
        // The whole answer: its body, then the chunked encoding's last chunk.
        if (sending || !answer.includes('{"status":"error"}') || !answer.endsWith('0\r\n\r\n')) return;
        sending = true;
        void (async () => {
          for (let i = 0; i < rest; i++) {
            sent += chunk.length;
            if (!socket.write(chunk)) await new Promise((done) => socket.once('drain', done));
          }
          socket.write('', () => resolve({ answer, sent }));
        })();
      });
      socket.write(
        `POST /marketplace-api/auth/sign-in HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${total}\r\n\r\n`,
      );
      sent += chunk.length;
      socket.write(chunk);
    });
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(outcome.sent).toBe(total);
  });
});
