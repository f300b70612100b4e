import { randomUUID } from 'node:crypto';
import type { Database } from '@lotline/db';
import { companies, eventLots, users } from '@lotline/db/schema';
import { createPostgresTestDatabase } from '@lotline/db/testing';
import { LOT_STATUS } from '@lotline/domain';
import { pino } from 'pino';
import { setTestWireAccounts } from '../../test/wire-accounts';
import { createOutboxMailer } from '../mail/outbox-mailer';
import type { PurchaseDeps } from './purchase-item';

/**
 * The PostgreSQL scene of the buy-now concurrency tests: a fresh database
 * opened through two pools of 10 connections (two API processes), a selling
 * company and `buyers` verified buyers.
 */
export async function buyNowConcurrencyScene(baseUrl: string, buyers: number, companyName: string) {
  const fresh = await createPostgresTestDatabase(baseUrl, { processes: 2, poolSize: 10 });
  const pools = fresh.handles.map((h) => h.db) as [Database, Database];
  const companyId = `co_${randomUUID()}`;
  await pools[0].insert(companies).values({ id: companyId, slug: companyId, name: companyName });
  // The marketplace's banks, as in every test app (decision 0070): wire is offered.
  await setTestWireAccounts(pools[0]);
  const buyerIds: string[] = [];
  for (let i = 0; i < buyers; i++) {
    const id = `user_${randomUUID()}`;
    buyerIds.push(id);
    await pools[0].insert(users).values({ id, email: `${id}@example.com`, name: `Buyer ${i}`, verified: true });
  }

  /** A buy-now item of `quantity` units on sale for a day, outside any event. */
  async function item(quantity: number): Promise<string> {
    const id = `lot_${randomUUID()}`;
    await pools[0].insert(eventLots).values({
      id,
      companyId,
      number: id,
      name: id,
      type: 'BuyItNowItem',
      status: LOT_STATUS.Active,
      quantity,
      buyItNowPrice: 5_000,
      startAt: new Date(Date.now() - 3_600_000),
      endedAt: new Date(Date.now() + 86_400_000),
    });
    return id;
  }

  return { pools, close: fresh.cleanup, companyId, buyerIds, item };
}

/** The purchase use-case's dependencies on one pool; `autoApprove` decides whether orders are charged at once. */
export const purchaseDepsFor = (db: Database, autoApprove: boolean): PurchaseDeps => ({
  db,
  featureOverrides: { BUY_NOW_AUTO_APPROVE: autoApprove, BUY_NOW_INVOICES: true },
  mailer: createOutboxMailer(db, pino({ level: 'silent' })),
  publicOrigin: 'https://lotline.test',
});
