import { randomUUID } from 'node:crypto';
import type { PaymentSetup } from '@lotline/contracts';
import { PAYMENT_SETUP_RETURN_PATH, paymentSetupReturnPath } from '@lotline/contracts/page-paths';
import type { Database } from '@lotline/db';
import { paymentCustomers, paymentSetups } from '@lotline/db/schema';
import { and, eq } from 'drizzle-orm';
import type { PaymentProvider } from './provider';

/** Where the provider sends the browser back: our page that completes the setup. */
export const RETURN_PATH = PAYMENT_SETUP_RETURN_PATH;

/**
 * Starts adding a card: the provider opens a setup (sandbox session or Stripe
 * SetupIntent) and we remember whose it is, so only this user can complete it.
 */
export async function startSetup(
  db: Database,
  provider: PaymentProvider,
  publicOrigin: string,
  userId: string,
): Promise<PaymentSetup> {
  const id = `pms_${randomUUID()}`;
  const [customer] = await db
    .select({ customerId: paymentCustomers.customerId })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider.name)));
  const created = await provider.createSetup({
    reference: userId,
    customerId: customer?.customerId,
    returnUrl: `${publicOrigin}${paymentSetupReturnPath(id)}`,
  });
  await db.transaction(async (tx) => {
    if (created.customerId && created.customerId !== customer?.customerId) {
      await tx
        .insert(paymentCustomers)
        .values({ userId, provider: provider.name, customerId: created.customerId })
        .onConflictDoNothing();
    }
    await tx
      .insert(paymentSetups)
      .values({ id, userId, provider: provider.name, providerSetupId: created.providerSetupId });
  });
  return { id, provider: provider.name, next: created.next };
}
