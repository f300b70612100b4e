// Plain JavaScript: the web server (apps/web/server.mjs) uses it before Next.js is loaded.
import { Readable } from 'node:stream';
import { apiTargetUrl, isApiPath } from './api-paths.mjs';
import { forwardToApi } from './forward.mjs';

/**
 * API paths go from the web server's socket straight to the API, before Next.js
 * sees them (decision 0027): Next.js keeps an in-memory copy of every request
 * body that passes its proxy, this path streams it chunk by chunk through the
 * one forwarder (`forward.mjs`, which also refuses a body over the limit with
 * 413). Pages stay with Next.js. Returns whether the request was taken.
 *
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 * @param {string} apiBase the API's base URL (API_URL)
 * @param {{ maxBodyBytes?: number }} [options]
 */
export function forwardIfApiPath(request, response, apiBase, options) {
  const url = new URL(request.url ?? '/', 'http://web.invalid');
  if (!isApiPath(url.pathname)) return false;
  void answer(request, response, apiTargetUrl(apiBase, url.pathname, url.search), options);
  return true;
}

/**
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 * @param {string} target
 * @param {{ maxBodyBytes?: number } | undefined} options
 */
async function answer(request, response, target, options) {
  drainAfterAnswer(request, response);
  try {
    writeResponse(response, await forwardToApi(toWebRequest(request), target, options));
  } catch {
    if (response.headersSent) response.destroy();
    else response.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify(BAD_GATEWAY));
  }
}

/**
 * Requests answered before their body was all read: the rest is read and
 * dropped. An answer can be sent early (the API's 413 after 1 MB of JSON):
 * the API stops reading and, from then on, nothing pulls the body stream, so
 * the request stayed paused with the client still sending, until the
 * keep-alive timeout destroyed the socket and the client, its answer unread,
 * saw ECONNRESET (2 to 10 in 100 such requests on a 2-core machine).
 */
const answered = new WeakSet();

/**
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 */
function drainAfterAnswer(request, response) {
  response.once('finish', () => {
    if (request.complete) return;
    answered.add(request);
    request.resume();
  });
}

const BAD_GATEWAY = {
  status: 'error',
  errors: [{ code: 'SERVICE_UNAVAILABLE', message: 'The marketplace could not answer this request.' }],
};

/**
 * The Fetch API view of Node's request: its headers (as the web server left
 * them, the client address settled) and its body as a stream.
 * @param {import('node:http').IncomingMessage} request
 */
export function toWebRequest(request) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, v);
  }
  const method = request.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(new URL(request.url ?? '/', `http://${hostOf(request)}`), {
    method,
    headers,
    body: hasBody ? bodyStream(request) : null,
    duplex: 'half',
  });
}

/** @param {import('node:http').IncomingMessage} request */
function hostOf(request) {
  const host = request.headers.host ?? '';
  try {
    return new URL(`http://${host}`).host || 'localhost';
  } catch {
    return 'localhost';
  }
}

/**
 * The request body as a web stream that follows the reader's pace. Cancelling
 * it (the forwarder does when the body passes the limit) drains the rest
 * instead of destroying the socket, so the 413 can still be written.
 * @param {import('node:http').IncomingMessage} request
 * @returns {ReadableStream<Uint8Array>}
 */
function bodyStream(request) {
  let open = true;
  return new ReadableStream({
    start(controller) {
      request.on('data', (/** @type {Buffer} */ chunk) => {
        if (!open || answered.has(request)) return;
        controller.enqueue(new Uint8Array(chunk));
        if ((controller.desiredSize ?? 0) <= 0) request.pause();
      });
      request.on('end', () => {
        if (open) controller.close();
        open = false;
      });
      request.on('error', (err) => {
        if (open) controller.error(err);
        open = false;
      });
    },
    pull() {
      request.resume();
    },
    cancel() {
      open = false;
      request.resume();
    },
  });
}

/**
 * Writes the forwarder's answer to Node's response, streaming its body (every
 * Set-Cookie kept). After a 413 the rest of the body is read and dropped, not
 * cut off: closing on a client still sending would fail its write (EPIPE)
 * before it could read the answer.
 * @param {import('node:http').ServerResponse} response
 * @param {Response} answer
 */
export function writeResponse(response, answer) {
  /** @type {Record<string, string | string[]>} */
  const headers = {};
  answer.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = answer.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  response.writeHead(answer.status, answer.statusText || undefined, headers);
  if (!answer.body) {
    response.end();
    return;
  }
  const body = Readable.fromWeb(/** @type {import('node:stream/web').ReadableStream} */ (answer.body));
  // The reader left (a closed tab, an ended event stream): stop reading from the API too.
  response.on('close', () => body.destroy());
  body.on('error', () => response.destroy());
  body.pipe(response);
}
