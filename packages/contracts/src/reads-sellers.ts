import { z } from 'zod';
import { CMS_SECTION_TYPES } from './enums';
import { keyParam } from './reads-params';

/** Sellers (companies) and CMS sections as buyers read them. */

export const sellerCompany = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  displayName: z.string().nullable(),
  logoUrl: z.string().nullable(),
  description: z.string(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  country: z.string().nullable(),
});
export type SellerCompany = z.infer<typeof sellerCompany>;

export const companyIdParams = z.object({ id: keyParam() }).strict();
export const companyResponse = z.object({ company: sellerCompany });
export type CompanyResponse = z.infer<typeof companyResponse>;

/** How many sellers the browse page features as logo links (the seed features six). */
export const FEATURED_SELLERS_LIMIT = 6;
export const companiesResponse = z.object({ companies: z.array(sellerCompany) });
export type CompaniesResponse = z.infer<typeof companiesResponse>;

export const cmsSection = z.object({
  _id: z.string(),
  type: z.enum(CMS_SECTION_TYPES),
  label: z.string(),
  seeMoreUrl: z.string().nullable(),
  position: z.number().int(),
  config: z
    .object({
      lotIds: z.array(z.string()).optional(),
      companyIds: z.array(z.string()).optional(),
      catalogProductIds: z.array(z.string()).optional(),
      productCategoryId: z.string().optional(),
    })
    .describe('What the section shows, in display order'),
});
export type CmsSection = z.infer<typeof cmsSection>;
export const cmsSectionsResponse = z.object({ sections: z.array(cmsSection) });
export type CmsSectionsResponse = z.infer<typeof cmsSectionsResponse>;

/** Strict empty query: these lists take no parameters. */
export const noQuerystring = z.object({}).strict();
