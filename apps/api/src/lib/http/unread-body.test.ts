import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, signUpUser } from '../../modules/identity/test-helpers';
import { pngBytes } from '../../modules/uploads/test-helpers';
import { createTestApp, type TestApp, url } from '../../test/app';
import { registerUnreadBodyDrain } from './unread-body';

type Answer = { status: number; body: string };

/**
 * One request over `agent`, its body written in 64 KiB chunks as a streaming
 * proxy writes it (chunked unless a length is declared), going on writing
 * after an early answer. Rejects when the connection fails before the answer.
 */
function send(
  agent: http.Agent,
  base: string,
  options: { method: string; path: string; headers?: Record<string, string>; body?: Buffer },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${options.path}`, {
      method: options.method,
      agent,
      headers: options.headers,
      timeout: 10_000,
    });
    req.on('timeout', () => req.destroy(new Error('no answer within 10 s')));
    req.on('error', reject);
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    const body = options.body;
    if (!body) {
      req.end();
      return;
    }
    let at = 0;
    const writeMore = () => {
      while (at < body.length) {
        const chunk = body.subarray(at, at + 64 * 1024);
        at += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', writeMore);
          return;
        }
      }
      req.end();
    };
    writeMore();
  });
}

const codeOf = (answer: Answer) => (JSON.parse(answer.body) as { errors: { code: string }[] }).errors[0]?.code;

/** A multipart body as a browser builds it: the fields, then the file part. */
function multipart(fields: Record<string, string>, file: Buffer, filename: string) {
  const boundary = '----lotline-test-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('an answer sent before the whole body arrived', () => {
  let t: TestApp;
  let base: string;
  let cookie: string;
  // One kept-alive connection: the request after an early answer goes on the same socket.
  const keptAlive = () => new http.Agent({ keepAlive: true, maxSockets: 1 });
  let agent = keptAlive();
  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie } = await signUpUser(t));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());
  afterEach(() => {
    agent.destroy();
    agent = keptAlive();
  });

  const healthy = async () => {
    const next = await send(agent, base, { method: 'GET', path: '/healthz' });
    expect(next.status).toBe(200);
  };
  const bigJson = () => Buffer.from(JSON.stringify({ email: 'a'.repeat(3_000_000), password: 'x' }));

  it('a JSON body over the limit, streamed: 413 PAYLOAD_TOO_LARGE, and the connection serves the next request', async () => {
    for (let i = 0; i < 3; i++) {
      const answer = await send(agent, base, {
        method: 'POST',
        path: '/marketplace-api/auth/sign-in',
        headers: { origin: ORIGIN, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        body: bigJson(),
      });
      expect(answer.status).toBe(413);
      expect(codeOf(answer)).toBe('PAYLOAD_TOO_LARGE');
      await healthy();
    }
  });

  it('a JSON body over the limit, streamed by fetch as the web forwarder passes it on: always 413, never a reset', async () => {
    for (let i = 0; i < 6; i++) {
      const bytes = bigJson();
      // Paced as the forwarder passes on a body that is still arriving from the browser.
      let at = 0;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          await new Promise((resolve) => setTimeout(resolve, 2));
          if (at >= bytes.length) return controller.close();
          controller.enqueue(bytes.subarray(at, at + 64 * 1024));
          at += 64 * 1024;
        },
      });
      const res = await fetch(`${base}/marketplace-api/auth/sign-in`, {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        body,
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(413);
      expect(((await res.json()) as { errors: { code: string }[] }).errors[0]?.code).toBe('PAYLOAD_TOO_LARGE');
    }
  });

  it('a JSON body over the limit with its length declared: 413 PAYLOAD_TOO_LARGE, then the next request', async () => {
    const body = bigJson();
    const answer = await send(agent, base, {
      method: 'POST',
      path: '/marketplace-api/auth/sign-in',
      headers: { origin: ORIGIN, 'content-type': 'application/json', 'content-length': String(body.length) },
      body,
    });
    expect(answer.status).toBe(413);
    expect(codeOf(answer)).toBe('PAYLOAD_TOO_LARGE');
    await healthy();
  });

  it('an upload longer than its policy: 413 FILE_TOO_LARGE, then the next request on that connection', async () => {
    for (let i = 0; i < 2; i++) {
      const policy = await send(agent, base, {
        method: 'GET',
        path: url('/ars/api/file-upload', { filename: 'a.png', size: '1000', application: 'ars' }),
        headers: { cookie },
      });
      expect(policy.status).toBe(200);
      const target = (JSON.parse(policy.body) as { data: { url: string; fields: Record<string, string> } }).data;
      const form = multipart(target.fields, pngBytes(2_000_000), 'a.png');
      const answer = await send(agent, base, {
        method: 'POST',
        path: new URL(target.url).pathname,
        headers: { origin: ORIGIN, 'content-type': form.contentType, 'transfer-encoding': 'chunked' },
        body: form.body,
      });
      expect(answer.status).toBe(413);
      expect(codeOf(answer)).toBe('FILE_TOO_LARGE');
      await healthy();
    }
  });
});

describe('a body longer than the drain allows', () => {
  it('ends its connection instead of reading it all', async () => {
    const app = Fastify({ bodyLimit: 1024 });
    registerUnreadBodyDrain(app, 256 * 1024);
    app.post('/echo', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      // Within the drain: answered 413 and the connection kept.
      const small = await send(agent, base, {
        method: 'POST',
        path: '/echo',
        headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        body: Buffer.alloc(128 * 1024, 0x20),
      });
      expect(small.status).toBe(413);
      expect((await send(agent, base, { method: 'POST', path: '/echo' })).status).toBe(200);
      // Past it: the server ends the connection (the client sees it fail or its answer, never a hang).
      const outcome = await send(agent, base, {
        method: 'POST',
        path: '/echo',
        headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        body: Buffer.alloc(4 * 1024 * 1024, 0x20),
      }).then(
        (answer) => answer.status,
        (err: NodeJS.ErrnoException) => err.code ?? err.message,
      );
      expect([413, 'ECONNRESET', 'EPIPE']).toContain(outcome);
    } finally {
      agent.destroy();
      await app.close();
    }
  });
});
