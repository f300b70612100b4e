import type { SellerCompaniesResponse } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { companies, companyMembers } from '@lotline/db/schema';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { requireSellerCompanies } from '../sellers/company-members';

/** A company as the console lists it, with the member's role (read over company_members ⋈ companies). */
export const companySummaryColumns = {
  _id: companies.id,
  slug: companies.slug,
  name: companies.name,
  displayName: companies.displayName,
  description: companies.description,
  logoUrl: companies.logoUrl,
  role: companyMembers.role,
};

/** The companies the user answers for, with their role in each (403 for a user who is not a seller). */
export async function listSellerCompanies(db: Executor, userId: string): Promise<SellerCompaniesResponse> {
  const ids = await requireSellerCompanies(db, userId);
  const rows = await db
    .select(companySummaryColumns)
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(and(eq(companyMembers.userId, userId), inArray(companyMembers.companyId, ids)))
    .orderBy(asc(companies.name));
  return { companies: rows };
}
