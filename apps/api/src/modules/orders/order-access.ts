import type { Executor } from '@lotline/db';
import { orders } from '@lotline/db/schema';
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { requireSellerCompanies } from '../messaging/participants';
import type { OrderRow } from './present-order';

/**
 * Who may read an order: its buyer, and the seller users of its company.
 * Anyone else is told it does not exist (the id is not theirs to probe).
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

/** An order of one of the companies the user answers for (403 for a non-seller), or NOT_FOUND. */
export async function sellerOrderRow(db: Executor, userId: string, orderId: string): Promise<OrderRow> {
  const companyIds = await requireSellerCompanies(db, userId);
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), inArray(orders.companyId, companyIds)));
  if (!row) throw AppError.notFound('No such order.');
  return row;
}
