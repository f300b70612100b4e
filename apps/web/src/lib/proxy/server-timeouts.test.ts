import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyServerTimeouts, KEEP_ALIVE_TIMEOUT_MS } from './server-timeouts.mjs';

/**
 * The web server's keep-alive (apps/web/server.mjs): a connection left idle for longer than Node's default
 * 5 seconds still takes the client's next request. With the default, the server closed it at 5 s and a client
 * that reused it then saw ECONNRESET (the site beside's real-close test, 2026-12-02).
 */

let server: http.Server;
let port: number;
beforeAll(async () => {
  server = http.createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '2' }).end('ok'),
  );
  applyServerTimeouts(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

/** Sends one GET on the socket and resolves with the raw answer's status line. */
function get(socket: net.Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    if (socket.readyState !== 'open') {
      reject(new Error('the server closed the idle connection'));
      return;
    }
    let raw = '';
    const onData = (chunk: Buffer) => {
      raw += chunk.toString();
      if (raw.includes('\r\n\r\n') && raw.endsWith('ok')) {
        socket.off('data', onData);
        resolve(raw.split('\r\n')[0] ?? '');
      }
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.once('close', () => reject(new Error('the server closed the idle connection')));
    socket.write('GET / HTTP/1.1\r\nHost: web.test\r\nConnection: keep-alive\r\n\r\n');
  });
}

describe('the web server’s keep-alive', () => {
  it('keeps an idle connection longer than its clients and as long as the API', () => {
    expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
    expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThanOrEqual(60_000);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
  });

  it('answers a request on a connection idle for longer than Node’s default 5 s', async () => {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((done) => socket.once('connect', done));
    expect(await get(socket)).toBe('HTTP/1.1 200 OK');
    // Node closes an idle connection a second or so after its 5 s default: past that, with room.
    await new Promise((done) => setTimeout(done, 7_500));
    expect(await get(socket)).toBe('HTTP/1.1 200 OK');
    socket.destroy();
  }, 20_000);
});
