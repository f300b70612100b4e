/**
 * Largest request body the web origin forwards to the API. Spec §5 allows
 * videos up to 30 MiB (31457280 bytes); the extra 2 MiB covers the multipart
 * envelope and the signed policy fields sent with the file.
 */
export const MAX_PROXY_BODY_BYTES = 32 * 1024 * 1024;

/**
 * What Next.js itself passes to proxy.ts under `next dev` (`proxyClientMaxBodySize`;
 * apps/web/server.mjs forwards API paths before Next.js sees them): it cuts a
 * body silently after the last whole chunk under this size, so it is set a
 * megabyte above MAX_PROXY_BODY_BYTES. A cut body is then still more than
 * MAX_PROXY_BODY_BYTES, and the forwarder refuses it instead of passing it on
 * cut (decision 0027).
 */
export const NEXT_PROXY_BODY_BYTES = MAX_PROXY_BODY_BYTES + 1024 * 1024;
