import {
  COMPANY_CODES,
  INVITATION_DAYS,
  type InviteMemberBody,
  type InviteMemberResponse,
  SIGN_UP_PATH,
  sellerInvitationPath,
} from '@lotline/contracts';
import type { Database, Executor } from '@lotline/db';
import { companies, companyInvitations, companyMembers, users } from '@lotline/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import type { Mailer, MailMessage } from '../mail/mailer';
import { companyInvitationMail, companyInvitationSignUpMail } from '../mail/templates/company';
import { requireCompanyRole } from './company-role';
import { hashInvitationToken, newInvitationToken, presentInvitation, unansweredInvitation } from './invitation-token';

export interface MemberMailDeps {
  db: Database;
  mailer: Mailer;
  publicOrigin: string;
}

async function mailFacts(tx: Executor, companyId: string, ownerId: string) {
  const [company] = await tx
    .select({ name: sql<string>`coalesce(${companies.displayName}, ${companies.name})` })
    .from(companies)
    .where(eq(companies.id, companyId));
  const [owner] = await tx.select({ name: users.name }).from(users).where(eq(users.id, ownerId));
  return { companyName: company?.name ?? '', invitedBy: owner?.name ?? 'An owner' };
}

/** 409 for an address a member of the company has: the owner already sees the members' e-mails. */
export async function refuseMember(tx: Executor, companyId: string, email: string) {
  const [member] = await tx
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, companyId), eq(sql`lower(${users.email})`, email)));
  if (member) {
    throw new AppError(COMPANY_CODES.alreadyMember, `${email} is already a member of this company.`, {
      status: 409,
      field: 'email',
    });
  }
}

/**
 * An owner invites an address (decision 0068): nobody joins a company without
 * accepting. Every address gets the same answer, an invitation, whether or not
 * it has an account; only the e-mail differs (an account holder is asked to
 * accept or decline, any other address to sign up first). A new invitation of
 * the address replaces the unanswered one. The e-mail leaves after COMMIT.
 */
export async function inviteCompanyMember(
  deps: MemberMailDeps,
  ownerId: string,
  companyId: string,
  body: InviteMemberBody,
): Promise<InviteMemberResponse> {
  const { db } = deps;
  const { answer, mail } = await db.transaction(async (tx) => {
    await requireCompanyRole(tx, ownerId, companyId, { owner: true, lock: true });
    await refuseMember(tx, companyId, body.email);
    return issueInvitation(tx, deps, { companyId, email: body.email, role: body.role, invitedById: ownerId });
  });
  await deps.mailer.send(mail);
  return answer;
}

export interface InvitationToIssue {
  companyId: string;
  email: string;
  role: InviteMemberBody['role'];
  /** An owner of the company, or the staff member who created it (decision 0074). */
  invitedById: string;
  /** How the e-mail names the inviter; default: their name. */
  invitedByName?: string;
}

/**
 * Writes the invitation (replacing the address's unanswered one) and builds its e-mail, in the caller's transaction,
 * which has checked who may invite. The caller sends the e-mail after COMMIT.
 */
export async function issueInvitation(
  tx: Executor,
  deps: Pick<MemberMailDeps, 'publicOrigin'>,
  input: InvitationToIssue,
): Promise<{ answer: InviteMemberResponse; mail: MailMessage }> {
  const { companyId, email, role } = input;
  const found = await mailFacts(tx, companyId, input.invitedById);
  const facts = { ...found, invitedBy: input.invitedByName ?? found.invitedBy };
  const unanswered = and(eq(companyInvitations.companyId, companyId), eq(companyInvitations.email, email));
  await tx.update(companyInvitations).set({ revokedAt: sql`now()` }).where(and(unanswered, unansweredInvitation));
  const token = newInvitationToken();
  const [invitation] = await tx
    .insert(companyInvitations)
    .values({
      id: crypto.randomUUID(),
      companyId,
      email,
      role,
      tokenHash: hashInvitationToken(token),
      invitedByUserId: input.invitedById,
      expiresAt: sql`now() + make_interval(days => ${INVITATION_DAYS})`,
    })
    .returning();
  if (!invitation) throw new Error('insert returned no row');
  const [account] = await tx
    .select({ email: users.email, name: users.name, activated: users.emailVerified })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email));
  const mailed = { ...facts, role, expiresAt: invitation.expiresAt };
  const here = sellerInvitationPath(token);
  const mail = account
    ? companyInvitationMail(account, mailed, `${deps.publicOrigin}${here}`)
    : companyInvitationSignUpMail(email, mailed, {
        signUp: `${deps.publicOrigin}${SIGN_UP_PATH}?next=${encodeURIComponent(here)}`,
        invitation: `${deps.publicOrigin}${here}`,
      });
  return { answer: { invitation: presentInvitation(invitation) }, mail };
}
