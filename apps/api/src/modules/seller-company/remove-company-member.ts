import { COMPANY_CODES } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { companyMembers } from '@lotline/db/schema';
import { and, count, eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { requireCompanyRole } from './company-role';
import { dropSellerRoleWithoutCompany } from './seller-role';

/**
 * An owner removes a member (themselves too, while another owner remains).
 * The person keeps their account; they lose this company, and the seller role
 * when it was their last (decision 0048).
 */
export async function removeCompanyMember(
  db: Database,
  ownerId: string,
  companyId: string,
  memberId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await requireCompanyRole(tx, ownerId, companyId, { owner: true, lock: true });
    const ofCompany = eq(companyMembers.companyId, companyId);
    const [member] = await tx
      .select({ role: companyMembers.role })
      .from(companyMembers)
      .where(and(ofCompany, eq(companyMembers.userId, memberId)));
    if (!member) throw AppError.notFound('No such member of this company.');
    if (member.role === 'owner') {
      const [owners] = await tx
        .select({ n: count() })
        .from(companyMembers)
        .where(and(ofCompany, eq(companyMembers.role, 'owner')));
      if ((owners?.n ?? 0) <= 1) {
        throw new AppError(
          COMPANY_CODES.lastOwner,
          'A company needs an owner: add another owner before removing the last one.',
          { status: 409 },
        );
      }
    }
    await tx.delete(companyMembers).where(and(ofCompany, eq(companyMembers.userId, memberId)));
    await dropSellerRoleWithoutCompany(tx, memberId);
  });
}
