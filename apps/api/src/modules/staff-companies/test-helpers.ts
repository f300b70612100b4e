import { auditLog, companies } from '@lotline/db/schema';
import { asc, eq } from 'drizzle-orm';
import { pino } from 'pino';
import type { TestApp } from '../../test/app';
import { freshIp, ORIGIN } from '../identity/test-helpers';
import { createOutboxMailer } from '../mail/outbox-mailer';
import { createOrder } from '../orders/create-order';

/** Helpers for the staff company tests (decision 0076). */

export const STAFF_COMPANIES = '/marketplace-api/staff/companies';
export const companyUrl = (companyId: string) => `${STAFF_COMPANIES}/${companyId}`;

export const patchCompany = (t: TestApp, cookie: string | undefined, companyId: string, body: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: companyUrl(companyId),
    headers: {
      origin: ORIGIN,
      'x-forwarded-for': freshIp(),
      'content-type': 'application/json',
      ...(cookie ? { cookie } : {}),
    },
    payload: JSON.stringify(body),
  });

/** The company's administered columns and its audit entries, oldest first: what a refused call leaves as it was. */
export async function companyRecord(t: TestApp, companyId: string) {
  const [company] = await t.db
    .select({ status: companies.status, commissionBps: companies.commissionBps })
    .from(companies)
    .where(eq(companies.id, companyId));
  const audit = await t.db
    .select({ action: auditLog.action, actorId: auditLog.actorId, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(eq(auditLog.targetId, companyId))
    .orderBy(asc(auditLog.at), asc(auditLog.id));
  return { company, audit };
}

/** An approved buy-now order of one of the company's lots, as the purchase flow records it. */
export async function orderOfCompany(t: TestApp, companyId: string, buyerId: string) {
  const lot = await t.make.lot({ companyId, type: 'BuyItNowItem', buyItNowPrice: 25_000 });
  const mail = { mailer: createOutboxMailer(t.db, pino({ level: 'silent' })), publicOrigin: ORIGIN };
  return t.db.transaction((tx) =>
    createOrder(
      tx,
      { source: 'buy-now', buyerUserId: buyerId, lotId: lot.id, quantity: 1, unitPrice: 25_000, approval: 'approved' },
      mail,
    ),
  );
}
