import type { StaffCompany, StaffCompanyPatch } from '@lotline/contracts';
import type { Database, Executor } from '@lotline/db';
import { companies, companyMembers, eventLots, events, users } from '@lotline/db/schema';
import { and, eq, isNull } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/record-audit';
import { publishEventChanges, publishLotChanges } from '../live/publish-lot-changes';
import type { Mailer } from '../mail/mailer';
import { companyStatusMail } from '../mail/templates/company-status';

export interface StaffCompanyDeps {
  db: Database;
  mailer: Mailer;
  publicOrigin: string;
}

export const staffCompanyColumns = {
  _id: companies.id,
  name: companies.name,
  slug: companies.slug,
  status: companies.status,
  commissionBps: companies.commissionBps,
};

/**
 * Staff suspend or reactivate a company, or set its commission (contract §6, decision 0076), in one
 * transaction with the company row locked: the change, one audit entry per kind of change with the part
 * before and after, and on a status change the mail to each owner. Sending what the company already has
 * changes nothing and records nothing.
 */
export async function updateStaffCompany(
  deps: StaffCompanyDeps,
  actorId: string,
  companyId: string,
  patch: StaffCompanyPatch,
): Promise<StaffCompany> {
  let statusChanged = false;
  const result = await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select(staffCompanyColumns)
      .from(companies)
      .where(eq(companies.id, companyId))
      .for('update');
    if (!before) throw AppError.notFound('No such company.');
    const status = patch.status ?? before.status;
    const commissionBps = patch.commissionBps === undefined ? before.commissionBps : patch.commissionBps;
    if (status === before.status && commissionBps === before.commissionBps) return before;
    const [after] = await tx
      .update(companies)
      .set({ status, commissionBps })
      .where(eq(companies.id, companyId))
      .returning(staffCompanyColumns);
    if (!after) throw AppError.notFound('No such company.');
    const audit = { actorId, targetType: 'company', targetId: companyId };
    if (status !== before.status) {
      const action = status === 'suspended' ? 'company.suspend' : 'company.reactivate';
      await recordAudit(tx, { ...audit, action, before: { status: before.status }, after: { status } });
      await mailOwners(tx, deps, after);
      statusChanged = true;
    }
    if (commissionBps !== before.commissionBps) {
      await recordAudit(tx, {
        ...audit,
        action: 'company.commission',
        before: { commissionBps: before.commissionBps },
        after: { commissionBps },
      });
    }
    return after;
  });
  // Its pages become view-only or open again: the page caches drop them (decision 0103), its events' as for a
  // pause, its items outside any event as changed lots.
  if (statusChanged) {
    const rows = await deps.db.select({ id: events.id }).from(events).where(eq(events.companyId, companyId));
    await publishEventChanges(
      deps.db,
      rows.map((r) => r.id),
    );
    const items = await deps.db
      .select({ id: eventLots.id })
      .from(eventLots)
      .where(and(eq(eventLots.companyId, companyId), isNull(eventLots.eventId)));
    await publishLotChanges(
      deps.db,
      items.map((r) => r.id),
    );
  }
  return result;
}

/** The company's owners hear of a suspension or a reactivation, in the transaction of the change. */
async function mailOwners(tx: Executor, deps: StaffCompanyDeps, company: StaffCompany): Promise<void> {
  const owners = await tx
    .select({ email: users.email, name: users.name })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, company._id), eq(companyMembers.role, 'owner')));
  const facts = { name: company.name, suspended: company.status === 'suspended' };
  for (const owner of owners) {
    await deps.mailer.send(companyStatusMail(owner, facts, `${deps.publicOrigin}/seller`), { tx });
  }
}
