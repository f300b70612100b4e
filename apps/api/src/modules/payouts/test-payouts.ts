import { auditLog, orders, payoutAccounts, payouts } from '@lotline/db/schema';
import { asc, eq, sql } from 'drizzle-orm';
import { vi } from 'vitest';
import type { TestApp } from '../../test/app';
import { paidCardOrder } from '../orders/test-refunds';
import { StripePayoutProvider, type StripeTransferClient } from './stripe-payouts';

/** Helpers for the payout tests (decision 0079): paid orders made by the purchase and payment paths' own code. */

export const STAFF_PAYOUTS = '/marketplace-api/staff/payouts';

/** Test data: the order was paid `days` ago (the refund window counts from `paid_at`, by the database clock). */
export async function paidDaysAgo(t: TestApp, orderId: string, days: number) {
  await t.db
    .update(orders)
    .set({ paidAt: sql`now() - make_interval(days => ${days}::int)` })
    .where(eq(orders.id, orderId));
}

/** A card-paid buy-now order, paid 15 days ago: past the 14-day refund window. */
export async function duePaidOrder(t: TestApp) {
  const scene = await paidCardOrder(t);
  await paidDaysAgo(t, scene.order.id, 15);
  return scene;
}

export async function connect(t: TestApp, companyId: string, stripeAccountId = 'acct_1TestSeller') {
  await t.db.insert(payoutAccounts).values({ companyId, stripeAccountId });
}

/** A stand-in for Stripe's transfers (Stripe cannot be reached from here), answering `tr_<n>` per new key. */
export function fakeTransfers() {
  const byKey = new Map<string, string>();
  const create = vi.fn<StripeTransferClient['transfers']['create']>(async (params, options) => {
    const id = byKey.get(options.idempotencyKey) ?? `tr_${byKey.size + 1}`;
    byKey.set(options.idempotencyKey, id);
    return { id, amount: params.amount, currency: params.currency };
  });
  const client = { transfers: { create } } satisfies StripeTransferClient;
  return { client, create, provider: new StripePayoutProvider(client) };
}

/** The order's payouts (oldest first) and the audit entries about it. */
export async function payoutState(t: TestApp, orderId: string) {
  const rows = await t.db.select().from(payouts).where(eq(payouts.orderId, orderId)).orderBy(asc(payouts.createdAt));
  const audit = await t.db
    .select({ action: auditLog.action, actorId: auditLog.actorId, after: auditLog.after })
    .from(auditLog)
    .where(eq(auditLog.targetId, orderId))
    .orderBy(asc(auditLog.at), asc(auditLog.id));
  return { payouts: rows, audit: audit.filter((a) => a.action.startsWith('payout.')) };
}
