import type { Database } from '@lotline/db';
import { idempotencyKeys, orders } from '@lotline/db/schema';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../../config';
import { AppError } from '../../../lib/errors';
import { type IdempotentAnswer, withIdempotency } from '../../../lib/http/idempotency';
import { type PaymentProvider, paymentDeclined } from '../../payments/provider';
import { featureOn } from '../../platform/get-feature-flags';
import { chargeOrder } from './charge-order';
import type { PaymentMailDeps } from './notify-payment';
import { orderAnswer } from './order-answer';

export interface PayDeps {
  db: Database;
  provider: PaymentProvider;
  mail: PaymentMailDeps;
  featureOverrides: Config['featureOverrides'];
}

export interface PayInput {
  userId: string;
  orderId: string;
  paymentMethodId: string | undefined;
  idempotencyKey: string | undefined;
}

export const PROCESSING_MESSAGE =
  'Your bank is still processing this payment. The order is marked paid as soon as it confirms; you need not pay again.';

/**
 * The buyer pays an order's amount due by card (POST …/orders/{orderId}/payments,
 * decision 0044): `chargeOrder` (claim → provider → record) outside any
 * transaction, then the answer is remembered under the Idempotency-Key, as
 * registering with a deposit does. A retried key answers the first outcome
 * before anything reaches the provider; a simultaneous duplicate finds the
 * charge in progress (409) and then answers what the first stored.
 * A decline is 402 PAYMENT_DECLINED with the card's message; the order keeps
 * it (`paymentError`) and stays pending.
 */
export async function payOrder(deps: PayDeps, input: PayInput): Promise<IdempotentAnswer> {
  const { db } = deps;
  const idempotent = {
    userId: input.userId,
    key: input.idempotencyKey,
    scope: `POST /marketplace-api/users/${input.userId}/orders/${input.orderId}/payments`,
    body: { paymentMethodId: input.paymentMethodId },
  };
  if (input.idempotencyKey !== undefined && (await keyAnswered(db, input.userId, input.idempotencyKey))) {
    return withIdempotency(db, idempotent, async () => {
      throw new Error('unreachable: the key is answered');
    });
  }
  const remember = (work: () => Promise<IdempotentAnswer>) => withIdempotency(db, idempotent, work);
  try {
    await requireOwnOrder(db, input.userId, input.orderId);
    const outcome = await chargeOrder(deps, input.orderId, {
      ...(input.paymentMethodId ? { paymentMethodId: input.paymentMethodId } : {}),
      actorUserId: input.userId,
    });
    if (outcome.status === 'failed') throw paymentDeclined(outcome.message);
    const cad = await featureOn(db, deps.featureOverrides, 'CAD_WIRE_TRANSFER');
    const order = await orderAnswer(db, input.orderId, cad);
    const message = outcome.status === 'processing' ? PROCESSING_MESSAGE : null;
    return remember(async () => ({
      status: 200,
      body: { status: 'success', data: { order, payment: { status: outcome.status, message } } },
    }));
  } catch (err) {
    // A refusal the person can act on is remembered; a payment in progress (409) is not: the first request answers.
    if (err instanceof AppError && err.status < 500 && err.code !== 'CONFLICT') {
      return remember(async () => {
        throw err;
      });
    }
    throw err;
  }
}

/** The order must be the signed-in buyer's: another's is not found (its existence is not revealed). */
export async function requireOwnOrder(db: Database, userId: string, orderId: string): Promise<void> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.buyerUserId, userId)));
  if (!row) throw AppError.notFound('No such order.');
}

async function keyAnswered(db: Database, userId: string, key: string): Promise<boolean> {
  const [row] = await db
    .select({ status: idempotencyKeys.responseStatus })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row?.status != null;
}
