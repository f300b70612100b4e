// Plain JavaScript: the web server (apps/web/server.mjs) imports it before Next.js is loaded.
import proxyAddr from '@fastify/proxy-addr';

/**
 * The client's address as the web process hands it to the API (decision 0027).
 * Next.js keeps an `X-Forwarded-For` the client sent (it only fills in the
 * socket's address when there is none), so the web server overwrites it on
 * every request, before Next.js sees it, with the one address it can vouch for:
 * the peer of the connection, or, when that peer is a trusted front proxy
 * (`TRUST_PROXY`, the API's proxy-addr syntax: `loopback`, `10.0.0.0/8`, a
 * comma-separated list), the address that proxy forwarded. Unset: no proxy is
 * trusted, the web server is the edge.
 */

/** @param {string | undefined} setting */
export function trustFunction(setting) {
  const values = (setting ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  if (values.length === 0) return () => false;
  return proxyAddr.compile(values);
}

/**
 * @param {{ socket: { remoteAddress?: string | undefined }, headers: Record<string, string | string[] | undefined> }} request
 * @param {(address: string, hop: number) => boolean} trust
 */
export function clientAddress(request, trust) {
  const chain = proxyAddr.all(/** @type {any} */ (request), trust);
  return chain[chain.length - 1];
}

/**
 * Replaces `X-Forwarded-For` (and the other spellings of the client address
 * a client could send) with the client's address.
 * @param {{ socket: { remoteAddress?: string | undefined }, headers: Record<string, string | string[] | undefined> }} request
 * @param {(address: string, hop: number) => boolean} trust
 */
export function overwriteClientAddress(request, trust) {
  const address = clientAddress(request, trust);
  for (const name of ['x-forwarded-for', 'x-real-ip', 'forwarded']) delete request.headers[name];
  if (address) request.headers['x-forwarded-for'] = address;
}
