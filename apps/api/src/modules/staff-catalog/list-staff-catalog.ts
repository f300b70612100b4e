import type { StaffBrand, StaffCatalogProduct } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { brands, catalogProducts, eventLots } from '@lotline/db/schema';
import { asc, ilike, or, sql } from 'drizzle-orm';

/** At most this many rows per staff list: the search narrows it. */
const LIMIT = 100;

const holding = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Brands by name, with their lot counts, for the staff brand page (decision 0083). */
export async function listStaffBrands(db: Database, q: string | undefined): Promise<StaffBrand[]> {
  return db
    .select({
      _id: brands.id,
      name: brands.name,
      uniqueName: brands.uniqueName,
      lotCount: sql<number>`(select count(*) from ${eventLots} where ${eventLots.brandId} = ${brands.id})`.mapWith(
        Number,
      ),
    })
    .from(brands)
    .where(q ? or(ilike(brands.name, holding(q)), ilike(brands.uniqueName, holding(q))) : undefined)
    .orderBy(asc(brands.name), asc(brands.id))
    .limit(LIMIT);
}

/** Catalog products by name, with their lot counts, for the staff catalog product page. */
export async function listStaffCatalogProducts(db: Database, q: string | undefined): Promise<StaffCatalogProduct[]> {
  const p = catalogProducts;
  return db
    .select({
      _id: p.id,
      uniqueName: p.uniqueName,
      name: p.name,
      brandId: p.brandId,
      productCategoryId: p.productCategoryId,
      modelNumber: p.modelNumber,
      yearFrom: p.yearFrom,
      yearTo: p.yearTo,
      lotCount: sql<number>`(select count(*) from ${eventLots} where ${eventLots.catalogProductId} = ${p.id})`.mapWith(
        Number,
      ),
    })
    .from(p)
    .where(q ? or(ilike(p.name, holding(q)), ilike(p.uniqueName, holding(q))) : undefined)
    .orderBy(asc(p.name), asc(p.id))
    .limit(LIMIT);
}
