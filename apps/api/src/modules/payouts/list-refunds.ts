import { STAFF_REFUNDS_LIMIT, type StaffRefund } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { companies, orderRefunds, orders, users } from '@lotline/db/schema';
import { desc, eq } from 'drizzle-orm';

/** Refunds across every order, newest first, for staff (decision 0079): who gave back what, when, and why. */
export async function listStaffRefunds(db: Executor): Promise<StaffRefund[]> {
  const rows = await db
    .select({
      id: orderRefunds.id,
      number: orderRefunds.number,
      orderId: orderRefunds.orderId,
      orderNumber: orders.number,
      companyName: companies.name,
      amount: orderRefunds.amount,
      currency: orderRefunds.currency,
      status: orderRefunds.status,
      reason: orderRefunds.reason,
      byId: users.id,
      byName: users.name,
      byEmail: users.email,
      createdAt: orderRefunds.createdAt,
      succeededAt: orderRefunds.succeededAt,
    })
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .leftJoin(users, eq(users.id, orderRefunds.actorUserId))
    .orderBy(desc(orderRefunds.createdAt), desc(orderRefunds.id))
    .limit(STAFF_REFUNDS_LIMIT);
  return rows.map(({ id, byId, byName, byEmail, createdAt, succeededAt, ...row }) => ({
    _id: id,
    ...row,
    currency: row.currency.trim(),
    by: byId ? { _id: byId, name: byName ?? '', email: byEmail ?? '' } : null,
    createdAt: createdAt.toISOString(),
    succeededAt: succeededAt?.toISOString() ?? null,
  }));
}
