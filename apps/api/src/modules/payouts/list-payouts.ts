import { type DuePayout, type Payout, STAFF_PAYOUTS_LIMIT, type StaffPayoutsResponse } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { companies, orderRefunds, orders, payouts, users } from '@lotline/db/schema';
import { asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { netPayoutForOrder } from '../seller-results/net-payout';
import { destinationOf, dueOrders, RELEASE_RULE, type ReleaseRule } from './payout-due';

/** Payouts as staff and sellers see them (decision 0079). */

/** Refunds that succeeded after the payout was recorded: what the seller owes back. */
const owedBack = sql<number>`coalesce((select sum(r.amount) from ${orderRefunds} r
  where r.order_id = ${payouts.orderId} and r.status = 'succeeded'
  and r.succeeded_at > ${payouts.createdAt}), 0)::float8`;

async function readPayouts(db: Executor, where: SQL | undefined, limit: number): Promise<Payout[]> {
  const rows = await db
    .select({
      id: payouts.id,
      orderId: payouts.orderId,
      orderNumber: orders.number,
      companyId: payouts.companyId,
      companyName: companies.name,
      amount: payouts.amount,
      currency: payouts.currency,
      method: payouts.method,
      status: payouts.status,
      reference: payouts.reference,
      failureMessage: payouts.failureMessage,
      byId: users.id,
      byName: users.name,
      createdAt: payouts.createdAt,
      paidAt: payouts.paidAt,
      owedBack,
    })
    .from(payouts)
    .innerJoin(orders, eq(orders.id, payouts.orderId))
    .innerJoin(companies, eq(companies.id, payouts.companyId))
    .leftJoin(users, eq(users.id, payouts.createdByUserId))
    .where(where)
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(limit);
  return rows.map(({ id, byId, byName, createdAt, paidAt, owedBack: owed, ...row }) => ({
    _id: id,
    ...row,
    currency: row.currency.trim(),
    createdBy: byId ? { _id: byId, name: byName ?? '' } : null,
    createdAt: createdAt.toISOString(),
    paidAt: paidAt?.toISOString() ?? null,
    owedBack: Number(owed),
  }));
}

/** The orders due for a payout, oldest payment first, each with its net (orders owing nothing are left out). */
export async function listDuePayouts(db: Executor, rule: ReleaseRule = RELEASE_RULE): Promise<DuePayout[]> {
  const rows = await db
    .select({
      orderId: orders.id,
      orderNumber: orders.number,
      companyId: orders.companyId,
      companyName: companies.name,
      paidAt: orders.paidAt,
      destination: destinationOf,
    })
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .where(dueOrders(rule))
    .orderBy(asc(orders.paidAt), asc(orders.id))
    .limit(STAFF_PAYOUTS_LIMIT);
  const due: DuePayout[] = [];
  for (const { destination, paidAt, ...row } of rows) {
    const net = await netPayoutForOrder(db, row.orderId);
    if (!net || net.netMinor <= 0 || !paidAt) continue;
    due.push({
      ...row,
      amount: net.netMinor,
      currency: net.currency,
      paidAt: paidAt.toISOString(),
      method: destination ? 'stripe' : 'manual',
    });
  }
  return due;
}

export async function listStaffPayouts(db: Executor, rule: ReleaseRule = RELEASE_RULE): Promise<StaffPayoutsResponse> {
  return {
    due: await listDuePayouts(db, rule),
    made: await readPayouts(db, undefined, STAFF_PAYOUTS_LIMIT),
    refundWindowDays: rule.refundWindowDays,
  };
}

export const getPayout = async (db: Executor, payoutId: string) =>
  (await readPayouts(db, eq(payouts.id, payoutId), 1))[0];

/** A company's payouts, newest first (its members' view). */
export const listCompanyPayouts = (db: Executor, companyId: string) =>
  readPayouts(db, eq(payouts.companyId, companyId), 200);

/** An order's latest payout (a failed transfer is followed by a new one), or null: staff's order page. */
export const orderPayout = async (db: Executor, orderId: string): Promise<Payout | null> =>
  (await readPayouts(db, eq(payouts.orderId, orderId), 1))[0] ?? null;
