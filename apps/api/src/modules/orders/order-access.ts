import type { Executor } from '@lotline/db';
import { orders } from '@lotline/db/schema';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { requireOwnRow } from '../sellers/company-access';
import type { OrderRow } from './present-order';

/**
 * Who may read an order: its buyer, and the seller users of its company. A
 * buyer asking for another buyer's order is told it does not exist; a seller
 * asking for another company's is refused (403, decision 0054).
 */

/** The buyer's own order, or NOT_FOUND. */
export async function buyerOrderRow(db: Executor, buyerUserId: string, orderId: string): Promise<OrderRow> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.buyerUserId, buyerUserId)));
  if (!row) throw AppError.notFound('No such order.');
  return row;
}

/**
 * An order of one of the companies the user answers for: 404 for an unknown id,
 * 403 for another company's order or a non-seller (decision 0054).
 */
export async function sellerOrderRow(db: Executor, userId: string, orderId: string): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return requireOwnRow(db, userId, row, 'No such order.');
}
