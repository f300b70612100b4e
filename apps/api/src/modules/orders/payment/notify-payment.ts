import type { FeatureFlag } from '@lotline/contracts';
import { orderPagePath } from '@lotline/contracts/page-paths';
import type { Executor } from '@lotline/db';
import { companyMembers, orders, users } from '@lotline/db/schema';
import { and, arrayContains, eq } from 'drizzle-orm';
import type { Mailer } from '../../mail/mailer';
import { orderPaidMail, orderPaidSellerMail, paymentFailedMail } from '../../mail/templates/payments';
import { amountDueSql } from './amount-due';

/** What the payment e-mails need: the outbox and the site's address for their links. */
export interface PaymentMailDeps {
  mailer: Mailer;
  publicOrigin: string;
  /** The deployment's flag overrides (config.featureOverrides): the order e-mails' invoice follows them. */
  featureOverrides?: Partial<Record<FeatureFlag, boolean>>;
}

async function orderFacts(tx: Executor, orderId: string) {
  const [row] = await tx
    .select({
      number: orders.number,
      currency: orders.currency,
      companyId: orders.companyId,
      email: users.email,
      name: users.name,
      due: amountDueSql(),
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.buyerUserId))
    .where(eq(orders.id, orderId));
  return row;
}

/** "Order paid" to the buyer and to every user of the seller company, in the transaction that paid it. */
export async function sendOrderPaidMails(
  tx: Executor,
  deps: PaymentMailDeps,
  orderId: string,
  paid: { amount: number; how: 'card' | 'wire' },
): Promise<void> {
  const facts = await orderFacts(tx, orderId);
  if (!facts) return;
  const base = { number: facts.number, amount: paid.amount, currency: facts.currency };
  const buyerUrl = `${deps.publicOrigin}${orderPagePath('buyer', orderId)}`;
  await deps.mailer.send(orderPaidMail({ ...base, to: facts, url: buyerUrl }, paid.how), { tx });
  const sellerUrl = `${deps.publicOrigin}${orderPagePath('seller', orderId)}`;
  const sellers = await tx
    .select({ email: users.email, name: users.name })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, facts.companyId), arrayContains(users.roles, ['seller'])));
  for (const to of sellers) await deps.mailer.send(orderPaidSellerMail({ ...base, to, url: sellerUrl }), { tx });
}

/** "Payment failed" to the buyer, with the link to the order page where they pay another way. */
export async function sendPaymentFailedMail(
  tx: Executor,
  deps: PaymentMailDeps,
  orderId: string,
  reason: string,
): Promise<void> {
  const facts = await orderFacts(tx, orderId);
  if (!facts) return;
  const url = `${deps.publicOrigin}${orderPagePath('buyer', orderId)}`;
  await deps.mailer.send(
    paymentFailedMail({ to: facts, number: facts.number, amount: facts.due, currency: facts.currency, url, reason }),
    { tx },
  );
}
