import type { StaffCompaniesQuery, StaffCompaniesResponse } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { companies, payoutAccounts } from '@lotline/db/schema';
import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import { pageWindow, paginationOf } from '../../lib/pagination';
import { accountStateColumns, toAccountState } from '../payouts/payout-account';
import { escapeLike } from '../search/search-events';
import { staffCompanyColumns } from './update-company';

/**
 * Staff's company list (decision 0076): `q` matched literally, in any case, inside the name or the slug;
 * `status` filters; ordered by name, then id, so pages never overlap. Each with its payout account (decision 0090).
 */
export async function listStaffCompanies(db: Executor, query: StaffCompaniesQuery): Promise<StaffCompaniesResponse> {
  const filters: SQL[] = [];
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    filters.push(or(ilike(companies.name, pattern), ilike(companies.slug, pattern)) as SQL);
  }
  if (query.status) filters.push(eq(companies.status, query.status));
  const where = filters.length ? and(...filters) : undefined;
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...staffCompanyColumns, payoutAccount: accountStateColumns })
      .from(companies)
      .leftJoin(payoutAccounts, eq(payoutAccounts.companyId, companies.id))
      .where(where)
      .orderBy(asc(companies.name), asc(companies.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(companies).where(where),
  ]);
  return {
    companies: rows.map(({ payoutAccount, ...company }) => ({
      ...company,
      payoutAccount: toAccountState(payoutAccount),
    })),
    pagination: paginationOf(query, total?.n ?? 0),
  };
}
