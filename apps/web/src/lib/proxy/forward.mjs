/**
 * Forwards one request to the API and streams its answer back. Done by hand
 * rather than with NextResponse.rewrite, because a rewrite answers with an
 * `x-middleware-rewrite` header that tells every browser the API's internal
 * address, and a stopped API would surface as Next's plain-text 500.
 */

import { maxBodyBytesFor } from './limits.mjs';

/** Connection-level headers that must not be copied from one hop to the next. */
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'expect',
];

const TOO_LARGE = {
  status: 'error',
  errors: [{ code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' }],
};

const tooLarge = () => Response.json(TOO_LARGE, { status: 413 });

class BodyTooLarge extends Error {}

/**
 * The request body as it arrives, chunk by chunk, counting bytes: one byte
 * past `max` errors the stream, which aborts the request to the API (so it
 * never receives a whole body) and makes forwardToApi answer 413.
 */
/**
 * @param {ReadableStream<Uint8Array>} body
 * @param {number} max
 * @returns {ReadableStream<Uint8Array>}
 */
function limitedBody(body, max) {
  let received = 0;
  return body.pipeThrough(
    new TransformStream({
      transform(chunk, controller) {
        received += chunk.byteLength;
        if (received > max) controller.error(new BodyTooLarge());
        else controller.enqueue(chunk);
      },
    }),
  );
}

const UNAVAILABLE = {
  status: 'error',
  errors: [
    {
      code: 'SERVICE_UNAVAILABLE',
      message: 'The marketplace is not reachable right now. Please try again in a moment.',
    },
  ],
};

/**
 * Forwards `request` to `target`. The body is streamed, never buffered: a
 * Content-Length over `maxBodyBytes` is refused at once, and a body without
 * one (chunked) is refused with 413 as soon as it passes the limit, the
 * request to the API aborted (decision 0027). The limit is the request's
 * route's (`maxBodyBytesFor`: 32 MB, the import preview 523 MB) unless given.
 */
/**
 * @param {Request} request
 * @param {string} target
 * @param {{ maxBodyBytes?: number }} [options]
 * @returns {Promise<Response>}
 */
export async function forwardToApi(
  request,
  target,
  { maxBodyBytes = maxBodyBytesFor(request.method, new URL(request.url).pathname) } = {},
) {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > maxBodyBytes) {
    await request.body?.cancel().catch(() => undefined);
    return tooLarge();
  }
  const incoming = new URL(request.url);
  const headers = new Headers(request.headers);
  for (const name of [...HOP_BY_HOP, 'host', 'content-length']) headers.delete(name);
  // The host and scheme this server was asked for, never what the client claims (the API trusts this hop).
  headers.set('x-forwarded-host', incoming.host);
  headers.set('x-forwarded-proto', incoming.protocol.replace(/:$/, ''));

  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== null;
  /** @type {Response} */
  let upstream;
  try {
    upstream = await fetch(target, {
      method: request.method,
      headers,
      body: hasBody && request.body ? limitedBody(request.body, maxBodyBytes) : null,
      redirect: 'manual',
      // Node's fetch needs this to stream a request body.
      duplex: 'half',
    });
  } catch (err) {
    if (err instanceof BodyTooLarge || /** @type {Error} */ (err).cause instanceof BodyTooLarge) return tooLarge();
    return Response.json(UNAVAILABLE, { status: 503, headers: { 'retry-after': '5' } });
  }

  const answer = new Headers(upstream.headers);
  // fetch has already decoded the body, so its encoding and length no longer apply.
  for (const name of [...HOP_BY_HOP, 'content-encoding', 'content-length']) answer.delete(name);
  return new Response(upstream.body, { status: upstream.status, statusText: upstream.statusText, headers: answer });
}
