// The web server: Next.js behind a plain Node HTTP server, so that the client's address
// is settled before Next.js sees the request (decision 0027; src/lib/proxy/client-address.mjs).
// PORT (default 3000), HOST (default 127.0.0.1, decision 0025; 0.0.0.0 for every interface), TRUST_PROXY.
import { createServer } from 'node:http';
import next from 'next';
import { overwriteClientAddress, trustFunction } from './src/lib/proxy/client-address.mjs';

const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOST || '127.0.0.1';
const dev = process.env.NODE_ENV !== 'production';
const trust = trustFunction(process.env.TRUST_PROXY);

const app = next({ dev, dir: import.meta.dirname, port, hostname });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((request, response) => {
  overwriteClientAddress(request, trust);
  void handle(request, response);
});
server.listen(port, hostname, () => {
  console.log(`▲ Lotline web on http://${hostname}:${port}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
