// The web server: Next.js behind a plain Node HTTP server, so that the client's address
// is settled before Next.js sees the request (decision 0027; src/lib/proxy/client-address.mjs).
// PORT (default 3000), HOST (default 127.0.0.1, decision 0025; 0.0.0.0 for every interface), TRUST_PROXY,
// PAGE_CACHE_MB (default 64; 0 turns the anonymous visitors' page cache off, decision 0103), METRICS_TOKEN (GET
// /metrics of the page cache for a caller with it as a Bearer token; unset: no metrics here).
import { createServer } from 'node:http';
import next from 'next';
import { followPageChanges } from './src/lib/page-cache/change-feed.mjs';
import { metricsToken, pageCacheRegistry, serveMetrics } from './src/lib/page-cache/metrics.mjs';
import { PageCache, pageCacheBytes } from './src/lib/page-cache/page-cache.mjs';
import { overwriteClientAddress, trustFunction } from './src/lib/proxy/client-address.mjs';
import { forwardIfApiPath } from './src/lib/proxy/node-forward.mjs';
import { applyServerTimeouts } from './src/lib/proxy/server-timeouts.mjs';

const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOST || '127.0.0.1';
const dev = process.env.NODE_ENV !== 'production';
const trust = trustFunction(process.env.TRUST_PROXY);
// The API's address (the same default as src/lib/env.server.ts).
const apiBase = (process.env.API_URL || 'http://127.0.0.1:3001').replace(/\/+$/, '');

const cacheBytes = pageCacheBytes(process.env.PAGE_CACHE_MB);
if (cacheBytes instanceof Error) {
  console.error(cacheBytes.message);
  process.exit(1);
}
// Not under `next dev`: pages change with the code there.
const pageCache = new PageCache({ maxBytes: dev ? 0 : cacheBytes });
let token;
try {
  token = metricsToken(process.env.METRICS_TOKEN);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
const metrics = { registry: pageCacheRegistry(pageCache), token };

const app = next({ dev, dir: import.meta.dirname, port, hostname });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((request, response) => {
  overwriteClientAddress(request, trust);
  // API paths stream to the API without passing through Next.js (decision 0027); pages go to Next.js.
  if (forwardIfApiPath(request, response, apiBase)) return;
  if (serveMetrics(request, response, metrics)) return;
  void pageCache.handle(request, response, handle).catch((error) => {
    console.error('[page cache] could not answer', error);
    if (!response.headersSent) response.writeHead(500).end();
    else response.destroy();
  });
});
const feed = pageCache.enabled ? followPageChanges(pageCache, apiBase) : null;
applyServerTimeouts(server);
server.listen(port, hostname, () => {
  console.log(`▲ Lotline web on http://${hostname}:${port}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    void feed?.stop();
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
