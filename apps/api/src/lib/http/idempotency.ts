import { createHash } from 'node:crypto';
import type { Database, Transaction } from '@lotline/db';
import { idempotencyKeys } from '@lotline/db/schema';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError, isAppError } from '../errors';

/**
 * Idempotency-Key (contract §5, convention 11; decision 0035): the same key
 * from the same user with the same request returns the first answer and
 * changes nothing; the same key with another request is 409
 * IDEMPOTENCY_KEY_REUSED. Generic: bids, registrations and later purchases
 * call it with their own `scope`.
 */

/** The header every money-moving POST accepts (1–255 characters), for a route's `headers` schema; loose, so the other headers (the session cookie) stay. */
export const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .min(1, 'Idempotency-Key must be 1 to 255 characters.')
    .max(255, 'Idempotency-Key must be 1 to 255 characters.')
    .optional()
    .describe('A key of 1–255 characters; a retry with the same key and body returns the first answer.'),
});

export interface IdempotentRequest {
  userId: string;
  /** The header's value; undefined runs the work once, in a transaction, with nothing remembered. */
  key: string | undefined;
  /** The operation with its path filled in, e.g. `POST /marketplace/api/event/event-lots/lot_1/bids`. */
  scope: string;
  body: unknown;
}

/** An HTTP answer: its status and the whole envelope as sent. */
export interface IdempotentAnswer {
  status: number;
  body: unknown;
}

/** What the work may use of the key (optional: deposits and others just return their answer). */
export interface IdempotencyContext {
  /**
   * The UPDATE that stores `answer` under the key, for work that puts it in its own last statement as a
   * data-modifying CTE (one round trip less while it holds locks); undefined without a key. The work
   * must then return that same answer.
   */
  rememberSql(answer: IdempotentAnswer): SQL | undefined;
}

const NO_KEY: IdempotencyContext = { rememberSql: () => undefined };

/**
 * Runs `work` in one transaction under the key. The key row is inserted first
 * (ON CONFLICT DO NOTHING), so a concurrent duplicate blocks on it until the
 * first commits and then reads its answer. A refusal (an AppError with a 4xx
 * status) rolls the work back entirely and is answered, and remembered, as
 * its error envelope: a retry gets the same refusal.
 */
export async function withIdempotency(
  db: Database,
  request: IdempotentRequest,
  work: (tx: Transaction, context: IdempotencyContext) => Promise<IdempotentAnswer>,
): Promise<IdempotentAnswer> {
  const { key, userId } = request;
  if (key === undefined) return (await answerRefusals(() => db.transaction((tx) => work(tx, NO_KEY)))).answer;
  const hash = requestHash(request.scope, request.body);
  const row = { userId, key, scope: request.scope, requestHash: hash };
  const first = await answerRefusals(() =>
    db.transaction(async (tx) => {
      const claimed = await tx
        .insert(idempotencyKeys)
        .values(row)
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed.length === 0) return storedAnswer(tx, userId, key, hash);
      let remembered = false;
      const context: IdempotencyContext = {
        rememberSql(answer) {
          remembered = true;
          return sql`update ${idempotencyKeys} set response_status = ${answer.status},
            response_body = ${JSON.stringify(answer.body)}::jsonb where user_id = ${userId} and key = ${key}`;
        },
      };
      const result = await work(tx, context);
      if (!remembered) {
        await tx
          .update(idempotencyKeys)
          .set({ responseStatus: result.status, responseBody: result.body })
          .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      }
      return result;
    }),
  );
  if (!first.refused) return first.answer;
  // The refusal rolled the work back, key included: remember it on its own. A duplicate that claimed
  // the key meanwhile wins, and both answer what is stored.
  const refusal = first.answer;
  return db.transaction(async (tx) => {
    const stored = await tx
      .insert(idempotencyKeys)
      .values({ ...row, responseStatus: refusal.status, responseBody: refusal.body })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    return stored.length > 0 ? refusal : storedAnswer(tx, userId, key, hash);
  });
}

const REUSED = 'IDEMPOTENCY_KEY_REUSED';

/** A 4xx AppError thrown by the work becomes its answer, the envelope the error handler would send. */
async function answerRefusals(
  run: () => Promise<IdempotentAnswer>,
): Promise<{ answer: IdempotentAnswer; refused: boolean }> {
  try {
    return { answer: await run(), refused: false };
  } catch (error) {
    if (!isAppError(error) || error.status < 400 || error.status >= 500 || error.code === REUSED) throw error;
    return { answer: { status: error.status, body: { status: 'error', errors: error.items() } }, refused: true };
  }
}

async function storedAnswer(tx: Transaction, userId: string, key: string, hash: string): Promise<IdempotentAnswer> {
  const [stored] = await tx
    .select({
      requestHash: idempotencyKeys.requestHash,
      status: idempotencyKeys.responseStatus,
      body: idempotencyKeys.responseBody,
    })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  if (!stored || stored.requestHash !== hash) {
    throw new AppError(REUSED, 'This Idempotency-Key was already used with another request; send a new key.', {
      status: 409,
    });
  }
  // The first request's transaction stores its answer before it commits, so a committed key always has one.
  if (stored.status === null)
    throw new AppError('CONFLICT', 'The first request with this Idempotency-Key is still running.');
  return { status: stored.status, body: stored.body };
}

/** sha256 of the scope and the body as canonical JSON (object keys sorted), so key order does not matter. */
export function requestHash(scope: string, body: unknown): string {
  return createHash('sha256').update(scope).update('\n').update(canonicalJson(body)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
