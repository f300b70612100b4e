import type { AuditLogEntry } from '@lotline/contracts';
import type { TestApp } from '../../test/app';
import { url } from '../../test/app';
import { get } from '../identity/test-helpers';

/** Helpers for the audit-log tests (decision 0073): the log as staff read it, through the real route. */

export const AUDIT_LOG = '/marketplace-api/staff/audit-log';

/** The entries the filters select, newest first (one page of up to 100); throws unless the read succeeded. */
export async function auditEntries(
  t: TestApp,
  staffCookie: string,
  query: { actorId?: string; targetType?: string; targetId?: string },
): Promise<AuditLogEntry[]> {
  const res = await get(t, url(AUDIT_LOG, { ...query, pageSize: '100' }), staffCookie);
  if (res.statusCode !== 200) throw new Error(`audit log read refused: ${res.statusCode} ${res.body}`);
  return res.json().data.entries;
}
