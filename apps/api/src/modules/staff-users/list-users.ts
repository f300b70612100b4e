import type { StaffUser, StaffUsersQuery, StaffUsersResponse } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { users } from '@lotline/db/schema';
import { asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { pageWindow, paginationOf } from '../../lib/pagination';
import { escapeLike } from '../search/search-events';

/** The columns of a user that staff see; `verified` is the flag the account module keeps current (verification.ts). */
export const staffUserColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  roles: users.roles,
  verified: users.verified,
  disabled: users.disabled,
};

export const presentStaffUser = (row: StaffUser): StaffUser => ({
  id: row.id,
  email: row.email,
  name: row.name,
  roles: row.roles,
  verified: row.verified,
  disabled: row.disabled,
});

/**
 * Staff's user search (contract §6): `q` is matched literally (a typed % or _
 * is no wildcard), in any case, inside the e-mail address or the name;
 * ordered by e-mail, which is unique, so pages never overlap.
 */
export async function listStaffUsers(db: Executor, query: StaffUsersQuery): Promise<StaffUsersResponse> {
  let where: SQL | undefined;
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    where = or(ilike(users.email, pattern), ilike(users.name, pattern));
  }
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select(staffUserColumns)
    .from(users)
    .where(where)
    .orderBy(asc(users.email))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  return { users: rows.map(presentStaffUser), pagination: paginationOf(query, total?.n ?? 0) };
}

/** One user as staff see it (the staff user page). */
export async function getStaffUser(db: Executor, userId: string): Promise<StaffUser> {
  const [row] = await db.select(staffUserColumns).from(users).where(eq(users.id, userId));
  if (!row) throw AppError.notFound('No such user.');
  return presentStaffUser(row);
}
