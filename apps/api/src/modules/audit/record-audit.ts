import { randomUUID } from 'node:crypto';
import type { Executor } from '@lotline/db';
import { auditLog } from '@lotline/db/schema';

/** One staff write (decision 0073). `before`/`after`: plain JSON (or null) of what changed, before and after. */
export interface AuditEntry {
  actorId: string;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
}

/** Plain JSON of a value: Dates become ISO strings, `undefined` becomes null (jsonb keeps no `undefined`). */
const toJson = (value: unknown): unknown => (value === undefined ? null : JSON.parse(JSON.stringify(value)));

/**
 * Records a staff write in the audit log. Call it with the transaction of the write it records, so the entry and
 * the write commit (or roll back) together. `at` is the database clock; the table refuses UPDATE and DELETE.
 */
export async function recordAudit(tx: Executor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    id: `aud_${randomUUID()}`,
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: toJson(entry.before),
    after: toJson(entry.after),
  });
}
