import type {
  StaffSellerApplication,
  StaffSellerApplicationsQuery,
  StaffSellerApplicationsResponse,
} from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { sellerApplications, users } from '@lotline/db/schema';
import { asc, count, desc, eq } from 'drizzle-orm';
import { pageWindow, paginationOf } from '../../lib/pagination';

export const applicationColumns = {
  id: sellerApplications.id,
  status: sellerApplications.status,
  companyName: sellerApplications.companyName,
  country: sellerApplications.country,
  region: sellerApplications.region,
  website: sellerApplications.website,
  message: sellerApplications.message,
  note: sellerApplications.note,
  createdAt: sellerApplications.createdAt,
  decidedAt: sellerApplications.decidedAt,
  companyId: sellerApplications.companyId,
  userId: users.id,
  userEmail: users.email,
  userName: users.name,
};

interface Row {
  id: string;
  status: StaffSellerApplication['status'];
  companyName: string;
  country: StaffSellerApplication['country'];
  region: string | null;
  website: string | null;
  message: string | null;
  note: string | null;
  createdAt: Date;
  decidedAt: Date | null;
  companyId: string | null;
  userId: string;
  userEmail: string;
  userName: string;
}

export function presentApplication(r: Row): StaffSellerApplication {
  return {
    _id: r.id,
    status: r.status,
    companyName: r.companyName,
    country: r.country,
    region: r.region,
    website: r.website,
    message: r.message,
    note: r.note,
    user: { id: r.userId, email: r.userEmail, name: r.userName },
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
    companyId: r.companyId,
  };
}

/** Staff's list: pending ones oldest first (the queue), decided ones newest first; every status when none is given. */
export async function listSellerApplications(
  db: Executor,
  query: StaffSellerApplicationsQuery,
): Promise<StaffSellerApplicationsResponse> {
  const where = query.status ? eq(sellerApplications.status, query.status) : undefined;
  const order =
    query.status === 'pending'
      ? [asc(sellerApplications.createdAt), asc(sellerApplications.id)]
      : [desc(sellerApplications.createdAt), desc(sellerApplications.id)];
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select(applicationColumns)
    .from(sellerApplications)
    .innerJoin(users, eq(users.id, sellerApplications.userId))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(sellerApplications).where(where);
  return { applications: rows.map(presentApplication), pagination: paginationOf(query, total?.n ?? 0) };
}
