import type { CatalogProductCard } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { brands, catalogProducts } from '@lotline/db/schema';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';

/** Catalog product cards (spec §2 "Catalog product card") for catalog filler rows. */
export async function selectCatalogCards(
  db: Database,
  where: SQL | undefined,
  limit: number,
  ids?: string[],
): Promise<CatalogProductCard[]> {
  const wanted = ids ? [...new Set(ids)].slice(0, 200) : undefined;
  if (wanted && wanted.length === 0) return [];
  const rows = await db
    .select({
      id: catalogProducts.id,
      uniqueName: catalogProducts.uniqueName,
      name: catalogProducts.name,
      brandName: brands.name,
      modelNumber: catalogProducts.modelNumber,
      yearFrom: catalogProducts.yearFrom,
      yearTo: catalogProducts.yearTo,
      productCategoryId: catalogProducts.productCategoryId,
      imageUrl: catalogProducts.imageUrl,
    })
    .from(catalogProducts)
    .leftJoin(brands, eq(brands.id, catalogProducts.brandId))
    .where(and(wanted ? inArray(catalogProducts.id, wanted) : undefined, where))
    // Without explicit ids: the newest products of the category.
    .orderBy(desc(catalogProducts.createdAt), sql`${catalogProducts.id} asc`)
    .limit(wanted ? wanted.length : limit);

  const cards = rows.map((r) => ({
    id: r.id,
    card: {
      uniqueName: r.uniqueName,
      name: r.name,
      brand: r.brandName === null ? null : { name: r.brandName },
      modelNumber: r.modelNumber === null ? null : { name: r.modelNumber },
      yearOfManufacture: { from: r.yearFrom, to: r.yearTo },
      productCategoryId: r.productCategoryId,
      imageUrl: r.imageUrl,
    },
  }));
  if (!wanted) return cards.map((c) => c.card);
  // Explicit ids keep the editor's order.
  const byId = new Map(cards.map((c) => [c.id, c.card]));
  return wanted.flatMap((id) => byId.get(id) ?? []).slice(0, limit);
}
