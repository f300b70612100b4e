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

/**
 * The bulk import's preview (decision 0051): one multipart body with a sheet
 * (at most 10 MB) and a ZIP of photos (at most 512 MB), plus the multipart
 * envelope. The forwarder streams it (nothing is buffered here) and the API
 * applies the per-file limits; only this one route takes more than
 * MAX_PROXY_BODY_BYTES.
 */
export const MAX_IMPORT_BODY_BYTES = (10 + 512 + 1) * 1024 * 1024;

const IMPORT_PREVIEW = /^\/marketplace-api\/seller\/events\/[^/]+\/imports\/?$/;

/**
 * The largest body the web origin forwards for this request.
 * @param {string} method
 * @param {string} pathname
 */
export function maxBodyBytesFor(method, pathname) {
  return method === 'POST' && IMPORT_PREVIEW.test(pathname) ? MAX_IMPORT_BODY_BYTES : MAX_PROXY_BODY_BYTES;
}
