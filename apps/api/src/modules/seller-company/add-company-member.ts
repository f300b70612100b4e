import {
  type AddMemberBody,
  type AddMemberResponse,
  COMPANY_CODES,
  INVITATION_DAYS,
  SELLER_PATH,
  sellerInvitationPath,
} from '@lotline/contracts';
import type { Database, Executor } from '@lotline/db';
import { companies, companyInvitations, companyMembers, users } from '@lotline/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import type { Mailer, MailMessage } from '../mail/mailer';
import { companyInvitationMail, memberAddedMail } from '../mail/templates/company';
import { requireCompanyRole } from './company-role';
import { hashInvitationToken, newInvitationToken, presentInvitation, unansweredInvitation } from './invitation-token';
import { grantSellerRole } from './seller-role';

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

/**
 * An owner adds a person by e-mail (decision 0048). An activated account with
 * that address joins at once (and becomes a seller user); any other address,
 * an account not yet activated included (sign-up does not prove the address),
 * gets an invitation link, replacing an earlier unanswered one. The e-mail
 * leaves after COMMIT.
 */
export async function addCompanyMember(
  deps: MemberMailDeps,
  ownerId: string,
  companyId: string,
  body: AddMemberBody,
): Promise<AddMemberResponse> {
  const { db } = deps;
  const { answer, mail } = await db.transaction(async (tx) => {
    await requireCompanyRole(tx, ownerId, companyId, { owner: true, lock: true });
    const facts = await mailFacts(tx, companyId, ownerId);
    const [user] = await tx
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(and(eq(sql`lower(${users.email})`, body.email), eq(users.emailVerified, true)));
    const unanswered = and(eq(companyInvitations.companyId, companyId), eq(companyInvitations.email, body.email));
    // An earlier invitation of this address is superseded (by the membership or by the new link).
    await tx.update(companyInvitations).set({ revokedAt: sql`now()` }).where(and(unanswered, unansweredInvitation));
    if (user) {
      const added = await tx
        .insert(companyMembers)
        .values({ companyId, userId: user.id, role: body.role })
        .onConflictDoNothing()
        .returning({ userId: companyMembers.userId });
      if (added.length === 0) {
        throw new AppError(COMPANY_CODES.alreadyMember, `${body.email} is already a member of this company.`, {
          status: 409,
          field: 'email',
        });
      }
      await grantSellerRole(tx, user.id);
      const message: MailMessage = memberAddedMail(
        user,
        { ...facts, role: body.role },
        `${deps.publicOrigin}${SELLER_PATH}`,
      );
      const member = { userId: user.id, name: user.name, email: user.email, role: body.role };
      return { answer: { outcome: 'added' as const, member }, mail: message };
    }
    const token = newInvitationToken();
    const [invitation] = await tx
      .insert(companyInvitations)
      .values({
        id: crypto.randomUUID(),
        companyId,
        email: body.email,
        role: body.role,
        tokenHash: hashInvitationToken(token),
        invitedByUserId: ownerId,
        expiresAt: sql`now() + make_interval(days => ${INVITATION_DAYS})`,
      })
      .returning();
    if (!invitation) throw new Error('insert returned no row');
    const message = companyInvitationMail(
      body.email,
      { ...facts, role: body.role, expiresAt: invitation.expiresAt },
      `${deps.publicOrigin}${sellerInvitationPath(token)}`,
    );
    return { answer: { outcome: 'invited' as const, invitation: presentInvitation(invitation) }, mail: message };
  });
  await deps.mailer.send(mail);
  return answer;
}
