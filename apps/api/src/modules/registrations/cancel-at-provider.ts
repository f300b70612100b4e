import type { Executor } from '@lotline/db';
import { depositHolds } from '@lotline/db/schema';
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors';
import type { PaymentProvider } from '../payments/provider';
import { changeHold, recordHoldFacts } from './change-hold';
import type { StrayHold } from './hold-attempt';

/**
 * Cancels a hold at the provider, idempotently: a hold the provider says is no
 * longer cancellable (already cancelled by an earlier run, or lapsed) counts
 * as done, so a repeated job or a retry after a crash converges.
 */
export async function cancelAtProvider(provider: PaymentProvider, providerHoldId: string): Promise<void> {
  try {
    await provider.cancelHold(providerHoldId);
  } catch (err) {
    if (err instanceof AppError && err.code === 'CONFLICT') return;
    throw err;
  }
}

/**
 * After commit: cancels holds nothing stands on any more (replaced by a
 * renewal, or placed for a registration that changed meanwhile). A cancelled
 * one no longer stands from now (`expires_at` = now(); one placed for nothing
 * is then `released`); one that could not be
 * cancelled is logged and left with its expiry ahead, for
 * `cancelOpenReplacedHolds` to retry: the request or job that replaced it
 * succeeded, and answers so.
 */
export async function cancelStrayHolds(
  deps: { db: Executor; provider: PaymentProvider; log: FastifyBaseLogger },
  holds: StrayHold[],
): Promise<void> {
  for (const hold of holds) {
    try {
      await cancelAtProvider(deps.provider, hold.providerHoldId);
      const lapsed = { expiresAt: sql`least(${depositHolds.expiresAt}, now())` };
      if (hold.release) await changeHold(deps.db, hold.id, 'release', lapsed);
      else await recordHoldFacts(deps.db, hold.id, lapsed);
    } catch (err) {
      deps.log.error(
        { err, holdId: hold.id },
        'a replaced deposit hold could not be cancelled; the renewal job retries',
      );
    }
  }
}

/** The renewal job's retry: `replaced` holds still standing on a card (their cancel failed). */
export async function cancelOpenReplacedHolds(
  deps: { db: Executor; provider: PaymentProvider; log: FastifyBaseLogger },
  limit = 100,
): Promise<void> {
  const open = await deps.db
    .select({ id: depositHolds.id, providerHoldId: depositHolds.providerHoldId })
    .from(depositHolds)
    .where(
      and(
        eq(depositHolds.status, 'replaced'),
        isNotNull(depositHolds.providerHoldId),
        gt(depositHolds.expiresAt, sql`now()`),
      ),
    )
    .limit(limit);
  await cancelStrayHolds(
    deps,
    open.map((h) => ({ id: h.id, providerHoldId: h.providerHoldId as string })),
  );
}
