/**
 * A closed-loop HTTP load generator for the site benchmarks (bench-storm.mjs):
 * `clients` loops, each sending one GET, reading the whole body, then the
 * next, until `seconds` have passed. Closed loop: a slow server gets fewer
 * requests, as a crowd of people reloading does, so requests a second is
 * what the server sustained and the latencies include its queueing.
 */
import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/**
 * A request that has not finished after this long counts as an error (the loop goes on). Long: in a closed
 * loop of 200 clients a page the server makes at a few a second waits its turn for tens of seconds, and the
 * figure to see is that wait, not a cut-off.
 */
const REQUEST_TIMEOUT_MS = 60_000;

/** The value below which `share` of the sorted samples lie (nearest rank). */
export function percentile(sorted, share) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
}

/**
 * The client's sockets, kept alive between a loop's requests as a browser keeps them. node:http rather than
 * fetch: measured through the balancer (2026-12-04, 200 clients on a kept lot page), fetch's client took about
 * 0.6 ms of CPU per request and capped the run at about 1,000 requests a second with the site's processes
 * mostly idle (HAProxy, two web and two API processes 0.45 of a core together); node:https took about 0.14 ms
 * and the same site answered 2,900 a second.
 */
const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };

/**
 * One GET, body read to the end: its time to last byte in ms, whether it answered 200, its status (or the
 * network error's name) and, with `keepBody`, the body's text (decompressed).
 */
export function timedGet(url, { keepBody = false } = {}) {
  const started = performance.now();
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const settle = (ok, status, body = '') => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ms: performance.now() - started, ok, status, body });
    };
    const request = client.get(
      target,
      { agent: agents[target.protocol], headers: { 'accept-encoding': 'gzip, br' } },
      (response) => {
        const parts = [];
        response.on('data', (part) => {
          if (keepBody) parts.push(part);
        });
        response.on('error', (error) => settle(false, error.name ?? 'error'));
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          settle(status === 200, status, keepBody ? decoded(Buffer.concat(parts), response.headers) : '');
        });
      },
    );
    request.on('error', (error) => settle(false, error.name ?? 'error'));
    const timer = setTimeout(() => {
      settle(false, 'TimeoutError');
      request.destroy();
    }, REQUEST_TIMEOUT_MS);
  });
}

/** @param {Buffer} bytes @param {import('node:http').IncomingHttpHeaders} headers */
function decoded(bytes, headers) {
  const encoding = String(headers['content-encoding'] ?? '');
  if (encoding === 'gzip') return gunzipSync(bytes).toString('utf8');
  if (encoding === 'br') return brotliDecompressSync(bytes).toString('utf8');
  return bytes.toString('utf8');
}

/**
 * A deadline for one exchange: `signal` aborts the request after `ms`, and `within(work)` settles no later than
 * that, whatever `work` does (a TimeoutError). Both are needed: in a loaded bench:load run a few requests were
 * still waited for minutes after their abort, with `AbortSignal.timeout` and with this timer alike (the body
 * read of an answer already begun did not always end on abort), so the wait itself is raced as well.
 * `clear()` when done.
 */
export function deadline(ms) {
  const controller = new AbortController();
  let timer;
  const expired = new Promise((_, reject) => {
    timer = setTimeout(() => {
      const error = new DOMException(`no answer within ${ms} ms`, 'TimeoutError');
      controller.abort(error);
      reject(error);
    }, ms);
  });
  expired.catch(() => {});
  return {
    signal: controller.signal,
    within: (work) => Promise.race([work, expired]),
    clear: () => clearTimeout(timer),
  };
}

/**
 * Runs the loops against `url` and answers requests a second (200 answers
 * over the time until the last loop ended), p50/p95/p99 of the 200 answers'
 * times and the errors (non-200 answers and network errors) by status.
 */
export async function closedLoop({ url, clients, seconds }) {
  const samples = [];
  const errors = new Map();
  const started = performance.now();
  const endAt = started + seconds * 1000;
  const loop = async () => {
    while (performance.now() < endAt) {
      const answer = await timedGet(url);
      if (answer.ok) samples.push(answer.ms);
      else errors.set(answer.status, (errors.get(answer.status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: clients }, loop));
  const elapsedS = (performance.now() - started) / 1000;
  samples.sort((a, b) => a - b);
  return {
    clients,
    elapsedS,
    ok: samples.length,
    perSecond: samples.length / elapsedS,
    p50: percentile(samples, 0.5),
    p95: percentile(samples, 0.95),
    p99: percentile(samples, 0.99),
    errors: [...errors.values()].reduce((sum, n) => sum + n, 0),
    errorsByStatus: Object.fromEntries(errors),
  };
}
