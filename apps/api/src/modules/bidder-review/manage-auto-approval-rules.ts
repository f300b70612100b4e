import { randomUUID } from 'node:crypto';
import type { AutoApprovalRule, AutoApprovalRuleBody } from '@lotline/contracts';
import type { Database, Executor } from '@lotline/db';
import { autoApprovalRules, companies } from '@lotline/db/schema';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/record-audit';

/**
 * Staff write each company's auto-approval rules (decision 0080). Every write is audited with the rule
 * before and after; the auto-approvals a rule makes are audited in the name of who last wrote it.
 */

const columns = {
  id: autoApprovalRules.id,
  companyId: autoApprovalRules.companyId,
  companyName: companies.name,
  requireVerified: autoApprovalRules.requireVerified,
  requireNoUnpaidOrders: autoApprovalRules.requireNoUnpaidOrders,
  minAccountAgeDays: autoApprovalRules.minAccountAgeDays,
  bidLimit: autoApprovalRules.bidLimitMinor,
  currency: autoApprovalRules.bidLimitCurrency,
  active: autoApprovalRules.active,
  updatedAt: autoApprovalRules.updatedAt,
};

type Row = Awaited<ReturnType<typeof selectRules>>[number];

const present = (r: Row): AutoApprovalRule => ({
  _id: r.id,
  company: { id: r.companyId, name: r.companyName },
  requireVerified: r.requireVerified,
  requireNoUnpaidOrders: r.requireNoUnpaidOrders,
  minAccountAgeDays: r.minAccountAgeDays,
  bidLimit: r.bidLimit,
  currency: r.currency,
  active: r.active,
  updatedAt: r.updatedAt.toISOString(),
});

const selectRules = (db: Executor, where: SQL | undefined) =>
  db
    .select(columns)
    .from(autoApprovalRules)
    .innerJoin(companies, eq(companies.id, autoApprovalRules.companyId))
    .where(where)
    .orderBy(asc(companies.name), asc(autoApprovalRules.createdAt), asc(autoApprovalRules.id));

/** The rules, of one company or of all, by company name then age. */
export async function listAutoApprovalRules(db: Executor, companyId?: string): Promise<AutoApprovalRule[]> {
  const rows = await selectRules(db, companyId === undefined ? undefined : eq(autoApprovalRules.companyId, companyId));
  return rows.map(present);
}

async function readRule(db: Executor, ruleId: string): Promise<AutoApprovalRule> {
  const [row] = await selectRules(db, eq(autoApprovalRules.id, ruleId));
  if (!row) throw AppError.notFound('No such rule.');
  return present(row);
}

const values = (body: AutoApprovalRuleBody) => ({
  requireVerified: body.requireVerified,
  requireNoUnpaidOrders: body.requireNoUnpaidOrders,
  minAccountAgeDays: body.minAccountAgeDays,
  bidLimitMinor: body.bidLimit,
  bidLimitCurrency: body.currency,
  active: body.active,
});

export async function createAutoApprovalRule(
  db: Database,
  actorId: string,
  body: AutoApprovalRuleBody,
): Promise<AutoApprovalRule> {
  const id = `aar_${randomUUID()}`;
  await db.transaction(async (tx) => {
    const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, body.companyId));
    if (!company) throw new AppError('NOT_FOUND', 'No such company.', { field: 'companyId' });
    await tx.insert(autoApprovalRules).values({ id, companyId: body.companyId, ...values(body), updatedBy: actorId });
    await recordAudit(tx, {
      actorId,
      action: 'auto-approval-rule.create',
      targetType: 'auto-approval-rule',
      targetId: id,
      before: null,
      after: await readRule(tx, id),
    });
  });
  return readRule(db, id);
}

/** Replaces a rule's conditions and limit; its company stays (a rule of another company is a new rule). */
export async function updateAutoApprovalRule(
  db: Database,
  actorId: string,
  ruleId: string,
  body: AutoApprovalRuleBody,
): Promise<AutoApprovalRule> {
  await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ companyId: autoApprovalRules.companyId })
      .from(autoApprovalRules)
      .where(eq(autoApprovalRules.id, ruleId))
      .for('update');
    if (!locked) throw AppError.notFound('No such rule.');
    if (locked.companyId !== body.companyId)
      throw AppError.validation('A rule stays with its company: make a new rule for another company.', 'companyId');
    const before = await readRule(tx, ruleId);
    await tx
      .update(autoApprovalRules)
      .set({ ...values(body), updatedBy: actorId, updatedAt: sql`now()` })
      .where(eq(autoApprovalRules.id, ruleId));
    await recordAudit(tx, {
      actorId,
      action: 'auto-approval-rule.update',
      targetType: 'auto-approval-rule',
      targetId: ruleId,
      before,
      after: await readRule(tx, ruleId),
    });
  });
  return readRule(db, ruleId);
}

/** Deletes a rule; the registrations it approved keep its id (and the audit log its conditions). */
export async function deleteAutoApprovalRule(db: Database, actorId: string, ruleId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: autoApprovalRules.id })
      .from(autoApprovalRules)
      .where(eq(autoApprovalRules.id, ruleId))
      .for('update');
    if (!locked) throw AppError.notFound('No such rule.');
    const before = await readRule(tx, ruleId);
    await tx.delete(autoApprovalRules).where(eq(autoApprovalRules.id, ruleId));
    await recordAudit(tx, {
      actorId,
      action: 'auto-approval-rule.delete',
      targetType: 'auto-approval-rule',
      targetId: ruleId,
      before,
      after: null,
    });
  });
}
