import { COMPANY_CODES, type InvitationView, type SellerCompanySummary } from '@lotline/contracts';
import type { Database, Executor } from '@lotline/db';
import { companies, companyInvitations, companyMembers, users } from '@lotline/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { hashInvitationToken } from './invitation-token';
import { companySummaryColumns } from './list-seller-companies';
import { grantSellerRole } from './seller-role';

export const NOT_ACTIVATED =
  'Activate your account from the e-mail we sent, then open the invitation again. (No e-mail? Ask for a new link on your account page.)';

const gone = () =>
  new AppError(
    COMPANY_CODES.invitationGone,
    'This invitation is no longer valid: it expired, was revoked or was already used. Ask an owner of the company for a new one.',
    { status: 410 },
  );

/**
 * The invitation a token names, checked for the signed-in person: 404 unknown,
 * 403 another address or an account not yet activated (sign-up does not prove
 * the address, so a leaked link plus a fresh sign-up must not be enough), 410 gone.
 */
async function openFor(tx: Executor, userId: string, token: string, lock: boolean) {
  const query = tx
    .select({
      invitation: companyInvitations,
      companyName: sql<string>`coalesce(${companies.displayName}, ${companies.name})`,
      live: sql<boolean>`${companyInvitations.expiresAt} > now()`,
    })
    .from(companyInvitations)
    .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
    .where(eq(companyInvitations.tokenHash, hashInvitationToken(token)));
  const [row] = lock ? await query.for('update', { of: companyInvitations }) : await query;
  if (!row) throw AppError.notFound('No such invitation. Check that you opened the whole link.');
  const [user] = await tx
    .select({ email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId));
  if (user?.email.toLowerCase() !== row.invitation.email) {
    throw new AppError(
      'FORBIDDEN',
      `This invitation is for ${row.invitation.email}. Sign in with that address to accept it.`,
    );
  }
  if (!user.emailVerified) throw new AppError('FORBIDDEN', NOT_ACTIVATED);
  const { acceptedAt, revokedAt } = row.invitation;
  if (acceptedAt || revokedAt || !row.live) throw gone();
  return row;
}

/**
 * Takes the invitation's company row FOR UPDATE before the invitation row, in
 * the order every member change takes them (`requireCompanyRole`): else the
 * membership's foreign key check waits on an owner inviting the address
 * again (holding the company) while the owner waits on this invitation row, a deadlock.
 */
async function lockCompanyOf(tx: Executor, token: string) {
  const [target] = await tx
    .select({ companyId: companyInvitations.companyId })
    .from(companyInvitations)
    .where(eq(companyInvitations.tokenHash, hashInvitationToken(token)));
  if (target)
    await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, target.companyId)).for('update');
}

/** What the invitation's page shows before the person joins. */
export async function getCompanyInvitation(db: Database, userId: string, token: string): Promise<InvitationView> {
  const { invitation, companyName } = await openFor(db, userId, token, false);
  return {
    companyName,
    email: invitation.email,
    role: invitation.role,
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/**
 * The invited person joins with the invitation's role and becomes a seller
 * user; the link is used up. Already a member (the address became a member's
 * by an e-mail change): 409, and the link stays unused.
 */
export async function acceptCompanyInvitation(
  db: Database,
  userId: string,
  token: string,
): Promise<{ company: SellerCompanySummary }> {
  return db.transaction(async (tx) => {
    await lockCompanyOf(tx, token);
    const { invitation } = await openFor(tx, userId, token, true);
    const joined = await tx
      .insert(companyMembers)
      .values({ companyId: invitation.companyId, userId, role: invitation.role })
      .onConflictDoNothing()
      .returning({ userId: companyMembers.userId });
    if (joined.length === 0) {
      throw new AppError(COMPANY_CODES.alreadyMember, 'You are already a member of this company.', { status: 409 });
    }
    await tx.update(companyInvitations).set({ acceptedAt: sql`now()` }).where(eq(companyInvitations.id, invitation.id));
    await grantSellerRole(tx, userId);
    const [company] = await tx
      .select(companySummaryColumns)
      .from(companyMembers)
      .innerJoin(companies, eq(companies.id, companyMembers.companyId))
      .where(and(eq(companyMembers.companyId, invitation.companyId), eq(companyMembers.userId, userId)));
    if (!company) throw new Error('membership missing after accept');
    return { company };
  });
}

/**
 * The invited person declines (decision 0068): the invitation ends (its link
 * answers 410 like a revoked one) and nobody joins. The same checks as an
 * accept, so a forwarded link cannot be declined by someone else.
 */
export async function declineCompanyInvitation(db: Database, userId: string, token: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCompanyOf(tx, token);
    const { invitation } = await openFor(tx, userId, token, true);
    await tx.update(companyInvitations).set({ revokedAt: sql`now()` }).where(eq(companyInvitations.id, invitation.id));
  });
}
