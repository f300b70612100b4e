import type { CompanyMembersResponse } from '@lotline/contracts';
import type { Database, Executor } from '@lotline/db';
import { companyInvitations, companyMembers, users } from '@lotline/db/schema';
import { and, asc, eq } from 'drizzle-orm';
import { requireCompanyRole } from './company-role';
import { openInvitation, presentInvitation } from './invitation-token';

/** A company's members with their name, e-mail and role. */
export const selectMembers = (db: Executor) =>
  db
    .select({ userId: users.id, name: users.name, email: users.email, role: companyMembers.role })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId));

/** The members (owners first) and the open invitations; every member may read them. */
export async function listCompanyMembers(
  db: Database,
  userId: string,
  companyId: string,
): Promise<CompanyMembersResponse> {
  await requireCompanyRole(db, userId, companyId);
  const [members, invitations] = await Promise.all([
    selectMembers(db)
      .where(eq(companyMembers.companyId, companyId))
      .orderBy(asc(companyMembers.role), asc(users.name), asc(users.id)),
    db
      .select()
      .from(companyInvitations)
      .where(and(eq(companyInvitations.companyId, companyId), openInvitation))
      .orderBy(asc(companyInvitations.createdAt), asc(companyInvitations.id)),
  ]);
  return { members, invitations: invitations.map(presentInvitation) };
}
