import { z } from 'zod';
import { keyParam } from './reads-params';
import { CATEGORY_SLUG_PATTERN } from './staff-categories';

/**
 * Staff administration of brands and catalog products (decision 0083):
 * create, edit, and merge duplicates. A uniqueName is the public key (the
 * catalog product page /catalog/p/{uniqueName}, the brand filter); a changed
 * or merged-away one redirects to the current one.
 */

const name = z.string().trim().min(1, 'A name is required').max(200);
const uniqueName = z
  .string()
  .max(200)
  .regex(CATEGORY_SLUG_PATTERN, 'Lower-case letters and digits in words joined by single hyphens, e.g. "caterpillar"');
const year = z.number().int().min(1800).max(2100);

export const staffBrandCreateBody = z
  .object({
    name,
    uniqueName: uniqueName.optional().describe('Derived from the name when absent (made unique with -2, -3, …)'),
  })
  .strict();
export type StaffBrandCreateBody = z.infer<typeof staffBrandCreateBody>;

export const staffBrandUpdateBody = z
  .object({
    name: name.optional(),
    uniqueName: uniqueName.optional().describe('A new key; the old one then redirects to it'),
  })
  .strict()
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to change' });
export type StaffBrandUpdateBody = z.infer<typeof staffBrandUpdateBody>;

export const staffBrand = z.object({ _id: z.string(), name: z.string(), uniqueName: z.string(), lotCount: z.number() });
export type StaffBrand = z.infer<typeof staffBrand>;
export const staffBrandResponse = z.object({ brand: staffBrand });

const productFields = {
  name,
  uniqueName: uniqueName.describe('The product page key, /catalog/p/{uniqueName}'),
  brandId: keyParam().nullable().describe('null: no brand'),
  productCategoryId: keyParam().nullable().describe('null: no category'),
  modelNumber: z.string().trim().min(1).max(120).nullable(),
  yearFrom: year.nullable(),
  yearTo: year.nullable(),
};
const yearsInOrder = (b: { yearFrom?: number | null; yearTo?: number | null }) =>
  b.yearFrom == null || b.yearTo == null || b.yearFrom <= b.yearTo;
const yearsMessage = { message: 'yearFrom must not be after yearTo', path: ['yearTo'] };

export const staffCatalogProductCreateBody = z
  .object({
    name,
    uniqueName: productFields.uniqueName.optional().describe('Derived from the name when absent'),
    brandId: productFields.brandId.optional(),
    productCategoryId: productFields.productCategoryId.optional(),
    modelNumber: productFields.modelNumber.optional(),
    yearFrom: productFields.yearFrom.optional(),
    yearTo: productFields.yearTo.optional(),
  })
  .strict()
  .refine(yearsInOrder, yearsMessage);
export type StaffCatalogProductCreateBody = z.infer<typeof staffCatalogProductCreateBody>;

export const staffCatalogProductUpdateBody = z
  .object({
    name: productFields.name.optional(),
    uniqueName: productFields.uniqueName.optional().describe('A new key; the old product page then redirects to it'),
    brandId: productFields.brandId.optional(),
    productCategoryId: productFields.productCategoryId.optional(),
    modelNumber: productFields.modelNumber.optional(),
    yearFrom: productFields.yearFrom.optional(),
    yearTo: productFields.yearTo.optional(),
  })
  .strict()
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to change' })
  .refine(yearsInOrder, yearsMessage);
export type StaffCatalogProductUpdateBody = z.infer<typeof staffCatalogProductUpdateBody>;

export const staffCatalogProduct = z.object({
  _id: z.string(),
  uniqueName: z.string(),
  name: z.string(),
  brandId: z.string().nullable(),
  productCategoryId: z.string().nullable(),
  modelNumber: z.string().nullable(),
  yearFrom: z.number().nullable(),
  yearTo: z.number().nullable(),
  lotCount: z.number(),
});
export type StaffCatalogProduct = z.infer<typeof staffCatalogProduct>;
export const staffCatalogProductResponse = z.object({ catalogProduct: staffCatalogProduct });

/** Merge a duplicate into the survivor `intoId`; the duplicate's lots follow and its uniqueName redirects. */
export const staffCatalogMergeBody = z.object({ intoId: keyParam().describe('The survivor') }).strict();
export type StaffCatalogMergeBody = z.infer<typeof staffCatalogMergeBody>;

export const brandIdParams = z.object({ brandId: keyParam() }).strict();
export const catalogProductIdParams = z.object({ catalogProductId: keyParam() }).strict();

/** GET …/redirects/{uniqueName} of brands and catalog products: the current key of the one that had it. */
export const catalogRedirectResponse = z.object({ uniqueName: z.string() });
export type CatalogRedirectResponse = z.infer<typeof catalogRedirectResponse>;

/** The staff lists: the first 100 by name, those whose name or uniqueName holds `q` when given. */
export const staffCatalogListQuerystring = z
  .object({ q: z.string().trim().max(100).optional().describe('Part of the name or uniqueName') })
  .strict();
export const staffBrandsResponse = z.object({ brands: z.array(staffBrand) });
export const staffCatalogProductsResponse = z.object({ catalogProducts: z.array(staffCatalogProduct) });
