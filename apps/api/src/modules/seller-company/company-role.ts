import type { CompanyRole } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { companies, companyMembers } from '@lotline/db/schema';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { requireCompanyMember } from '../sellers/company-access';

/**
 * The caller's role in a company (decision 0048), through the seller console's
 * seam: an unknown company is 404, a buyer or another company's user 403
 * (`requireCompanyMember`), and a staff member asking for an owner's action 403.
 * `lock` takes the company row FOR UPDATE, so one company's member changes run
 * one at a time (the last-owner rule and the one open invitation per address hold).
 */
export async function requireCompanyRole(
  db: Executor,
  userId: string,
  companyId: string,
  options: { owner?: boolean; lock?: boolean } = {},
): Promise<CompanyRole> {
  const query = db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  const [company] = options.lock ? await query.for('update') : await query;
  if (!company) throw AppError.notFound('No such company.');
  await requireCompanyMember(db, userId, companyId);
  const [member] = await db
    .select({ role: companyMembers.role })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
  if (!member) throw new AppError('FORBIDDEN', 'You are not a user of the company this belongs to.');
  if (options.owner && member.role !== 'owner') {
    throw new AppError('FORBIDDEN', 'Only an owner of the company can manage its members.');
  }
  return member.role;
}
