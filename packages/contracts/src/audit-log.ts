import { z } from 'zod';
import { pagination } from './envelope';
import { keyParam } from './reads-params';

/** GET /marketplace-api/staff/audit-log (contract §6, decision 0073): filters and paging, newest first. */
export const AUDIT_LOG_PAGE_SIZE = 50;
export const auditLogQuery = z
  .object({
    actorId: keyParam().optional().describe('Only what this user (a staff member) did'),
    targetType: z
      .string()
      .regex(/^[a-z][a-z-]{0,63}$/, 'A lower-case kind such as `user`, `order` or `feature-flag`')
      .optional()
      .describe('Only writes to this kind of record'),
    targetId: keyParam().optional().describe('Only writes to the record with this id'),
    pageSize: z.coerce.number().int().min(1).max(100).default(AUDIT_LOG_PAGE_SIZE),
    pageNumber: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .strict();
export type AuditLogQuery = z.infer<typeof auditLogQuery>;

export const auditLogEntry = z.object({
  _id: z.string(),
  at: z.iso.datetime({ offset: true }).describe('When the write committed its entry (the database clock)'),
  actor: z.object({ id: z.string(), email: z.string() }),
  action: z.string().describe('Dotted, e.g. `user.disable`, `wire.received`'),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown().describe('The record (or the part written) before the write; null when it did not exist'),
  after: z.unknown().describe('The record (or the part written) after the write'),
});
export type AuditLogEntry = z.infer<typeof auditLogEntry>;

export const auditLogResponse = z.object({ entries: z.array(auditLogEntry), pagination });
export type AuditLogResponse = z.infer<typeof auditLogResponse>;
