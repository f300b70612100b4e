import type { MarketplaceCommission } from '@lotline/contracts';
import type { Database, Executor } from '@lotline/db';
import { marketplaceSettings } from '@lotline/db/schema';
import { DEFAULT_COMMISSION_BPS } from '@lotline/domain';
import { sql } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit';

/**
 * The marketplace's default commission (decision 0078): the stored setting, else the code's default. Staff set
 * it; publishing an event freezes the rate that applies then (`seller-results/commission-rate.ts`), so a change
 * here touches only events published after it.
 */
export async function readMarketplaceCommission(db: Executor): Promise<MarketplaceCommission> {
  const [row] = await db
    .select({ commissionBps: marketplaceSettings.commissionBps, updatedAt: marketplaceSettings.updatedAt })
    .from(marketplaceSettings);
  return row
    ? { commissionBps: row.commissionBps, stored: true, updatedAt: row.updatedAt.toISOString() }
    : { commissionBps: DEFAULT_COMMISSION_BPS, stored: false, updatedAt: null };
}

/**
 * Sets the default, with its audit entry (`marketplace.commission`, before and after) in the same transaction.
 * The one row is locked (or created) first, so two staff saving at once are serialised and each entry's
 * `before` is what the other left. Saving the rate in force changes and records nothing.
 */
export async function setMarketplaceCommission(
  db: Database,
  actorId: string,
  commissionBps: number,
): Promise<MarketplaceCommission> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('lotline:marketplace-settings'))`);
    const before = await readMarketplaceCommission(tx);
    if (before.stored && before.commissionBps === commissionBps) return before;
    await tx
      .insert(marketplaceSettings)
      .values({ id: true, commissionBps })
      .onConflictDoUpdate({ target: marketplaceSettings.id, set: { commissionBps, updatedAt: sql`now()` } });
    await recordAudit(tx, {
      actorId,
      action: 'marketplace.commission',
      targetType: 'marketplace',
      targetId: 'commission',
      before: { commissionBps: before.stored ? before.commissionBps : null },
      after: { commissionBps },
    });
    return readMarketplaceCommission(tx);
  });
}
