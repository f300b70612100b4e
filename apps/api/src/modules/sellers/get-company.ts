import type { CompanyResponse } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { companies } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { companyColumns } from './company-columns';

/** A seller page (/marketplace/seller/{sellerSlug}/{id}, spec §2), by id or by slug. */
export async function getCompany(db: Database, by: { id: string } | { slug: string }): Promise<CompanyResponse> {
  const where = 'id' in by ? eq(companies.id, by.id) : eq(companies.slug, by.slug);
  const [company] = await db.select(companyColumns).from(companies).where(where).limit(1);
  if (!company) throw AppError.notFound('Seller not found');
  return { company };
}
