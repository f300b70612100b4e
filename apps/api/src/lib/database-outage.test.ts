import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-outage';
import { toErrorAnswer } from './error-handler';

/** What node-postgres and Drizzle throw while PostgreSQL restarts, against faults that stay a 500 or a 4xx. */
const socket = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });
const server = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'FATAL' });
const drizzle = (cause: unknown) => Object.assign(new Error('Failed query: select 1\nparams: '), { cause });

describe('a database outage answers 503 with Retry-After (issue 28)', () => {
  it.each([
    ['the server down', socket('ECONNREFUSED')],
    ['the server gone under a query', new Error('Connection terminated unexpectedly')],
    ['a pool that cannot connect in time', new Error('timeout exceeded when trying to connect')],
    ['the server shutting down', server('57P01', 'terminating connection due to administrator command')],
    ['the server starting up', server('57P03', 'the database system is starting up')],
    ['a connection exception', server('08006', 'connection failure')],
    ['any of these inside Drizzle', drizzle(socket('ECONNRESET'))],
  ])('%s', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
    const answer = toErrorAnswer(err);
    expect(answer.status).toBe(503);
    expect(answer.items[0]?.code).toBe('SERVICE_UNAVAILABLE');
    expect(answer.headers?.['retry-after']).toBe('5');
  });

  it.each([
    ['a unique violation', drizzle(server('23505', 'duplicate key value violates unique constraint'))],
    ['a statement timeout', server('57014', 'canceling statement due to statement timeout')],
    ['a syntax error', server('42601', 'syntax error at or near "selec"')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
  ])('not %s', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
    expect(toErrorAnswer(err).status).toBe(500);
  });

  it('stops on a cycle of causes', () => {
    const a: { cause?: unknown } = new Error('a');
    const b = Object.assign(new Error('b'), { cause: a });
    a.cause = b;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});
