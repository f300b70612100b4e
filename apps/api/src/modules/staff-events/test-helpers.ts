import { auditLog, eventLots, lotWithdrawals, mailOutbox } from '@lotline/db/schema';
import { and, asc, eq, like } from 'drizzle-orm';
import type { TestApp } from '../../test/app';
import { staffRequest } from '../staff-users/test-helpers';

/** Helpers for the staff events tests (decisions 0081 and 0082). */

export const withdrawPath = (lotId: string) => `/marketplace-api/staff/lots/${lotId}/withdraw`;

export const withdraw = (t: TestApp, cookie: string | undefined, lotId: string, body: unknown) =>
  staffRequest(t, 'POST', withdrawPath(lotId), cookie, body);

/** What a withdrawal writes: the lot's status, its withdrawal row and the audit entries about it. */
export async function lotRecord(t: TestApp, lotId: string) {
  const [lot] = await t.db.select({ status: eventLots.status }).from(eventLots).where(eq(eventLots.id, lotId));
  const withdrawal = await t.db
    .select({ reason: lotWithdrawals.reason, actorId: lotWithdrawals.actorId })
    .from(lotWithdrawals)
    .where(eq(lotWithdrawals.lotId, lotId));
  const audit = await t.db
    .select({ action: auditLog.action, actorId: auditLog.actorId, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(eq(auditLog.targetId, lotId))
    .orderBy(asc(auditLog.at), asc(auditLog.id));
  return { status: lot?.status, withdrawal, audit };
}

/** The mails sent to an address whose subject holds `about`. */
export const mailsTo = (t: TestApp, email: string, about: string) =>
  t.db
    .select({ subject: mailOutbox.subject, text: mailOutbox.text })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), like(mailOutbox.subject, `%${about}%`)));
