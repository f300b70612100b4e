import { createHash } from 'node:crypto';
import type { Database, Transaction } from '@lotline/db';
import { idempotencyKeys } from '@lotline/db/schema';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../errors';

/**
 * Idempotency keys of money-moving requests (contract §5). Minimal version
 * written by the deposits slice to the signature of interfaces.md; the
 * engine slice owns this file and its version is kept at merge.
 *
 * The key is claimed first in the transaction (a concurrent duplicate waits
 * on the primary key), the answer is stored at its end. A domain refusal
 * (4xx AppError) is stored too, with the work's changes rolled back.
 */
export interface IdempotentRequest {
  userId: string;
  key: string | undefined;
  scope: string;
  body: unknown;
}

export interface StoredAnswer {
  status: number;
  body: unknown;
}

export async function withIdempotency(
  db: Database,
  request: IdempotentRequest,
  work: (tx: Transaction) => Promise<StoredAnswer>,
): Promise<StoredAnswer> {
  const { userId, key, scope } = request;
  if (key === undefined) return db.transaction(work);
  const requestHash = hashOf(scope, request.body);
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ userId, key, scope, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [row] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      if (!row || row.requestHash !== requestHash || row.responseStatus === null) {
        throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for another request.', {
          status: 409,
        });
      }
      return { status: row.responseStatus, body: row.responseBody };
    }
    let answer: StoredAnswer;
    try {
      answer = await tx.transaction(work);
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      answer = { status: err.status, body: { status: 'error', errors: err.items() } };
    }
    await tx
      .update(idempotencyKeys)
      .set({ responseStatus: answer.status, responseBody: answer.body })
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    return answer;
  });
}

/** sha256 of the scope and the body with its object keys sorted, so key order does not matter. */
function hashOf(scope: string, body: unknown): string {
  return createHash('sha256').update(scope).update('\n').update(canonical(body)).digest('hex');
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
