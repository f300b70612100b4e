import { STAFF_ORDERS_SEARCH_LIMIT, type StaffOrderHit, type StaffOrdersQuery } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { companies, orderLines, orders, users } from '@lotline/db/schema';
import { asc, desc, eq, exists, ilike, inArray, or, sql } from 'drizzle-orm';
import { escapeLike } from '../search/search-events';

/**
 * Staff's order search (decision 0091): `q` is an order number (`LL-100042`, any case, or its digits alone: the
 * exact order), part of the buyer's e-mail address, or part of a line's lot name (literal: a typed % or _ is no
 * wildcard; any case). Newest first, at most STAFF_ORDERS_SEARCH_LIMIT.
 */
export async function searchStaffOrders(db: Executor, query: StaffOrdersQuery): Promise<StaffOrderHit[]> {
  const q = query.q;
  const number = /^\d+$/.test(q) ? `LL-${q}` : q.toUpperCase();
  const pattern = `%${escapeLike(q)}%`;
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      total: orders.total,
      currency: orders.currency,
      createdAt: orders.createdAt,
      buyerId: users.id,
      buyerName: users.name,
      buyerEmail: users.email,
      sellerId: companies.id,
      sellerName: sql<string>`coalesce(${companies.displayName}, ${companies.name})`,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.buyerUserId))
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .where(
      or(
        eq(orders.number, number),
        ilike(users.email, pattern),
        exists(
          db
            .select({ one: sql`1` })
            .from(orderLines)
            .where(sql`${orderLines.orderId} = ${orders.id} and ${orderLines.name} ilike ${pattern}`),
        ),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(STAFF_ORDERS_SEARCH_LIMIT);
  if (rows.length === 0) return [];
  const lines = await db
    .select({ orderId: orderLines.orderId, name: orderLines.name })
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderLines.position));
  return rows.map((r) => ({
    _id: r.id,
    number: r.number,
    status: r.status,
    total: r.total,
    currency: r.currency.trim(),
    createdAt: r.createdAt.toISOString(),
    buyer: { _id: r.buyerId, name: r.buyerName, email: r.buyerEmail },
    seller: { _id: r.sellerId, name: r.sellerName },
    lots: lines.filter((l) => l.orderId === r.id).map((l) => l.name),
  }));
}
