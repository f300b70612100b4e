import { textProblem } from '@lotline/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * The input rule (decision 0028): text the API reads is well-formed Unicode
 * without control characters, checked once where it enters and before any
 * route runs, so a NUL byte or a lone surrogate is a 400 VALIDATION_FAILED
 * and never a database error (PostgreSQL refuses both in `text`) or a 500.
 *
 * Refused everywhere (path segments, query keys and values, headers, JSON
 * keys and strings, form fields): U+0000–U+001F except tab, line feed and
 * carriage return, U+007F (DEL), lone surrogates (from `\ud800` in JSON or
 * `%ED%A0%80` in a URL), invalid UTF-8 (in a body or a percent-encoded URL),
 * and percent signs that do not start a valid escape (`%E0%A4%A`).
 */

function refuse(what: string, problem: string, field?: string): never {
  throw AppError.validation(`${what} ${problem}`, field);
}

/** Percent-decoding that refuses instead of guessing: `%` must start a valid UTF-8 escape. */
function decodeStrict(raw: string, what: string, field?: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return refuse(what, 'has invalid percent-encoding (%XX must spell valid UTF-8)', field);
  }
}

const clipName = (name: string) => (name.length > 60 ? `${name.slice(0, 60)}…` : name);

/** Checks the request target: every decoded path segment, query key and query value. */
export function checkUrl(url: string): void {
  const q = url.indexOf('?');
  const pathname = q === -1 ? url : url.slice(0, q);
  const query = q === -1 ? '' : url.slice(q + 1);
  // The raw URL itself (Node keeps bytes it does not understand as Latin-1 characters).
  const rawProblem = textProblem(url);
  if (rawProblem) refuse('The URL', rawProblem);
  for (const segment of pathname.split('/')) {
    const decoded = decodeStrict(segment, 'The URL path');
    const problem = textProblem(decoded);
    if (problem) refuse('The URL path', problem);
  }
  if (query === '') return;
  for (const pair of query.split('&')) {
    const eq = pair.indexOf('=');
    const rawKey = (eq === -1 ? pair : pair.slice(0, eq)).replace(/\+/g, ' ');
    const rawValue = eq === -1 ? '' : pair.slice(eq + 1).replace(/\+/g, ' ');
    const key = decodeStrict(rawKey, 'A query parameter name');
    const field = textProblem(key) ? undefined : clipName(key);
    if (field === undefined) refuse('A query parameter name', textProblem(key) ?? '');
    const value = decodeStrict(rawValue, `The query parameter "${field}"`, field);
    const problem = textProblem(value);
    if (problem) refuse(`The query parameter "${field}"`, problem, field);
  }
}

/** Checks every header value (the API reads cookies, Origin, User-Agent, forwarding and id headers). */
export function checkHeaders(headers: FastifyRequest['headers']): void {
  for (const [name, value] of Object.entries(headers)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (typeof v !== 'string') continue;
      const problem = textProblem(v);
      if (problem) refuse(`The header "${clipName(name)}"`, problem);
    }
  }
}

const MAX_DEPTH = 64;

/** Walks a parsed body: every key and every string, at any depth. */
export function checkBody(body: unknown, path: string[] = []): void {
  if (typeof body === 'string') {
    const problem = textProblem(body);
    if (problem) refuse(path.length > 0 ? `The field "${path.join('.')}"` : 'The body', problem, fieldOf(path));
    return;
  }
  if (body === null || typeof body !== 'object' || Buffer.isBuffer(body)) return;
  if (path.length > MAX_DEPTH) refuse('The body', `is nested deeper than ${MAX_DEPTH} levels`);
  if (Array.isArray(body)) {
    body.forEach((item, i) => {
      checkBody(item, [...path, String(i)]);
    });
    return;
  }
  for (const [key, value] of Object.entries(body)) {
    const problem = textProblem(key);
    if (problem) refuse(path.length > 0 ? `A key in "${path.join('.')}"` : 'A field name', problem, fieldOf(path));
    checkBody(value, [...path, clipName(key)]);
  }
}

const fieldOf = (path: string[]) => (path.length > 0 ? path.join('.') : undefined);

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Registers the rule: URL and headers on `onRequest` (before the same-origin
 * check and routing side effects), the parsed body on `preValidation` (before
 * schemas and handlers), and a JSON parser that refuses invalid UTF-8 instead
 * of turning it into U+FFFD. Register it before the routes.
 *
 * The parser takes an empty body as no body: many HTTP clients send
 * `Content-Type: application/json` on every request, bodiless ones too (POST
 * bidder-terms, a DELETE), so a route that takes no body answers as usual and
 * one that needs a body says so through its schema.
 */
export function registerInputGuard(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    if ((body as Buffer).length === 0) {
      done(null, undefined);
      return;
    }
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      done(AppError.validation('The request body is not valid UTF-8'), undefined);
      return;
    }
    parseJson(request, text, done);
  });
  app.addHook('onRequest', async (request) => {
    checkUrl(request.url);
    checkHeaders(request.headers);
  });
  app.addHook('preValidation', async (request) => {
    checkBody(request.body);
  });
}
