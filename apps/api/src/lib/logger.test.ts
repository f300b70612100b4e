import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { createLogger } from './logger';

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    lines.push(String(chunk));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logger: createLogger('trace', sink) });
  t.app.post('/__test/login', async (req) => {
    // A careless handler logging headers and body: redaction must still hold.
    req.log.info({ headers: req.headers, body: req.body }, 'login attempt');
    throw new Error('boom');
  });
  await t.app.ready();
});
afterAll(() => t.close());

describe('request logs', () => {
  it('carry the request id and never bodies, cookies, credentials or query strings', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/__test/login?token=query-secret-1',
      headers: { cookie: 'sid=cookie-secret-2', authorization: 'Bearer auth-secret-3', 'x-request-id': 'trace-me-1' },
      payload: { email: 'a@b.c', password: 'body-secret-4' },
    });
    expect(res.statusCode).toBe(500);
    const log = lines.join('');
    expect(log).toContain('trace-me-1');
    expect(log).toContain('"path":"/__test/login"');
    for (const secret of ['query-secret-1', 'cookie-secret-2', 'auth-secret-3', 'body-secret-4']) {
      expect(log).not.toContain(secret);
    }
    // The unknown error is logged (with its stack) for the operator, under the same id.
    const failure = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'request failed');
    expect(failure).toMatchObject({ reqId: 'trace-me-1', err: { message: 'boom' } });
  });
});

describe('pretty logs (development)', () => {
  it('are readable lines, not JSON, and redact as the JSON ones do', () => {
    const out: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        out.push(String(chunk));
        done();
      },
    });
    const logger = createLogger('info', stream, 'pretty');
    logger.info({ reqId: 'req-pretty-1', headers: { cookie: 'sid=cookie-secret-5' } }, 'incoming request');
    logger.flush();
    const text = out.join('');
    expect(text).toMatch(/INFO.*incoming request/);
    expect(text).toContain('req-pretty-1');
    expect(text).not.toContain('cookie-secret-5');
    expect(() => JSON.parse(text)).toThrow();
  });
});
