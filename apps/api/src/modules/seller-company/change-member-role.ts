import { COMPANY_CODES, type CompanyRole } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { companyMembers } from '@lotline/db/schema';
import { and, count, eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { requireCompanyRole } from './company-role';
import { selectMembers } from './list-company-members';

/**
 * An owner makes a member an owner or staff (decision 0054). Serialised like
 * removal (the company row FOR UPDATE, decision 0048), so two owners demoting
 * each other at once cannot leave the company without an owner: the last owner
 * stays one (409 LAST_OWNER).
 */
export async function changeMemberRole(
  db: Database,
  ownerId: string,
  companyId: string,
  memberId: string,
  role: CompanyRole,
) {
  return db.transaction(async (tx) => {
    await requireCompanyRole(tx, ownerId, companyId, { owner: true, lock: true });
    const ofCompany = eq(companyMembers.companyId, companyId);
    const ofMember = and(ofCompany, eq(companyMembers.userId, memberId));
    const [member] = await tx.select({ role: companyMembers.role }).from(companyMembers).where(ofMember);
    if (!member) throw AppError.notFound('No such member of this company.');
    if (member.role === 'owner' && role === 'staff') {
      const [owners] = await tx
        .select({ n: count() })
        .from(companyMembers)
        .where(and(ofCompany, eq(companyMembers.role, 'owner')));
      if ((owners?.n ?? 0) <= 1) {
        throw new AppError(
          COMPANY_CODES.lastOwner,
          'A company needs an owner: make another member an owner before this one becomes staff.',
          { status: 409 },
        );
      }
    }
    await tx.update(companyMembers).set({ role }).where(ofMember);
    const [changed] = await selectMembers(tx).where(ofMember);
    if (!changed) throw new Error('the member vanished inside its own transaction');
    return { member: changed };
  });
}
