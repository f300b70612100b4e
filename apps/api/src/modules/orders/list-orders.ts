import {
  ORDER_STATUS,
  type Order,
  type OrdersQuery,
  type Pagination,
  type SellerOrdersQuery,
} from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { orders } from '@lotline/db/schema';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type FlagOverrides, presentOrders } from './present-order';

/**
 * The order lists (issue 15): a buyer's, newest first; a seller's (every
 * company the user answers for), orders awaiting the seller's approval first
 * (the soonest deadline first), then newest first. Both paged.
 */
export async function listBuyerOrders(
  db: Executor,
  buyerUserId: string,
  query: OrdersQuery,
  overrides: FlagOverrides,
): Promise<{ orders: Order[]; pagination: Pagination }> {
  return page(db, eq(orders.buyerUserId, buyerUserId), [desc(orders.createdAt), desc(orders.id)], query, overrides);
}

export async function listSellerOrders(
  db: Executor,
  companyIds: string[],
  query: SellerOrdersQuery,
  overrides: FlagOverrides,
): Promise<{ orders: Order[]; pagination: Pagination }> {
  const where = and(
    inArray(orders.companyId, companyIds),
    query.status ? eq(orders.status, query.status) : undefined,
    query.approval ? eq(orders.approval, query.approval) : undefined,
  ) as SQL;
  const awaitingFirst = sql`case when ${orders.approval} = 'awaiting' and ${orders.status} = ${ORDER_STATUS.pending} then 0 else 1 end`;
  return page(
    db,
    where,
    [asc(awaitingFirst), asc(orders.approvalDueAt), desc(orders.createdAt), desc(orders.id)],
    query,
    overrides,
  );
}

async function page(
  db: Executor,
  where: SQL,
  orderBy: SQL[],
  query: OrdersQuery,
  overrides: FlagOverrides,
): Promise<{ orders: Order[]; pagination: Pagination }> {
  const [total] = await db.select({ n: count() }).from(orders).where(where);
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(...orderBy)
    .limit(query.pageSize)
    .offset((query.pageNumber - 1) * query.pageSize);
  const totalItems = total?.n ?? 0;
  return {
    orders: await presentOrders(db, rows, overrides),
    pagination: {
      pageNumber: query.pageNumber,
      pageSize: query.pageSize,
      totalItems,
      totalPages: Math.ceil(totalItems / query.pageSize),
    },
  };
}
