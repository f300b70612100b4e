import type { ApiErrorItem, ErrorCode, ErrorEnvelope } from '@lotline/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable, OUTAGE_RETRY_AFTER_SECONDS } from './database-outage';
import { isAppError } from './errors';

/**
 * The one map from anything thrown to the contract's error envelope (contract §1,
 * convention 7). Nothing else in the API decides an error's status or body.
 * Bodies carry our own messages only: a stack, SQL text or file path never
 * leaves the process; unknown errors are logged with the request id instead.
 */

const MAX_MESSAGE = 300;
const MAX_ITEMS = 50;

interface ErrorAnswer {
  status: number;
  items: ApiErrorItem[];
  headers?: Record<string, string>;
}

interface ValidationItem {
  instancePath?: string;
  message?: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

const clip = (s: string) => (s.length > MAX_MESSAGE ? `${s.slice(0, MAX_MESSAGE)}…` : s);

/** '/esQuery/params/0/field' → 'esQuery.params.0.field' (JSON Pointer escapes undone). */
function dotted(instancePath: string | undefined): string {
  return (instancePath ?? '')
    .split('/')
    .filter((s) => s !== '')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

function validationItems(err: { validation: ValidationItem[]; validationContext?: string }): ApiErrorItem[] {
  const items: ApiErrorItem[] = [];
  const what = err.validationContext === 'querystring' ? 'parameter' : 'field';
  for (const v of err.validation) {
    const base = dotted(v.instancePath);
    // Zod reports all unknown keys of an object in one issue; AJV one at a time.
    const unknownKeys =
      v.keyword === 'unrecognized_keys' && Array.isArray(v.params?.keys)
        ? (v.params.keys as unknown[]).map(String)
        : v.keyword === 'additionalProperties' && typeof v.params?.additionalProperty === 'string'
          ? [v.params.additionalProperty]
          : undefined;
    if (unknownKeys) {
      for (const key of unknownKeys) {
        const field = base ? `${base}.${key}` : key;
        items.push({ code: 'VALIDATION_FAILED', message: clip(`Unknown ${what} "${key}"`), field: clip(field) });
      }
      continue;
    }
    // The whole body missing (none sent, or an empty one with a JSON Content-Type): say that, not "received null".
    const noBody = err.validationContext === 'body' && !base && v.keyword === 'invalid_type';
    const message = noBody ? 'The request needs a JSON body' : (v.message ?? 'Invalid value');
    const item: ApiErrorItem = { code: 'VALIDATION_FAILED', message: clip(message) };
    if (base) item.field = clip(base);
    items.push(item);
  }
  return items.length > 0 ? items.slice(0, MAX_ITEMS) : [{ code: 'VALIDATION_FAILED', message: 'Invalid request' }];
}

const MESSAGES: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'The request is not valid',
  UNAUTHENTICATED: 'Sign in to continue',
  FORBIDDEN: 'You are not allowed to do this',
  NOT_FOUND: 'Not found',
  CONFLICT: 'The request conflicts with the current state',
  PAYLOAD_TOO_LARGE: 'The request body is too large',
  RATE_LIMITED: 'Too many requests; try again later',
  INTERNAL: 'Something went wrong on our side',
  SERVICE_UNAVAILABLE: 'The service is temporarily unavailable',
};

/** Framework errors that say "the body could not be read": all a client mistake. */
const BODY_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but its Content-Type is JSON',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported Content-Type; send application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Content-Length does not match the body',
  FST_ERR_BAD_URL: 'The URL is malformed',
};

function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 429:
      return 'RATE_LIMITED';
    case 503:
      return 'SERVICE_UNAVAILABLE';
    default:
      return status >= 500 ? 'INTERNAL' : 'VALIDATION_FAILED';
  }
}

export function toErrorAnswer(err: unknown): ErrorAnswer {
  if (isAppError(err)) return { status: err.status, items: err.items(), headers: err.headers };
  const e = (err ?? {}) as Partial<FastifyError> & { validation?: ValidationItem[]; validationContext?: string };
  if (Array.isArray(e.validation)) {
    return { status: 400, items: validationItems(e as { validation: ValidationItem[]; validationContext?: string }) };
  }
  const known = e.code ? BODY_ERRORS[e.code] : undefined;
  if (known) return { status: 400, items: [{ code: 'VALIDATION_FAILED', message: known }] };
  // Errors that carry a 4xx status (the framework's, or a JSON parser's SyntaxError
  // with statusCode 400) are the client's; their own messages may quote internals,
  // so the answer uses ours.
  const status = typeof e.statusCode === 'number' ? e.statusCode : 500;
  if (status >= 400 && status < 500) {
    const code = codeForStatus(status);
    return { status: code === 'VALIDATION_FAILED' ? 400 : status, items: [{ code, message: MESSAGES[code] }] };
  }
  if (status === 503)
    return { status, items: [{ code: 'SERVICE_UNAVAILABLE', message: MESSAGES.SERVICE_UNAVAILABLE }] };
  if (isDatabaseUnavailable(err)) {
    return {
      status: 503,
      items: [{ code: 'SERVICE_UNAVAILABLE', message: MESSAGES.SERVICE_UNAVAILABLE }],
      headers: { 'retry-after': String(OUTAGE_RETRY_AFTER_SECONDS) },
    };
  }
  return { status: 500, items: [{ code: 'INTERNAL', message: MESSAGES.INTERNAL }] };
}

/** Sent pre-serialised so a route's response schema can never turn an error into another error. */
export function sendError(reply: FastifyReply, answer: ErrorAnswer): FastifyReply {
  const body: ErrorEnvelope = { status: 'error', errors: answer.items };
  for (const [name, value] of Object.entries(answer.headers ?? {})) reply.header(name, value);
  return reply.status(answer.status).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

/**
 * A query parameter sent twice (`?pageSize=2&pageSize=3`) arrives as a list,
 * which a one-value parameter reads as "received array" or, coerced to a
 * number, "received NaN": say what happened instead.
 */
function repeatedParameterItems(err: unknown, request: FastifyRequest, items: ApiErrorItem[]): ApiErrorItem[] {
  if ((err as { validationContext?: string } | null)?.validationContext !== 'querystring') return items;
  const query = (request.query ?? {}) as Record<string, unknown>;
  return items.map((item) =>
    item.field && Array.isArray(query[item.field]) && /received (array|NaN)/.test(item.message)
      ? { ...item, message: clip(`The parameter "${item.field}" is given more than once; send it once`) }
      : item,
  );
}

function handle(err: unknown, request: FastifyRequest, reply: FastifyReply) {
  const answer = toErrorAnswer(err);
  answer.items = repeatedParameterItems(err, request, answer.items);
  if (answer.status >= 500) {
    if (answer.status === 503) {
      // A drain or a database outage: expected, and asked again every 2 s by each balancer; one line, no stack.
      const cause = err instanceof Error ? err.message : undefined;
      request.log.warn({ code: 'SERVICE_UNAVAILABLE', cause }, 'request refused: unavailable');
    } else {
      request.log.error({ err }, 'request failed');
    }
    // The reference lets support find the log line; it reveals nothing else.
    answer.items = answer.items.map((i) => ({ ...i, message: `${i.message} (reference ${request.id})` }));
  } else {
    request.log.info({ code: answer.items[0]?.code, status: answer.status }, 'request rejected');
  }
  return sendError(reply, answer);
}

/** For Fastify's `frameworkErrors` option: errors raised before routing (bad URL encoding). */
export function frameworkErrorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  handle(err, request, reply);
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err, request, reply) => handle(err, request, reply));
  app.setNotFoundHandler((request, reply) =>
    sendError(reply, {
      status: 404,
      items: [{ code: 'NOT_FOUND', message: clip(`No route for ${request.method} ${request.url.split('?')[0]}`) }],
    }),
  );
}
