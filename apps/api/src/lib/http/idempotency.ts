import { createHash } from 'node:crypto';
import type { Database, Transaction } from '@lotline/db';
import { idempotencyKeys } from '@lotline/db/schema';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
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
  work: (tx: Transaction) => Promise<IdempotentAnswer>,
): Promise<IdempotentAnswer> {
  const { key, userId } = request;
  if (key === undefined) return (await answerRefusals(() => db.transaction((tx) => work(tx)))).answer;
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
      const result = await work(tx);
      await tx
        .update(idempotencyKeys)
        .set({ responseStatus: result.status, responseBody: result.body })
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
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

/** The same key with another request. */
export const keyReused = () =>
  new AppError(REUSED, 'This Idempotency-Key was already used with another request; send a new key.', {
    status: 409,
  });

/**
 * A refusal's answer: a 4xx AppError (but a reused key) as the envelope the
 * error handler would send; undefined for anything else, which is thrown.
 */
export function refusalAnswer(error: unknown): IdempotentAnswer | undefined {
  if (!isAppError(error) || error.status < 400 || error.status >= 500 || error.code === REUSED) return undefined;
  return { status: error.status, body: { status: 'error', errors: error.items() } };
}

/** A 4xx AppError thrown by the work becomes its answer, the envelope the error handler would send. */
async function answerRefusals(
  run: () => Promise<IdempotentAnswer>,
): Promise<{ answer: IdempotentAnswer; refused: boolean }> {
  try {
    return { answer: await run(), refused: false };
  } catch (error) {
    const answer = refusalAnswer(error);
    if (!answer) throw error;
    return { answer, refused: true };
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
  return answerOf(stored, hash);
}

type StoredKey = { requestHash: string; status: number | null; body: unknown } | undefined;

function answerOf(stored: StoredKey, hash: string): IdempotentAnswer {
  if (!stored || stored.requestHash !== hash) throw keyReused();
  // The first request's transaction stores its answer before it commits, so a committed key always has one.
  if (stored.status === null)
    throw new AppError('CONFLICT', 'The first request with this Idempotency-Key is still running.');
  return { status: stored.status, body: stored.body };
}

/** One keyed request of a batch (see `claimKeys`). */
export interface KeyedRequest {
  userId: string;
  key: string;
  /** `requestHash(scope, body)`. */
  hash: string;
  scope: string;
}

/**
 * What `claimKeys` found for a key: claimed now, or stored before, in which
 * case `answer(hash)` is the stored first answer for a request with that
 * hash (or throws IDEMPOTENCY_KEY_REUSED), for each copy of the key.
 */
export type KeyClaim = { claimed: true } | { claimed: false; answer(hash: string): IdempotentAnswer };

/**
 * The batch form of the claim in `withIdempotency`, for work that decides
 * many keyed requests in one transaction (the bid batches of decision 0042):
 * ONE insert claims every key (distinct `userId`+`key` pairs, the caller's
 * business), in a fixed order so two batches never wait for each other's
 * keys in a cycle; a key held by a running transaction elsewhere waits for
 * it, and a key already stored answers its first answer, or
 * IDEMPOTENCY_KEY_REUSED for another request. The work must then store an
 * answer under every claimed key before it commits (`rememberAnswersSql`).
 */
export async function claimKeys(tx: Transaction, requests: readonly KeyedRequest[]): Promise<KeyClaim[]> {
  if (requests.length === 0) return [];
  const id = (r: { userId: string; key: string }) => JSON.stringify([r.userId, r.key]);
  const ordered = [...requests].sort((a, b) => (id(a) < id(b) ? -1 : id(a) > id(b) ? 1 : 0));
  const claimed = await tx
    .insert(idempotencyKeys)
    .values(ordered.map((r) => ({ userId: r.userId, key: r.key, scope: r.scope, requestHash: r.hash })))
    .onConflictDoNothing()
    .returning({ userId: idempotencyKeys.userId, key: idempotencyKeys.key });
  const mine = new Set(claimed.map(id));
  const others = requests.filter((r) => !mine.has(id(r)));
  const stored = new Map<string, StoredKey>();
  if (others.length > 0) {
    const rows = await tx
      .select({
        userId: idempotencyKeys.userId,
        key: idempotencyKeys.key,
        requestHash: idempotencyKeys.requestHash,
        status: idempotencyKeys.responseStatus,
        body: idempotencyKeys.responseBody,
      })
      .from(idempotencyKeys)
      .where(or(...others.map((r) => and(eq(idempotencyKeys.userId, r.userId), eq(idempotencyKeys.key, r.key)))));
    for (const row of rows) stored.set(id(row), row);
  }
  return requests.map((r): KeyClaim => {
    if (mine.has(id(r))) return { claimed: true };
    const row = stored.get(id(r));
    return { claimed: false, answer: (hash) => answerOf(row, hash) };
  });
}

/** One UPDATE storing each claimed key's answer, to run as the work's last statement (or a CTE of it). */
export function rememberAnswersSql(entries: readonly { userId: string; key: string; answer: IdempotentAnswer }[]): SQL {
  const values = entries.map(
    (e) => sql`(${e.userId}, ${e.key}, ${e.answer.status}::int, ${JSON.stringify(e.answer.body)}::jsonb)`,
  );
  return sql`update ${idempotencyKeys} as k set response_status = v.status, response_body = v.body
    from (values ${sql.join(values, sql`, `)}) as v (user_id, key, status, body)
    where k.user_id = v.user_id and k.key = v.key`;
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

/**
 * Whether the user's key already holds an answer: a check made before the work (a gate such as the Terms of Use
 * agreement) must let such a retry through, so that it answers its first answer as every retry does.
 */
export async function isKeyAnswered(db: Database, userId: string, key: string | undefined): Promise<boolean> {
  if (key === undefined) return false;
  const [row] = await db
    .select({ status: idempotencyKeys.responseStatus })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row?.status != null;
}
