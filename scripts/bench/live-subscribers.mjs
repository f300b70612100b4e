/**
 * A worker of live-fanout.mjs (forked with port, lot id and count): holds
 * `count` live-stream subscribers on raw HTTP/1.1 sockets and notes when each
 * event id reaches each of them, in epoch milliseconds
 * (performance.timeOrigin + performance.now(), comparable across processes).
 * Several workers share the subscribers so that one process reading 10,000
 * sockets does not become what the bench measures.
 */
import net from 'node:net';
import { performance } from 'node:perf_hooks';

const [port, lotId, countText] = process.argv.slice(2);
const count = Number(countText);
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** seq → arrival times. */
const arrivals = new Map();
const sockets = [];

function subscribe() {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    let first = true;
    socket.on('connect', () =>
      socket.write(`GET /marketplace/api/live?eventLotIds=${lotId} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`),
    );
    socket.on('data', (chunk) => {
      const at = now();
      const text = chunk.toString('latin1');
      if (first) {
        first = false;
        if (!text.startsWith('HTTP/1.1 200')) return reject(new Error(`subscribe: ${text.split('\r\n')[0]}`));
      }
      for (const match of text.matchAll(/^id: (\d+)$/gm)) {
        const seq = Number(match[1]);
        const list = arrivals.get(seq);
        if (list) list.push(at);
        else arrivals.set(seq, [at]);
      }
      resolve(socket);
    });
    socket.on('error', reject);
  });
}

for (let i = 0; i < count; i += 100) {
  const batch = Array.from({ length: Math.min(100, count - i) }, subscribe);
  sockets.push(...(await Promise.all(batch)));
}
process.send?.({ ready: sockets.length });

process.on('message', async (message) => {
  if (message.collect !== undefined) {
    while ((arrivals.get(message.collect)?.length ?? 0) < count && Date.now() < message.deadline) await sleep(5);
    process.send?.({ seq: message.collect, times: arrivals.get(message.collect) ?? [] });
  } else if (message.stop) {
    for (const socket of sockets) socket.destroy();
    process.exit(0);
  }
});
