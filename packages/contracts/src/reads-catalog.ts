import { z } from 'zod';
import { productCategory } from './catalog';
import { pagination } from './envelope';
import { jsonQueryParam, type QueryFieldRule, queryObjectSchema } from './query-object';
import { keyParam } from './reads-params';

/** Read schemas of the catalogue: category tree, brands, catalog products (spec §3). */

const pageNumber = z.coerce.number().int().min(1).max(10_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(100).default(30);

/** Spec §3 "A tree node wrapper with additionalData": the category, its counts, then its children. */
export interface ProductCategoryTreeNode {
  node: { _id: string; name: string; slug: string; parentId: string | null; imgFilename: string | null };
  additionalData: { totalDocCount: number };
  children: ProductCategoryTreeNode[];
}
export const productCategoryTreeNode: z.ZodType<ProductCategoryTreeNode> = z.lazy(() =>
  z.object({
    node: z.object({
      _id: z.string(),
      name: z.string(),
      slug: z.string(),
      parentId: z.string().nullable(),
      imgFilename: z.string().nullable(),
    }),
    additionalData: z.object({
      totalDocCount: z.number().int().describe('Publicly listed lots in this category and all below it'),
    }),
    children: z.array(productCategoryTreeNode),
  }),
);

export const productCategoryTreeResponse = z.object({ tree: z.array(productCategoryTreeNode) });
export type ProductCategoryTreeResponse = z.infer<typeof productCategoryTreeResponse>;

export const slugParams = z.object({ slug: keyParam() }).strict();

export const productCategoryBySlugResponse = z.object({
  productCategory: productCategory.extend({
    ancestors: z
      .array(z.object({ _id: z.string(), name: z.string(), slug: z.string() }))
      .describe('From the root down to the parent, for breadcrumbs'),
  }),
});
export type ProductCategoryBySlugResponse = z.infer<typeof productCategoryBySlugResponse>;

export const BRAND_QUERY_FIELDS = ['uniqueName', 'name'] as const;
const brandRules = {
  uniqueName: { type: 'string' },
  name: { type: 'string' },
} as const satisfies Record<(typeof BRAND_QUERY_FIELDS)[number], QueryFieldRule>;
export const brandQuery = queryObjectSchema(BRAND_QUERY_FIELDS, brandRules);

export const brandsQuerystring = z
  .object({
    pageSize,
    pageNumber,
    query: jsonQueryParam(brandQuery).optional().describe('URL-encoded JSON query object (contract §2)'),
  })
  .strict();

export const brandEntry = z.object({ _id: z.string(), name: z.string(), uniqueName: z.string() });
export const brandsResponse = z.object({ brands: z.array(brandEntry), pagination });
export type BrandsResponse = z.infer<typeof brandsResponse>;

/** Spec §3 "Catalog product". */
export const catalogProduct = z.object({
  uniqueName: z.string(),
  name: z.string(),
  brand: z.object({ name: z.string() }).nullable(),
  modelNumber: z.object({ name: z.string() }).nullable(),
  yearOfManufacture: z.object({ from: z.number().int().nullable(), to: z.number().int().nullable() }),
  productCategoryId: z.string().nullable(),
  productCategory: z
    .object({ _id: z.string(), name: z.string(), slug: z.string(), parentId: z.string().nullable() })
    .nullable(),
  imageUrl: z.string().nullable(),
});
export type CatalogProduct = z.infer<typeof catalogProduct>;

export const catalogProductsQuerystring = z
  .object({
    'product-category': keyParam()
      .optional()
      .describe('A category slug or id; products of that category and every category below it'),
    pageSize,
    pageNumber,
  })
  .strict();

export const catalogProductsResponse = z.object({ catalogProducts: z.array(catalogProduct), pagination });
export type CatalogProductsResponse = z.infer<typeof catalogProductsResponse>;

export const uniqueNameParams = z.object({ uniqueName: keyParam(300) }).strict();
export const catalogProductResponse = z.object({ catalogProduct });
export type CatalogProductResponse = z.infer<typeof catalogProductResponse>;
