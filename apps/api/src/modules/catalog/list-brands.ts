import type { BRAND_QUERY_FIELDS, BrandsResponse, QueryObject } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { brands } from '@lotline/db/schema';
import { asc, sql } from 'drizzle-orm';
import { type PageRequest, pageWindow, paginationOf } from '../../lib/pagination';
import { type FieldMappings, queryObjectToSql } from '../../lib/query-object-sql';

type BrandField = (typeof BRAND_QUERY_FIELDS)[number];

export interface ListBrandsInput extends PageRequest {
  query?: QueryObject<BrandField> | undefined;
}

const fields: FieldMappings<BrandField> = {
  uniqueName: { column: brands.uniqueName },
  name: { column: brands.name },
};

/** Brands (spec §3 "Brand"), by name then id so that pages are stable. */
export async function listBrands(db: Database, input: ListBrandsInput): Promise<BrandsResponse> {
  const where = queryObjectToSql(input.query, fields, 'query');
  const { limit, offset } = pageWindow(input);
  const rows = await db
    .select({
      _id: brands.id,
      name: brands.name,
      uniqueName: brands.uniqueName,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(brands)
    .where(where)
    .orderBy(asc(brands.name), asc(brands.id))
    .limit(limit)
    .offset(offset);
  // Past the last page there are no rows to carry the window count.
  const total = rows[0]?.total ?? (offset > 0 ? await db.$count(brands, where) : 0);
  return {
    brands: rows.map(({ total: _, ...b }) => b),
    pagination: paginationOf(input, total),
  };
}
