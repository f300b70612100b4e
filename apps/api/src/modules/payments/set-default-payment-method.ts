import type { PaymentMethod } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { paymentMethods, users } from '@lotline/db/schema';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { paymentMethodColumns } from './payment-methods.repo';

/** Makes one of the user's cards the default (the one deposits use); the others stop being it. */
export async function setDefaultPaymentMethod(
  db: Database,
  userId: string,
  paymentMethodId: string,
): Promise<PaymentMethod> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const mine = and(eq(paymentMethods.id, paymentMethodId), eq(paymentMethods.userId, userId));
    const [found] = await tx.select({ id: paymentMethods.id }).from(paymentMethods).where(mine);
    if (!found) throw AppError.notFound('No such card.');
    // Clear first: at most one default per user is a unique index.
    await tx
      .update(paymentMethods)
      .set({ isDefault: false })
      .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.isDefault, true)));
    const [row] = await tx.update(paymentMethods).set({ isDefault: true }).where(mine).returning(paymentMethodColumns);
    if (!row) throw new Error('payment method update returned nothing');
    return row;
  });
}
