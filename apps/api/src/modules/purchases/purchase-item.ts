import { PURCHASE_CODES, type PurchaseBody } from '@lotline/contracts';
import type { Database, Transaction } from '@lotline/db';
import { eventLots, users } from '@lotline/db/schema';
import { LOT_STATUS } from '@lotline/domain';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { type IdempotentAnswer, withIdempotency } from '../../lib/http/idempotency';
import { publicLotCondition } from '../lots/visibility';
import { createOrder, type OrderMailDeps } from '../orders/create-order';
import { presentOrder } from '../orders/present-order';
import { takeStock } from '../orders/stock';
import { featureOn } from '../platform/get-feature-flags';
import { assertNotOwnLot } from '../sellers/own-lot';
import type { FeatureOverrides } from './buy-now-terms';

/**
 * Buying units of a buy-now item (contract §5; decision 0045), in one
 * transaction under the Idempotency-Key: the lot's row lock, then every
 * refusal decided by the database clock (not verified, the seller's own lot,
 * not open, not enough units), then `takeStock` (the last unit sells the item
 * out) and `createOrder`. A refusal rolls everything back. The charge and the
 * live stream come after the commit (`afterPurchase`).
 */
export interface PurchaseInput {
  userId: string;
  lotId: string;
  body: PurchaseBody;
  idempotencyKey: string | undefined;
}

export interface PurchaseDeps extends OrderMailDeps {
  db: Database;
  featureOverrides: FeatureOverrides;
}

/** What the work left to do after its commit; null when nothing changed (a refusal, or a replayed key). */
export interface PurchaseEffects {
  lotId: string;
  orderId: string;
  charge: boolean;
}

export async function purchaseItem(
  deps: PurchaseDeps,
  input: PurchaseInput,
): Promise<{ answer: IdempotentAnswer; effects: PurchaseEffects | null }> {
  let effects: PurchaseEffects | null = null;
  const scope = `POST /marketplace/api/event/event-lots/${input.lotId}/purchases`;
  const answer = await withIdempotency(
    deps.db,
    { userId: input.userId, key: input.idempotencyKey, scope, body: input.body },
    async (tx) => {
      const orderId = await buy(tx, deps, input);
      const order = await presentOrder(tx, orderId, deps.featureOverrides);
      if (!order) throw new Error(`order ${orderId} vanished inside its own transaction`);
      effects = { lotId: input.lotId, orderId, charge: order.approval === 'approved' };
      return { status: 201, body: { status: 'success', data: { order } } };
    },
  );
  return { answer, effects };
}

async function buy(tx: Transaction, deps: PurchaseDeps, input: PurchaseInput): Promise<string> {
  const { quantity } = input.body;
  const [buyer] = await tx.select({ verified: users.verified }).from(users).where(eq(users.id, input.userId));
  const [lot] = await tx
    .select({
      type: eventLots.type,
      status: eventLots.status,
      quantity: eventLots.quantity,
      price: eventLots.buyItNowPrice,
      companyId: eventLots.companyId,
      eventId: eventLots.eventId,
      open: sql<boolean>`(${eventLots.startAt} is null or ${eventLots.startAt} <= clock_timestamp())
        and (${eventLots.endedAt} is null or ${eventLots.endedAt} > clock_timestamp())`,
    })
    .from(eventLots)
    .where(and(eq(eventLots.id, input.lotId), publicLotCondition()))
    .for('update', { of: eventLots });
  if (!lot) throw AppError.notFound('Lot not found');
  if (!buyer?.verified) {
    throw new AppError(PURCHASE_CODES.notVerified, 'Verify your account before you buy.', { status: 403 });
  }
  await assertNotOwnLot(tx, input.userId, lot, 'buy');
  if (lot.type !== 'BuyItNowItem' || lot.price === null || !lot.open) throw notOpen();
  // Sold out before its end: the stock is gone, not the sale (a returned unit puts it back on sale).
  if (lot.status === LOT_STATUS.Sold) throw outOfStock(0);
  if (lot.status !== LOT_STATUS.Active) throw notOpen();
  if (lot.quantity < quantity) throw outOfStock(lot.quantity);
  // Under the row lock the check above is exact; takeStock guards again, so a miss here is a bug, not a race.
  if (!(await takeStock(tx, input.lotId, quantity))) throw new Error(`takeStock refused lot ${input.lotId}`);

  // One statement at a time: a transaction is one connection.
  const autoApprove = await featureOn(tx, deps.featureOverrides, 'BUY_NOW_AUTO_APPROVE');
  const invoices = await featureOn(tx, deps.featureOverrides, 'BUY_NOW_INVOICES');
  const order = await createOrder(
    tx,
    {
      source: 'buy-now',
      buyerUserId: input.userId,
      lotId: input.lotId,
      quantity,
      unitPrice: lot.price,
      approval: autoApprove ? 'approved' : 'awaiting',
      document: invoices ? 'invoice' : 'receipt',
    },
    deps,
  );
  return order.id;
}

const notOpen = () => new AppError(PURCHASE_CODES.lotNotOpen, 'This item is not on sale now.', { status: 409 });

/** Fewer units than asked: the message says how many are left. */
export function outOfStock(left: number): AppError {
  const message =
    left === 0
      ? 'Sold out: no units are left.'
      : `Only ${left} ${left === 1 ? 'unit is' : 'units are'} left; lower the quantity.`;
  return new AppError(PURCHASE_CODES.outOfStock, message, { status: 409, field: 'quantity' });
}
