import { type CompaniesResponse, FEATURED_SELLERS_LIMIT } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { cmsSections, companies } from '@lotline/db/schema';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { companyColumns } from './company-columns';

/**
 * The featured sellers shown as logo links. The active 'featured-sellers' CMS
 * section is the editor's choice and wins, in its order; without one, the
 * companies flagged `featured`, by featuredOrder. At most six. A suspended
 * company is never shown, so suspending a featured one removes its logo at once.
 */
export async function listFeaturedCompanies(db: Database): Promise<CompaniesResponse> {
  const [section] = await db
    .select({ config: cmsSections.config })
    .from(cmsSections)
    .where(and(eq(cmsSections.type, 'featured-sellers'), eq(cmsSections.active, true)))
    .orderBy(asc(cmsSections.position), asc(cmsSections.id))
    .limit(1);
  const chosen = section?.config.companyIds;

  if (chosen && chosen.length > 0) {
    const rows = await db
      .select(companyColumns)
      .from(companies)
      .where(and(inArray(companies.id, chosen), eq(companies.status, 'active')));
    const byId = new Map(rows.map((r) => [r._id, r]));
    // Ids of companies that no longer exist are skipped, not errors.
    const ordered = [...new Set(chosen)].flatMap((id) => byId.get(id) ?? []);
    return { companies: ordered.slice(0, FEATURED_SELLERS_LIMIT) };
  }

  const rows = await db
    .select(companyColumns)
    .from(companies)
    .where(and(eq(companies.featured, true), eq(companies.status, 'active')))
    .orderBy(asc(companies.featuredOrder), asc(companies.id))
    .limit(FEATURED_SELLERS_LIMIT);
  return { companies: rows };
}
