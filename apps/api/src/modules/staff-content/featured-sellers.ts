import { FEATURED_SELLERS_LIMIT, type FeaturedSeller } from '@lotline/contracts';
import type { Database, Executor } from '@lotline/db';
import { cmsSections, companies } from '@lotline/db/schema';
import { asc, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/record-audit';

/** The row staff write when the marketplace has no featured-sellers section yet. */
const FEATURED_SECTION_ID = 'cms_featured_sellers';

const sellerColumns = { _id: companies.id, name: companies.name, slug: companies.slug, status: companies.status };

/** The featured-sellers section the home page reads (the first by position), locked when `lock`. */
async function featuredSection(db: Executor, lock: boolean) {
  const query = db
    .select({ id: cmsSections.id, active: cmsSections.active, config: cmsSections.config })
    .from(cmsSections)
    .where(eq(cmsSections.type, 'featured-sellers'))
    .orderBy(asc(cmsSections.position), asc(cmsSections.id))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The companies in the order of `ids`; ids of companies that no longer exist are left out. */
async function inOrder(db: Executor, ids: string[]): Promise<FeaturedSeller[]> {
  if (ids.length === 0) return [];
  const rows = await db.select(sellerColumns).from(companies).where(inArray(companies.id, ids));
  const byId = new Map(rows.map((r) => [r._id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The featured sellers as staff manage them, in order, suspended ones included
 * (the home page skips those). The section's list when it has one, else the
 * companies flagged `featured`: the same choice the home page makes.
 */
export async function getFeaturedSellers(db: Executor): Promise<FeaturedSeller[]> {
  const section = await featuredSection(db, false);
  const chosen = section?.active ? (section.config.companyIds ?? []) : [];
  if (chosen.length > 0) return inOrder(db, chosen);
  return db
    .select(sellerColumns)
    .from(companies)
    .where(eq(companies.featured, true))
    .orderBy(asc(companies.featuredOrder), asc(companies.id))
    .limit(FEATURED_SELLERS_LIMIT);
}

/**
 * Staff set the featured sellers and their order (decision 0084): every id an
 * existing, active company (a suspended one cannot be featured). The section
 * row is locked, so two saves apply one after the other; the audit entry holds
 * the lists before and after. Saving the same list records nothing.
 */
export async function setFeaturedSellers(db: Database, actorId: string, companyIds: string[]) {
  return db.transaction(async (tx) => {
    const found = await tx.select(sellerColumns).from(companies).where(inArray(companies.id, companyIds));
    const byId = new Map(found.map((c) => [c._id, c]));
    const missing = companyIds.filter((id) => !byId.has(id));
    if (missing.length > 0) throw AppError.validation(`No such company: ${missing.join(', ')}.`, 'companyIds');
    const suspended = companyIds.flatMap((id) => (byId.get(id)?.status === 'suspended' ? [byId.get(id)?.name] : []));
    if (suspended.length > 0)
      throw AppError.validation(`A suspended company cannot be featured: ${suspended.join(', ')}.`, 'companyIds');

    let section = await featuredSection(tx, true);
    if (!section) {
      await tx
        .insert(cmsSections)
        .values({ id: FEATURED_SECTION_ID, type: 'featured-sellers', label: 'Featured sellers', config: {} })
        .onConflictDoNothing();
      section = await featuredSection(tx, true);
      if (!section) throw new AppError('CONFLICT', 'The featured sellers could not be saved. Try again.');
    }
    const before = (await getFeaturedSellers(tx)).map((c) => c._id);
    const unchanged = section.active && before.join('\n') === companyIds.join('\n');
    if (!unchanged) {
      await tx
        .update(cmsSections)
        .set({ active: true, config: { ...section.config, companyIds } })
        .where(eq(cmsSections.id, section.id));
      await recordAudit(tx, {
        actorId,
        action: 'content.featured-sellers',
        targetType: 'cms-section',
        targetId: section.id,
        before: { companyIds: before },
        after: { companyIds },
      });
    }
    return companyIds.flatMap((id) => byId.get(id) ?? []);
  });
}
