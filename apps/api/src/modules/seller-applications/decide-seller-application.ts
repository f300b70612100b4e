import {
  SELL_APPLY_PATH,
  SELLER_PATH,
  type SellerApplicationDecisionBody,
  type SellerApplicationDecisionResponse,
} from '@lotline/contracts';
import type { Database, Executor } from '@lotline/db';
import { sellerApplications, users } from '@lotline/db/schema';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { assertNotOwnRecord } from '../../lib/own-record';
import { recordAudit } from '../audit/record-audit';
import type { Mailer } from '../mail/mailer';
import { sellerApplicationApprovedMail, sellerApplicationDeclinedMail } from '../mail/templates/seller-applications';
import { type CreatedCompany, createSellerCompany } from './create-seller-company';
import { applicationColumns, presentApplication } from './list-seller-applications';

export interface DecisionDeps {
  db: Database;
  mailer: Mailer;
  publicOrigin: string;
}

const readApplication = (tx: Executor, id: string) =>
  tx
    .select(applicationColumns)
    .from(sellerApplications)
    .innerJoin(users, eq(users.id, sellerApplications.userId))
    .where(eq(sellerApplications.id, id));

/**
 * Contract §6: staff approve or decline a pending application. The row is
 * locked, so two staff deciding at once cannot both succeed (the second gets
 * 409); the applicant's own application is for another staff member
 * (OWN_RECORD). Approving creates the company with the applicant as owner.
 * The decision, the company, the audit entry and the applicant's e-mail commit
 * together.
 */
export async function decideSellerApplication(
  deps: DecisionDeps,
  staffId: string,
  applicationId: string,
  body: SellerApplicationDecisionBody,
): Promise<SellerApplicationDecisionResponse> {
  return deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ userId: sellerApplications.userId, status: sellerApplications.status })
      .from(sellerApplications)
      .where(eq(sellerApplications.id, applicationId))
      .for('update');
    if (!locked) throw AppError.notFound('No such seller application.');
    assertNotOwnRecord(staffId, locked.userId);
    if (locked.status !== 'pending') {
      throw new AppError('CONFLICT', `This application was already ${locked.status}.`);
    }
    const [before] = await readApplication(tx, applicationId);
    if (!before) throw new Error('the locked application vanished');

    let company: CreatedCompany | null = null;
    if (body.decision === 'approve') {
      company = await createSellerCompany(tx, {
        ownerId: before.userId,
        name: before.companyName,
        country: before.country,
        region: before.region,
      });
    }
    await tx
      .update(sellerApplications)
      .set({
        status: body.decision === 'approve' ? 'approved' : 'declined',
        note: body.note ?? null,
        decidedAt: sql`now()`,
        decidedBy: staffId,
        companyId: company?._id ?? null,
      })
      .where(eq(sellerApplications.id, applicationId));
    const [afterRow] = await readApplication(tx, applicationId);
    if (!afterRow) throw new Error('the decided application vanished');
    const application = presentApplication(afterRow);

    await recordAudit(tx, {
      actorId: staffId,
      action: `seller-application.${body.decision}`,
      targetType: 'seller-application',
      targetId: applicationId,
      before: { status: before.status },
      after: { status: application.status, note: application.note, company },
    });

    const applicant = { email: before.userEmail, name: before.userName };
    const mail =
      body.decision === 'approve'
        ? sellerApplicationApprovedMail(applicant, before.companyName, `${deps.publicOrigin}${SELLER_PATH}`)
        : sellerApplicationDeclinedMail(
            applicant,
            before.companyName,
            body.note ?? '',
            `${deps.publicOrigin}${SELL_APPLY_PATH}`,
          );
    await deps.mailer.send(mail, { tx });
    return { application, company };
  });
}
