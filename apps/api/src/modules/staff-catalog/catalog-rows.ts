import type { StaffBrand, StaffCatalogProduct } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { brands, catalogProducts, catalogRedirects, eventLots } from '@lotline/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { slugFromName } from '../staff-categories/category-rows';

/**
 * Shared by the staff brand and catalog product writes (decision 0083): one
 * lock, the uniqueName rules, the redirect rows and the reply shapes.
 */

export type Kind = 'brand' | 'catalog_product';
const table = { brand: brands, catalog_product: catalogProducts } as const;
const noun = { brand: 'brand', catalog_product: 'catalog product' } as const;

/**
 * Serialises the catalog writes: "uniqueName free" and "the survivor still
 * exists" are checked against rows no other staff write is changing.
 */
export async function lockCatalog(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('lotline:catalog'))`);
}

export type BrandRow = typeof brands.$inferSelect;
export type CatalogProductRow = typeof catalogProducts.$inferSelect;

export async function findBrand(tx: Executor, id: string): Promise<BrandRow | undefined> {
  const [row] = await tx.select().from(brands).where(eq(brands.id, id));
  return row;
}

export async function findCatalogProduct(tx: Executor, id: string): Promise<CatalogProductRow | undefined> {
  const [row] = await tx.select().from(catalogProducts).where(eq(catalogProducts.id, id));
  return row;
}

export async function keyTaken(tx: Executor, kind: Kind, uniqueName: string): Promise<boolean> {
  const t = table[kind];
  const [row] = await tx.select({ id: t.id }).from(t).where(eq(t.uniqueName, uniqueName));
  return row !== undefined;
}

export async function assertKeyFree(tx: Executor, kind: Kind, uniqueName: string): Promise<void> {
  if (await keyTaken(tx, kind, uniqueName)) {
    throw new AppError('CONFLICT', `The uniqueName "${uniqueName}" is taken by another ${noun[kind]}`, {
      field: 'uniqueName',
    });
  }
}

/** A free uniqueName from the name: its slug, else with -2, -3, … */
export async function derivedKey(tx: Executor, kind: Kind, name: string): Promise<string> {
  const base = slugFromName(name);
  if (base === '') {
    throw AppError.validation('The name has no letters or digits to make a uniqueName of; give one', 'uniqueName');
  }
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await keyTaken(tx, kind, candidate))) return candidate;
  }
}

/** A key now in use by a live row is no longer a former key of another (a live key always wins). */
export async function claimKey(tx: Executor, kind: Kind, uniqueName: string): Promise<void> {
  await tx
    .delete(catalogRedirects)
    .where(and(eq(catalogRedirects.kind, kind), eq(catalogRedirects.oldKey, uniqueName)));
}

/** `oldKey` now leads to `targetId`, and so does every key that led to `fromId` (merges: no chains). */
export async function redirectKey(
  tx: Executor,
  kind: Kind,
  oldKey: string,
  targetId: string,
  fromId: string = targetId,
): Promise<void> {
  if (fromId !== targetId) {
    await tx
      .update(catalogRedirects)
      .set({ targetId })
      .where(and(eq(catalogRedirects.kind, kind), eq(catalogRedirects.targetId, fromId)));
  }
  await tx
    .insert(catalogRedirects)
    .values({ kind, oldKey, targetId })
    .onConflictDoUpdate({ target: [catalogRedirects.kind, catalogRedirects.oldKey], set: { targetId } });
}

export async function presentBrand(tx: Executor, id: string): Promise<StaffBrand> {
  const row = await findBrand(tx, id);
  if (!row) throw AppError.notFound('Brand not found');
  const lotCount = await tx.$count(eventLots, eq(eventLots.brandId, id));
  return { _id: row.id, name: row.name, uniqueName: row.uniqueName, lotCount };
}

export async function presentCatalogProduct(tx: Executor, id: string): Promise<StaffCatalogProduct> {
  const row = await findCatalogProduct(tx, id);
  if (!row) throw AppError.notFound('Catalog product not found');
  const lotCount = await tx.$count(eventLots, eq(eventLots.catalogProductId, id));
  return {
    _id: row.id,
    uniqueName: row.uniqueName,
    name: row.name,
    brandId: row.brandId,
    productCategoryId: row.productCategoryId,
    modelNumber: row.modelNumber,
    yearFrom: row.yearFrom,
    yearTo: row.yearTo,
    lotCount,
  };
}

export const brandSnapshot = (b: BrandRow) => ({ name: b.name, uniqueName: b.uniqueName });
export const productSnapshot = (p: CatalogProductRow) => ({
  name: p.name,
  uniqueName: p.uniqueName,
  brandId: p.brandId,
  productCategoryId: p.productCategoryId,
  modelNumber: p.modelNumber,
  yearFrom: p.yearFrom,
  yearTo: p.yearTo,
});
