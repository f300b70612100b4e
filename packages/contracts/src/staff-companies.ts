import { z } from 'zod';
import { pagination } from './envelope';
import { email } from './identity';
import { payoutAccountState } from './payouts';
import { keyParam } from './reads-params';
import { checkSellerRegion, companyNameField, sellerCountryField, sellerRegionField } from './seller-applications';
import { companyInvitation } from './seller-company';

/** Staff company administration (contract §6, decision 0076): suspend or reactivate, the commission override. */
export const COMPANY_STATUSES = ['active', 'suspended'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];
export const MAX_COMMISSION_BPS = 10_000;

export const STAFF_COMPANIES_PAGE_SIZE = 30;
export const staffCompaniesQuery = z
  .object({
    q: z
      .string()
      .trim()
      .max(200, 'At most 200 characters.')
      .optional()
      .describe('Part of the name or slug, any case; empty or absent: every company'),
    status: z.enum(COMPANY_STATUSES, { error: 'A status is `active` or `suspended`.' }).optional(),
    pageSize: z.coerce.number().int().min(1).max(100).default(STAFF_COMPANIES_PAGE_SIZE),
    pageNumber: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .strict();
export type StaffCompaniesQuery = z.infer<typeof staffCompaniesQuery>;

export const staffCompany = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  status: z.enum(COMPANY_STATUSES),
  commissionBps: z
    .number()
    .int()
    .nullable()
    .describe("The company's commission in basis points; null: the marketplace default"),
});
export type StaffCompany = z.infer<typeof staffCompany>;

/** A company in staff's list, with its payout account (decision 0090; null: paid by bank transfer). */
export const staffCompanyListed = staffCompany.extend({ payoutAccount: payoutAccountState.nullable() });
export type StaffCompanyListed = z.infer<typeof staffCompanyListed>;
export const staffCompaniesResponse = z.object({ companies: z.array(staffCompanyListed), pagination });
export type StaffCompaniesResponse = z.infer<typeof staffCompaniesResponse>;

export const staffCompanyParams = z.object({ companyId: keyParam() }).strict();

export const staffCompanyPatchBody = z
  .object({
    status: z.enum(COMPANY_STATUSES, { error: 'A status is `active` or `suspended`.' }).optional(),
    commissionBps: z
      .number({ error: 'The commission is a whole number of basis points from 0 to 10000, or null.' })
      .int('The commission is a whole number of basis points.')
      .min(0, 'The commission is at least 0 basis points.')
      .max(MAX_COMMISSION_BPS, 'The commission is at most 10000 basis points (100%).')
      .nullable()
      .optional()
      .describe('Basis points (100 = 1%), 0 to 10000; null: back to the marketplace default'),
  })
  .strict()
  .refine((b) => b.status !== undefined || b.commissionBps !== undefined, 'Send `status`, `commissionBps` or both.');
export type StaffCompanyPatch = z.infer<typeof staffCompanyPatchBody>;

export const staffCompanyResponse = z.object({ company: staffCompany });
export type StaffCompanyResponse = z.infer<typeof staffCompanyResponse>;

/**
 * Staff create a company and invite its owner by e-mail (decision 0074): the company exists at once with no member;
 * the address becomes its owner by accepting the invitation, as any member does (decision 0068).
 */
export const staffCompanyCreateBody = z
  .object({
    name: companyNameField,
    country: sellerCountryField,
    region: sellerRegionField,
    ownerEmail: email,
  })
  .strict()
  .superRefine(checkSellerRegion);
export type StaffCompanyCreate = z.infer<typeof staffCompanyCreateBody>;

export const staffCompanyCreatedResponse = z.object({ company: staffCompany, invitation: companyInvitation });
export type StaffCompanyCreated = z.infer<typeof staffCompanyCreatedResponse>;
