import { once } from 'node:events';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app';

/**
 * The HTTP server cuts off a client that never finishes its request
 * (decision 0028): a slow-loris client gets 408 and a closed socket instead
 * of holding a connection forever.
 */
describe('HTTP timeouts', () => {
  let t: TestApp;
  let port = 0;
  beforeAll(async () => {
    const timeouts = { httpRequest: 1_000, httpConnection: 60_000, httpKeepAlive: 72_000, dbStatement: 30_000 };
    t = await createTestApp({ config: { timeouts } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  it('are set on the server', () => {
    expect(t.app.server.requestTimeout).toBe(1_000);
    expect(t.app.server.keepAliveTimeout).toBe(t.config.timeouts.httpKeepAlive);
    expect(t.app.server.timeout).toBe(t.config.timeouts.httpConnection);
  });

  it('answer 408 and close the socket when a request never completes', async () => {
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    // Headers started, never finished.
    socket.write('GET /marketplace/api/system/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    await once(socket, 'close');
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });
});
