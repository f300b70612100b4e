import type { CatalogProduct } from '@lotline/contracts';
import { brands, catalogProducts, productCategories } from '@lotline/db/schema';

/** The columns of a catalog product (spec §3) and how a row becomes the contract's shape. */
export const catalogProductColumns = {
  id: catalogProducts.id,
  uniqueName: catalogProducts.uniqueName,
  name: catalogProducts.name,
  modelNumber: catalogProducts.modelNumber,
  yearFrom: catalogProducts.yearFrom,
  yearTo: catalogProducts.yearTo,
  productCategoryId: catalogProducts.productCategoryId,
  imageUrl: catalogProducts.imageUrl,
  brandName: brands.name,
  categoryId: productCategories.id,
  categoryName: productCategories.name,
  categorySlug: productCategories.slug,
  categoryParentId: productCategories.parentId,
};

export interface CatalogProductRow {
  uniqueName: string;
  name: string;
  modelNumber: string | null;
  yearFrom: number | null;
  yearTo: number | null;
  productCategoryId: string | null;
  imageUrl: string | null;
  brandName: string | null;
  categoryId: string | null;
  categoryName: string | null;
  categorySlug: string | null;
  categoryParentId: string | null;
}

export function toCatalogProduct(r: CatalogProductRow): CatalogProduct {
  return {
    uniqueName: r.uniqueName,
    name: r.name,
    brand: r.brandName === null ? null : { name: r.brandName },
    modelNumber: r.modelNumber === null ? null : { name: r.modelNumber },
    yearOfManufacture: { from: r.yearFrom, to: r.yearTo },
    productCategoryId: r.productCategoryId,
    productCategory:
      r.categoryId !== null && r.categoryName !== null && r.categorySlug !== null
        ? { _id: r.categoryId, name: r.categoryName, slug: r.categorySlug, parentId: r.categoryParentId }
        : null,
    imageUrl: r.imageUrl,
  };
}
