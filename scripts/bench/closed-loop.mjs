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
 * One request, its answer read to the end: its time to last byte in ms, its status (or the network error's name,
 * `TimeoutError` after `timeoutMs`), its headers and, with `keepBody` (`true`, or `'json'` for JSON answers only), its
 * body's text (decompressed). The timer
 * ends the exchange whatever the server does (the socket is destroyed), so a loop never waits past it.
 * @param {string} url
 * @param {{ method?: string, headers?: Record<string, string>, body?: string, keepBody?: boolean | 'json', timeoutMs?: number }} [options]
 * @returns {Promise<{ ms: number, status: number | string, headers: import('node:http').IncomingHttpHeaders, body: string }>}
 */
export function exchange(
  url,
  { method = 'GET', headers = {}, body, keepBody = false, timeoutMs = REQUEST_TIMEOUT_MS } = {},
) {
  const started = performance.now();
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const settle = (status, answerHeaders = {}, text = '') => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ms: performance.now() - started, status, headers: answerHeaders, body: text });
    };
    const request = client.request(
      target,
      { method, agent: agents[target.protocol], headers: { 'accept-encoding': 'gzip, br', ...headers } },
      (response) => {
        const keep = keepBody === 'json' ? String(response.headers['content-type'] ?? '').includes('json') : keepBody;
        const parts = [];
        response.on('data', (part) => {
          if (keep) parts.push(part);
        });
        response.on('error', (error) => settle(error.name ?? 'error'));
        response.on('end', () => {
          const text = keep ? decoded(Buffer.concat(parts), response.headers) : '';
          settle(response.statusCode ?? 0, response.headers, text);
        });
      },
    );
    request.on('error', (error) => settle(error.code ?? error.name ?? 'error'));
    const timer = setTimeout(() => {
      settle('TimeoutError');
      request.destroy();
    }, timeoutMs);
    request.end(body);
  });
}

/**
 * One GET, body read to the end: its time to last byte in ms, whether it answered 200, its status (or the
 * network error's name) and, with `keepBody`, the body's text (decompressed).
 */
export async function timedGet(url, { keepBody = false } = {}) {
  const answer = await exchange(url, { keepBody });
  return { ms: answer.ms, ok: answer.status === 200, status: answer.status, body: answer.body };
}

/** @param {Buffer} bytes @param {import('node:http').IncomingHttpHeaders} headers */
function decoded(bytes, headers) {
  const encoding = String(headers['content-encoding'] ?? '');
  if (encoding === 'gzip') return gunzipSync(bytes).toString('utf8');
  if (encoding === 'br') return brotliDecompressSync(bytes).toString('utf8');
  return bytes.toString('utf8');
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
