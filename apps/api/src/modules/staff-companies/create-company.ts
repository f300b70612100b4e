import type {
  InviteMemberBody,
  InviteMemberResponse,
  StaffCompanyCreate,
  StaffCompanyCreated,
} from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { companies, users } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/record-audit';
import { insertCompany } from '../seller-applications/create-seller-company';
import { issueInvitation, refuseMember } from '../seller-company/invite-company-member';
import { type StaffCompanyDeps, staffCompanyColumns } from './update-company';

/**
 * Staff create a seller company and invite its owner by e-mail (decision 0074). The company exists at once with no
 * member; the address becomes its owner only by accepting the invitation (decision 0068), so nobody is made a seller
 * without saying yes, and the answer is the same whether or not the address has an account. One transaction: the
 * company, the invitation and the audit entry; the e-mail leaves after COMMIT.
 */
export async function createStaffCompany(
  deps: StaffCompanyDeps,
  actorId: string,
  body: StaffCompanyCreate,
): Promise<StaffCompanyCreated> {
  const { answer, mail } = await deps.db.transaction(async (tx) => {
    const created = await insertCompany(tx, body);
    const [company] = await tx.select(staffCompanyColumns).from(companies).where(eq(companies.id, created._id));
    if (!company) throw new Error('company missing after insert');
    const invited = await issueInvitation(tx, deps, {
      companyId: company._id,
      email: body.ownerEmail,
      role: 'owner',
      invitedById: actorId,
      invitedByName: await staffName(tx, actorId),
    });
    await recordAudit(tx, {
      actorId,
      action: 'company.create',
      targetType: 'company',
      targetId: company._id,
      before: null,
      after: {
        name: company.name,
        slug: company.slug,
        country: body.country,
        region: body.region ?? null,
        ownerEmail: body.ownerEmail,
      },
    });
    return { answer: { company, invitation: invited.answer.invitation }, mail: invited.mail };
  });
  await deps.mailer.send(mail);
  return answer;
}

/** How an invitation e-mail names a staff member: "<name> of Lotline". */
async function staffName(tx: Executor, actorId: string): Promise<string> {
  const [actor] = await tx.select({ name: users.name }).from(users).where(eq(users.id, actorId));
  return actor?.name ? `${actor.name} of Lotline` : 'Lotline';
}

/**
 * Staff invite a member (an owner, typically, when the first invitation lapsed) to any company, as an owner would:
 * the company row locked as every member change takes it, 409 for an address already a member, the unanswered
 * invitation of the address replaced. Audited as `company.invite`.
 */
export async function staffInviteMember(
  deps: StaffCompanyDeps,
  actorId: string,
  companyId: string,
  body: InviteMemberBody,
): Promise<InviteMemberResponse> {
  const { answer, mail } = await deps.db.transaction(async (tx) => {
    const [company] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, companyId))
      .for('update');
    if (!company) throw AppError.notFound('No such company.');
    await refuseMember(tx, companyId, body.email);
    const invited = await issueInvitation(tx, deps, {
      companyId,
      email: body.email,
      role: body.role,
      invitedById: actorId,
      invitedByName: await staffName(tx, actorId),
    });
    await recordAudit(tx, {
      actorId,
      action: 'company.invite',
      targetType: 'company',
      targetId: companyId,
      before: null,
      after: { email: body.email, role: body.role },
    });
    return invited;
  });
  await deps.mailer.send(mail);
  return answer;
}
