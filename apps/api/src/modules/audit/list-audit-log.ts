import type { AuditLogQuery, AuditLogResponse } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { auditLog, users } from '@lotline/db/schema';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { pageWindow, paginationOf } from '../../lib/pagination';

/** The audit log for staff, newest first (ties by id, so pages never overlap), filtered as asked. */
export async function listAuditLog(db: Database, query: AuditLogQuery): Promise<AuditLogResponse> {
  const filters: SQL[] = [];
  if (query.actorId) filters.push(eq(auditLog.actorId, query.actorId));
  if (query.targetType) filters.push(eq(auditLog.targetType, query.targetType));
  if (query.targetId) filters.push(eq(auditLog.targetId, query.targetId));
  const where = filters.length ? and(...filters) : undefined;
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        actorId: auditLog.actorId,
        actorEmail: users.email,
        action: auditLog.action,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        before: auditLog.before,
        after: auditLog.after,
      })
      .from(auditLog)
      .innerJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return {
    entries: rows.map((row) => ({
      _id: row.id,
      at: row.at.toISOString(),
      actor: { id: row.actorId, email: row.actorEmail },
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      before: row.before ?? null,
      after: row.after ?? null,
    })),
    pagination: paginationOf(query, total?.n ?? 0),
  };
}
