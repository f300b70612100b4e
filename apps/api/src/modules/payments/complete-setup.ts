import { randomUUID } from 'node:crypto';
import type { PaymentMethod } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { paymentMethods, paymentSetups, users } from '@lotline/db/schema';
import { and, count, eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { MAX_PAYMENT_METHODS, paymentMethodColumns } from './payment-methods.repo';
import type { AfterCardsChange, PaymentProvider } from './provider';

/**
 * After the provider's page (or Stripe Elements): ask the provider how the
 * setup ended and, when a card was saved, keep its id, brand, last4 and
 * expiry. The first card is the default. Completing again answers the same
 * card (`created` false). `afterCardsChange` (the account's verification) runs in the same transaction.
 */
export async function completeSetup(
  db: Database,
  provider: PaymentProvider,
  userId: string,
  setupId: string,
  afterCardsChange: AfterCardsChange,
): Promise<{ method: PaymentMethod; created: boolean }> {
  const [setup] = await db
    .select()
    .from(paymentSetups)
    .where(and(eq(paymentSetups.id, setupId), eq(paymentSetups.userId, userId)));
  if (!setup) throw AppError.notFound('No such card setup.');
  const done = await completedMethod(db, setup.paymentMethodId);
  if (done) return { method: done, created: false };
  if (setup.provider !== provider.name) {
    throw new AppError('CONFLICT', 'This card setup belongs to another payment provider; add the card again.');
  }

  const result = await provider.retrieveSetup(setup.providerSetupId);
  if (result.reference !== userId) throw AppError.notFound('No such card setup.');
  if (result.status !== 'succeeded') {
    throw new AppError('SETUP_NOT_COMPLETED', `The card was not saved. ${result.message}`, { status: 409 });
  }
  const card = result.card;

  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [again] = await tx.select().from(paymentSetups).where(eq(paymentSetups.id, setupId)).for('update');
    const raced = await completedMethod(tx, again?.paymentMethodId ?? null);
    if (raced) return { method: raced, created: false };
    const [existing] = await tx
      .select({ ...paymentMethodColumns, userId: paymentMethods.userId })
      .from(paymentMethods)
      .where(and(eq(paymentMethods.provider, provider.name), eq(paymentMethods.providerPaymentMethodId, card.id)));
    if (existing && existing.userId !== userId) throw AppError.notFound('No such card setup.');
    let method: PaymentMethod;
    let created = false;
    if (existing) {
      const { userId: _owner, ...rest } = existing;
      method = rest;
    } else {
      const [row] = await tx.select({ n: count() }).from(paymentMethods).where(eq(paymentMethods.userId, userId));
      const n = row?.n ?? 0;
      if (n >= MAX_PAYMENT_METHODS) {
        throw new AppError('CONFLICT', `You can keep at most ${MAX_PAYMENT_METHODS} cards. Remove one first.`);
      }
      const [inserted] = await tx
        .insert(paymentMethods)
        .values({
          id: `pmt_${randomUUID()}`,
          userId,
          provider: provider.name,
          providerPaymentMethodId: card.id,
          brand: card.brand,
          last4: card.last4,
          expMonth: card.expMonth,
          expYear: card.expYear,
          isDefault: n === 0,
        })
        .returning(paymentMethodColumns);
      if (!inserted) throw new Error('payment method insert returned nothing');
      method = inserted;
      created = true;
    }
    await tx
      .update(paymentSetups)
      .set({ status: 'completed', paymentMethodId: method.id, completedAt: new Date() })
      .where(eq(paymentSetups.id, setupId));
    await afterCardsChange(tx, userId);
    return { method, created };
  });
}

async function completedMethod(
  db: Pick<Database, 'select'>,
  paymentMethodId: string | null,
): Promise<PaymentMethod | undefined> {
  if (!paymentMethodId) return undefined;
  const [row] = await db
    .select(paymentMethodColumns)
    .from(paymentMethods)
    .where(eq(paymentMethods.id, paymentMethodId));
  return row;
}
