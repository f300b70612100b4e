import { z } from 'zod';
import { productCategory } from './catalog';
import { CATEGORY_STATUSES, CATEGORY_TYPES } from './enums';
import { keyParam } from './reads-params';

/**
 * Staff category management (contract §6, decision 0077): create, rename,
 * move, re-slug and (de)activate a product category.
 */

export const CATEGORY_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const name = z.string().trim().min(1, 'A name is required').max(120);
const slug = z
  .string()
  .max(120)
  .regex(CATEGORY_SLUG_PATTERN, 'Lower-case letters and digits in words joined by single hyphens, e.g. "dump-trucks"');
const parentId = keyParam().nullable().describe('The parent category; null or absent: a top-level category');

export const staffCategoryCreateBody = z
  .object({
    name,
    slug: slug.optional().describe('Derived from the name when absent (made unique with -2, -3, …)'),
    parentId: parentId.optional(),
    status: z.enum(CATEGORY_STATUSES).optional().describe('Default active'),
    type: z.enum(CATEGORY_TYPES).optional().describe("Default the parent's type, or regular"),
  })
  .strict();
export type StaffCategoryCreateBody = z.infer<typeof staffCategoryCreateBody>;

export const staffCategoryUpdateBody = z
  .object({
    name: name.optional(),
    slug: slug.optional().describe("A new slug; the old one's browse URL then redirects permanently"),
    parentId: parentId.optional().describe('Move under this category (null: to the top level)'),
    status: z.enum(CATEGORY_STATUSES).optional(),
  })
  .strict()
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to change' });
export type StaffCategoryUpdateBody = z.infer<typeof staffCategoryUpdateBody>;

export const categoryIdParams = z.object({ categoryId: keyParam() }).strict();

export const staffCategoryResponse = z.object({ productCategory });
export type StaffCategoryResponse = z.infer<typeof staffCategoryResponse>;

/** GET …/product-categories/redirects/{slug}: the current slug of the category that once had `slug`. */
export const categoryRedirectResponse = z.object({ slug: z.string() });
export type CategoryRedirectResponse = z.infer<typeof categoryRedirectResponse>;

/** POST …/staff/categories/{categoryId}/merge (decision 0083): the category to merge this one into. */
export const staffCategoryMergeBody = z
  .object({ intoId: keyParam().describe('The category that takes over the lots, children and slug') })
  .strict();
export type StaffCategoryMergeBody = z.infer<typeof staffCategoryMergeBody>;
