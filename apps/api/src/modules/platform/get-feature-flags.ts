import { FEATURE_FLAGS, type FeatureFlag, type FeatureFlagState } from '@lotline/contracts';
import type { Database, Executor } from '@lotline/db';
import { featureFlags } from '@lotline/db/schema';
import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit';

/** A deployment's `FEATURE_<FLAG>=on|off` settings (config.featureOverrides): they win over the stored values. */
export type FeatureOverrides = Partial<Record<FeatureFlag, boolean>>;

/**
 * Every flag of the spec with its effective value. A deployment's
 * `FEATURE_<FLAG>=on|off` wins over the stored value, so an operator can switch
 * a feature off without touching the database; a flag with no row is off.
 */
export async function getFeatureFlags(db: Database, overrides: FeatureOverrides): Promise<FeatureFlagState[]> {
  const rows = await db.select({ key: featureFlags.key, enabled: featureFlags.enabled }).from(featureFlags);
  const stored = new Map(rows.map((r) => [r.key, r.enabled]));
  return FEATURE_FLAGS.map((key) => {
    const override = overrides[key];
    if (override !== undefined) return { key, enabled: override, source: 'environment' as const };
    const value = stored.get(key);
    if (value !== undefined) return { key, enabled: value, source: 'database' as const };
    return { key, enabled: false, source: 'default' as const };
  });
}

/** One flag's effective value (the deployment's override, else the stored value, else off). */
export async function featureOn(
  db: Database | Executor,
  overrides: FeatureOverrides,
  flag: FeatureFlag,
): Promise<boolean> {
  const override = overrides[flag];
  if (override !== undefined) return override;
  const [row] = await db.select({ enabled: featureFlags.enabled }).from(featureFlags).where(eq(featureFlags.key, flag));
  return row?.enabled ?? false;
}

/** Stores a flag's value; the database clock dates it. */
export async function setFeatureFlag(db: Executor, flag: FeatureFlag, enabled: boolean): Promise<void> {
  await db
    .insert(featureFlags)
    .values({ key: flag, enabled })
    .onConflictDoUpdate({ target: featureFlags.key, set: { enabled, updatedAt: sql`now()` } });
}

/** Staff switch a flag: the stored value and its audit entry (the stored value before and after) in one transaction. */
export async function switchFeatureFlag(db: Database, staffId: string, flag: FeatureFlag, enabled: boolean) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ enabled: featureFlags.enabled })
      .from(featureFlags)
      .where(eq(featureFlags.key, flag))
      .for('update');
    await setFeatureFlag(tx, flag, enabled);
    await recordAudit(tx, {
      actorId: staffId,
      action: 'feature-flag.switch',
      targetType: 'feature-flag',
      targetId: flag,
      before: row ? { enabled: row.enabled } : null,
      after: { enabled },
    });
  });
}
