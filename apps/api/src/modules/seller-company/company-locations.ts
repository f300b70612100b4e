import { randomUUID } from 'node:crypto';
import type { CompanyLocation, CompanyLocationBody } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { companyLocations } from '@lotline/db/schema';
import { and, asc, eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { requireCompanyRole } from './company-role';

/**
 * A company's address book of locations with their tax rate (spec §3; decision
 * 0054), kept by its owners and staff; the event form copies one into the
 * event's disposition locations. Through `requireCompanyRole`: an unknown
 * company 404, a buyer or another company's user 403.
 */

type Row = typeof companyLocations.$inferSelect;

const present = (row: Row): CompanyLocation => ({
  _id: row.id,
  city: row.city,
  region: row.region,
  country: row.country,
  taxRate: row.taxRate,
  lat: row.lat,
  lon: row.lon,
});

const ofCompany = (companyId: string, locationId: string) =>
  and(eq(companyLocations.companyId, companyId), eq(companyLocations.id, locationId));

const noSuchLocation = () => AppError.notFound('No such location of this company.');

export async function listCompanyLocations(db: Database, userId: string, companyId: string) {
  await requireCompanyRole(db, userId, companyId);
  const rows = await db
    .select()
    .from(companyLocations)
    .where(eq(companyLocations.companyId, companyId))
    .orderBy(asc(companyLocations.city), asc(companyLocations.createdAt), asc(companyLocations.id));
  return { locations: rows.map(present) };
}

export async function addCompanyLocation(db: Database, userId: string, companyId: string, body: CompanyLocationBody) {
  await requireCompanyRole(db, userId, companyId);
  const [row] = await db
    .insert(companyLocations)
    .values({ id: `cloc_${randomUUID()}`, companyId, ...body })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return present(row);
}

export async function updateCompanyLocation(
  db: Database,
  userId: string,
  companyId: string,
  locationId: string,
  body: CompanyLocationBody,
) {
  await requireCompanyRole(db, userId, companyId);
  const [row] = await db.update(companyLocations).set(body).where(ofCompany(companyId, locationId)).returning();
  if (!row) throw noSuchLocation();
  return present(row);
}

/** Events keep their own copies, so removing an address-book entry changes no event. */
export async function deleteCompanyLocation(db: Database, userId: string, companyId: string, locationId: string) {
  await requireCompanyRole(db, userId, companyId);
  const [row] = await db
    .delete(companyLocations)
    .where(ofCompany(companyId, locationId))
    .returning({ id: companyLocations.id });
  if (!row) throw noSuchLocation();
  return { removed: true as const };
}
