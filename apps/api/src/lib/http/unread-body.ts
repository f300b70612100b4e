import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * Most of a request body the API reads and drops after answering early. The
 * web forwarder refuses anything over 32 MiB before it reaches the API, so a
 * body forwarded from the site fits, but for the import preview's (up to 523
 * MiB, decision 0051): a preview refused before its body was read (401, 403,
 * 503) has its connection ended past this much, its answer already sent.
 */
export const MAX_DRAINED_BODY_BYTES = 64 * 1024 * 1024;

/**
 * An answer sent before the whole request body arrived (413 for a JSON body
 * over the limit, FILE_TOO_LARGE for an upload longer than its policy, a 401
 * or 403 decided before the body was read) leaves the rest of the body on the
 * connection. Closing the connection then (Fastify's default for a body it
 * could not parse) fails the client's write before it reads the answer: the
 * web forwarder saw a reset and answered 503. Leaving the rest unread stalls
 * the kept-alive connection until its idle timeout, and the next request the
 * forwarder sends on it waits that long. So the rest is read and dropped,
 * and the connection stays open for the next request.
 */
export function registerUnreadBodyDrain(app: FastifyInstance, maxBytes = MAX_DRAINED_BODY_BYTES): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const raw = request.raw;
    if (raw.complete || raw.readableEnded || raw.destroyed) return payload;
    reply.removeHeader('connection');
    drain(raw, maxBytes);
    return payload;
  });
}

function drain(raw: IncomingMessage, maxBytes: number): void {
  // A multipart parser may still be piped in and holding the stream back: it gets no more.
  raw.unpipe();
  let dropped = 0;
  raw.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > maxBytes) raw.socket?.destroy();
  });
  raw.resume();
}
