import type { PaymentMethod } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { paymentMethods } from '@lotline/db/schema';
import { asc, eq } from 'drizzle-orm';

/** The columns the contract shows, and nothing else (convention 12): never the provider's own id. */
export const paymentMethodColumns = {
  id: paymentMethods.id,
  brand: paymentMethods.brand,
  last4: paymentMethods.last4,
  expMonth: paymentMethods.expMonth,
  expYear: paymentMethods.expYear,
  isDefault: paymentMethods.isDefault,
} satisfies Record<keyof PaymentMethod, unknown>;

/** The user's cards, oldest first (the first one added is listed first). */
export function selectPaymentMethods(db: Executor, userId: string): Promise<PaymentMethod[]> {
  return db
    .select(paymentMethodColumns)
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, userId))
    .orderBy(asc(paymentMethods.createdAt), asc(paymentMethods.id));
}

/** At most this many saved cards per user. */
export const MAX_PAYMENT_METHODS = 10;
