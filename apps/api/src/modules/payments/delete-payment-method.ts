import type { Database } from '@lotline/db';
import { paymentMethods } from '@lotline/db/schema';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors';
import type { AfterCardsChange, PaymentProvider } from './provider';

/**
 * Removes a saved card. When it was the default, the oldest remaining card
 * becomes the default. Without cards the user is no longer verified (the flag
 * is recomputed in the same transaction, by `afterCardsChange`). The provider is then told to forget
 * the card; a failure there is logged, not shown: the card is gone for us.
 */
export async function deletePaymentMethod(
  db: Database,
  provider: PaymentProvider,
  log: FastifyBaseLogger,
  userId: string,
  paymentMethodId: string,
  afterCardsChange: AfterCardsChange,
): Promise<void> {
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(paymentMethods)
      .where(and(eq(paymentMethods.id, paymentMethodId), eq(paymentMethods.userId, userId)))
      .returning();
    if (!row) throw AppError.notFound('No such card.');
    if (row.isDefault) {
      const [next] = await tx
        .select({ id: paymentMethods.id })
        .from(paymentMethods)
        .where(eq(paymentMethods.userId, userId))
        .orderBy(asc(paymentMethods.createdAt), asc(paymentMethods.id))
        .limit(1);
      if (next) await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, next.id));
    }
    await afterCardsChange(tx, userId);
    return row;
  });
  if (removed.provider !== provider.name) return;
  try {
    await provider.detachPaymentMethod(removed.providerPaymentMethodId);
  } catch (err) {
    log.warn({ err, paymentMethodId }, 'the payment provider could not detach a removed card');
  }
}
