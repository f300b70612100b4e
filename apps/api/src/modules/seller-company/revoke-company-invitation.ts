import type { Database } from '@lotline/db';
import { companyInvitations } from '@lotline/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { requireCompanyRole } from './company-role';
import { openInvitation } from './invitation-token';

/** An owner revokes an open invitation: its link stops working (410 INVITATION_GONE). */
export async function revokeCompanyInvitation(
  db: Database,
  ownerId: string,
  companyId: string,
  invitationId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await requireCompanyRole(tx, ownerId, companyId, { owner: true, lock: true });
    const revoked = await tx
      .update(companyInvitations)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(companyInvitations.id, invitationId), eq(companyInvitations.companyId, companyId), openInvitation))
      .returning({ id: companyInvitations.id });
    if (revoked.length === 0) throw AppError.notFound('No such open invitation of this company.');
  });
}
