import type { Database } from '@lotline/db';
import type { FastifyBaseLogger } from 'fastify';
import { publishLotChanges } from '../live/publish-lot-changes';
import { chargeOrder } from '../orders/payment/charge-order';
import type { PaymentMailDeps } from '../orders/payment/notify-payment';
import type { PaymentProvider } from '../payments/provider';
import type { PurchaseEffects } from './purchase-item';

export interface AfterPurchaseDeps {
  db: Database;
  provider: PaymentProvider;
  /** The "paid" / "payment failed" e-mails of the charge. */
  mail: PaymentMailDeps;
  log: FastifyBaseLogger;
}

/**
 * After the purchase committed (never inside it): tell open pages the stock
 * changed, then, for an approved order, charge the buyer's default card once.
 * The purchase stands whatever happens here: a declined card leaves the order
 * pending with its message (the buyer pays from the order page), and a
 * failure is logged, not answered.
 */
export async function afterPurchase(deps: AfterPurchaseDeps, effects: PurchaseEffects): Promise<void> {
  try {
    await publishLotChanges(deps.db, [effects.lotId]);
  } catch (error) {
    deps.log.error({ err: error, lotId: effects.lotId }, 'after-purchase publish failed');
  }
  if (!effects.charge) return;
  try {
    const outcome = await chargeOrder(deps, effects.orderId);
    if (outcome.status === 'failed') deps.log.info({ orderId: effects.orderId }, 'buy-now charge declined');
  } catch (error) {
    deps.log.error({ err: error, orderId: effects.orderId }, 'buy-now charge failed');
  }
}
