import type { SellerEventsQuery, SellerEventsResponse } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { companies, events } from '@lotline/db/schema';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { requireSellerCompanies } from '../sellers/company-members';
import { lotsCountSql, toSummary } from './event-view';

/** The events of the user's companies, every status (drafts too), newest first; and those companies. */
export async function listSellerEvents(
  db: Database,
  userId: string,
  query: SellerEventsQuery,
): Promise<SellerEventsResponse> {
  const companyIds = await requireSellerCompanies(db, userId);
  const where = and(inArray(events.companyId, companyIds), query.status ? eq(events.status, query.status) : undefined);
  const [rows, [total], own] = await Promise.all([
    db
      .select({ event: events, lotsCount: lotsCountSql })
      .from(events)
      .where(where)
      .orderBy(desc(events.createdAt), desc(events.id))
      .limit(query.pageSize)
      .offset((query.pageNumber - 1) * query.pageSize),
    db.select({ n: count() }).from(events).where(where),
    db
      .select({ _id: companies.id, name: sql<string>`coalesce(${companies.displayName}, ${companies.name})` })
      .from(companies)
      .where(inArray(companies.id, companyIds))
      .orderBy(asc(companies.name)),
  ]);
  const totalItems = total?.n ?? 0;
  return {
    events: rows.map((r) => toSummary(r.event, r.lotsCount)),
    pagination: {
      pageNumber: query.pageNumber,
      pageSize: query.pageSize,
      totalItems,
      totalPages: Math.ceil(totalItems / query.pageSize),
    },
    companies: own,
  };
}
