/** Categories (3-level tree), brands and catalog products. */
import type { brands, catalogProducts, productCategories } from '../schema/index';
import { type PhotoKind, photoFileName, photoKindForCategory } from './photos';
import { makeId, type Rng } from './random';
import { CATEGORY_TREE, type CategoryNode, LEAF_PROFILES, type LeafProfile, type ModelSpec } from './reference/index';
import { DAY_MS, slugify } from './text';

export type CategoryRow = typeof productCategories.$inferInsert;
export type BrandRow = typeof brands.$inferInsert;
export type CatalogProductRow = typeof catalogProducts.$inferInsert;

export interface LeafModel {
  spec: ModelSpec;
  brandId: string;
  catalogProductId: string | null;
}

/** An active, regular leaf category that lots can be listed in. */
export interface Leaf {
  id: string;
  slug: string;
  name: string;
  kind: PhotoKind;
  profile: LeafProfile;
  models: LeafModel[];
}

export interface Catalog {
  categories: CategoryRow[];
  brands: BrandRow[];
  catalogProducts: CatalogProductRow[];
  leaves: Leaf[];
  leavesByKind: Map<PhotoKind, Leaf[]>;
}

export const CATALOG_PRODUCT_TARGET = 150;

export const photoUrl = (kind: PhotoKind, variant: number, lotNumber?: string) =>
  `/files/demo-photos/${photoFileName(kind, variant, lotNumber)}`;

export function generateCatalog(rng: Rng, seed: number, now: Date): Catalog {
  const createdAt = new Date(now.getTime() - 400 * DAY_MS);
  const categories: CategoryRow[] = [];
  const leaves: Leaf[] = [];

  const visit = (node: CategoryNode, kind: PhotoKind, parent: CategoryRow | null, depth: number, position: number) => {
    const id = makeId('cat', seed, categories.length);
    const row: CategoryRow = {
      id,
      name: node.name,
      slug: node.slug,
      parentId: parent?.id ?? null,
      pathId: `${parent?.pathId ?? '/'}${id}/`,
      depth,
      imgFilename: photoFileName(kind, position),
      status: node.status ?? 'active',
      type: node.type ?? 'regular',
      position,
      createdAt,
    };
    categories.push(row);
    node.children?.forEach((child, i) => {
      visit(child, kind, row, depth + 1, i);
    });
    if (!node.children && row.status === 'active' && row.type === 'regular') {
      const profile = LEAF_PROFILES[node.slug];
      if (!profile) throw new Error(`No listing profile for leaf category ${node.slug}`);
      leaves.push({ id, slug: node.slug, name: node.name, kind, profile, models: [] });
    }
  };
  CATEGORY_TREE.forEach((top, i) => {
    // Top-level slugs are photo kinds, so this mapping is the identity (checked by a test).
    visit(top, photoKindForCategory(top.slug), null, 0, i);
  });

  const brandNames = [...new Set(leaves.flatMap((l) => l.profile.models.map((m) => m[0])))].sort();
  const brandRows: BrandRow[] = brandNames.map((name, i) => ({
    id: makeId('brd', seed, i),
    name,
    uniqueName: slugify(name),
  }));
  const brandIds = new Map(brandRows.map((b) => [b.name, b.id]));

  // Catalog products are the named models; bulk "Assorted" inventories are not products.
  const all = leaves.flatMap((leaf) =>
    leaf.profile.models.map((spec) => ({ leaf, spec, product: spec[1] !== 'Assorted' })),
  );
  const candidates = all.filter((m) => m.product);
  const chosen = new Set(rng.sample(candidates, CATALOG_PRODUCT_TARGET));
  const products: CatalogProductRow[] = [];
  const usedNames = new Set<string>();
  for (const entry of all) {
    const [brand, model, title, yearFrom, yearTo] = entry.spec;
    const brandId = brandIds.get(brand) ?? '';
    let catalogProductId: string | null = null;
    if (chosen.has(entry)) {
      catalogProductId = makeId('cpr', seed, products.length);
      const name = `${brand} ${model} ${title}`;
      let uniqueName = slugify(name);
      while (usedNames.has(uniqueName)) uniqueName = `${uniqueName}-${products.length}`;
      usedNames.add(uniqueName);
      products.push({
        id: catalogProductId,
        uniqueName,
        name,
        brandId,
        modelNumber: model,
        // Some products are catalogued for a single model year.
        yearFrom,
        yearTo: rng.chance(0.15) ? yearFrom : yearTo,
        productCategoryId: entry.leaf.id,
        imageUrl: photoUrl(entry.leaf.kind, rng.int(0, 5)),
        createdAt,
      });
    }
    entry.leaf.models.push({ spec: entry.spec, brandId, catalogProductId });
  }

  const leavesByKind = new Map<PhotoKind, Leaf[]>();
  for (const leaf of leaves) leavesByKind.set(leaf.kind, [...(leavesByKind.get(leaf.kind) ?? []), leaf]);
  return { categories, brands: brandRows, catalogProducts: products, leaves, leavesByKind };
}
