import { z } from 'zod';
import { pagination } from './envelope';
import { keyParam } from './reads-params';
import { CANADIAN_PROVINCES, COUNTRIES, US_STATES } from './regions';

/*
 * Seller onboarding (contract §6, decision 0074): a signed-in, activated user
 * applies to sell; staff approve (the company is created with the applicant as
 * its owner) or decline with a reason.
 */

export const SELLER_APPLICATION_STATUSES = ['pending', 'approved', 'declined'] as const;
export type SellerApplicationStatus = (typeof SELLER_APPLICATION_STATUSES)[number];
export const SELLER_APPLICATION_DECISIONS = ['approve', 'decline'] as const;

/** 403 on applying before the account's e-mail is activated. */
export const NOT_ACTIVATED_CODE = 'NOT_ACTIVATED';

const US_CODES = new Set<string>(US_STATES.map(([code]) => code));
const CA_CODES = new Set<string>(CANADIAN_PROVINCES.map(([code]) => code));

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `The ${label} must be text.` })
    .trim()
    .max(max, { error: `Use at most ${max} characters for the ${label}.` })
    .transform((v) => (v === '' ? undefined : v))
    .optional();

export const companyNameField = z
  .string({ error: 'Enter the company name.' })
  .trim()
  .min(2, { error: 'Enter the company name (at least 2 characters).' })
  .max(100, { error: 'Use at most 100 characters for the company name.' })
  .refine((v) => /[\p{L}\p{N}]/u.test(v), { error: 'The company name needs at least one letter or digit.' });

export const sellerCountryField = z.enum(COUNTRIES, { error: 'Choose the United States (US) or Canada (CA).' });

/** An optional region field: upper-cased, empty counts as absent. */
export const sellerRegionField = z
  .string({ error: 'The region must be a two-letter state or province code.' })
  .trim()
  .toUpperCase()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** The region, when given, is one of the country's states or provinces (the lists addresses use). */
export function checkSellerRegion(b: { country: string; region?: string | undefined }, ctx: z.RefinementCtx): void {
  if (b.region === undefined) return;
  if (!(b.country === 'US' ? US_CODES : CA_CODES).has(b.region)) {
    ctx.addIssue({
      code: 'custom',
      path: ['region'],
      message: b.country === 'US' ? 'Choose a US state code, like TX.' : 'Choose a Canadian province code, like ON.',
    });
  }
}

export const sellerApplicationBody = z
  .object({
    companyName: companyNameField,
    country: sellerCountryField,
    region: sellerRegionField,
    website: z
      .string({ error: 'The website must be text.' })
      .trim()
      .max(300, { error: 'Use at most 300 characters for the website.' })
      .transform((v) => (v === '' ? undefined : v))
      .optional()
      .refine((v) => v === undefined || /^https?:\/\/[^\s/?#]+\.[^\s/?#]+/i.test(v), {
        error: 'Enter the website as an http or https address, like https://example.com.',
      }),
    message: optionalText('description of what you sell', 2000),
  })
  .strict()
  .superRefine(checkSellerRegion);
export type SellerApplicationBody = z.infer<typeof sellerApplicationBody>;

export const createdSellerApplication = z.object({
  _id: z.string(),
  status: z.enum(SELLER_APPLICATION_STATUSES),
  companyName: z.string(),
  createdAt: z.string().describe('ISO 8601 UTC'),
});
export const sellerApplicationCreatedResponse = z.object({ application: createdSellerApplication });

export const staffSellerApplicationsQuerystring = z
  .object({
    status: z.enum(SELLER_APPLICATION_STATUSES, { error: 'The status is pending, approved or declined.' }).optional(),
    pageSize: z.coerce.number().int().min(1).max(100).default(30),
    pageNumber: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .strict();
export type StaffSellerApplicationsQuery = z.infer<typeof staffSellerApplicationsQuerystring>;

export const staffSellerApplication = z.object({
  _id: z.string(),
  status: z.enum(SELLER_APPLICATION_STATUSES),
  companyName: z.string(),
  country: z.enum(COUNTRIES),
  region: z.string().nullable(),
  website: z.string().nullable(),
  message: z.string().nullable(),
  note: z.string().nullable().describe("Staff's reason"),
  user: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  companyId: z.string().nullable(),
});
export type StaffSellerApplication = z.infer<typeof staffSellerApplication>;

export const staffSellerApplicationsResponse = z.object({
  applications: z.array(staffSellerApplication),
  pagination,
});
export type StaffSellerApplicationsResponse = z.infer<typeof staffSellerApplicationsResponse>;

export const sellerApplicationParams = z.object({ applicationId: keyParam() }).strict();

export const sellerApplicationDecisionBody = z
  .object({
    decision: z.enum(SELLER_APPLICATION_DECISIONS, { error: 'The decision is approve or decline.' }),
    note: optionalText('note', 1000),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.decision === 'decline' && b.note === undefined) {
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'Give the applicant a reason for the decline.' });
    }
  });
export type SellerApplicationDecisionBody = z.infer<typeof sellerApplicationDecisionBody>;

export const decidedCompany = z.object({ _id: z.string(), name: z.string(), slug: z.string(), status: z.string() });
export const sellerApplicationDecisionResponse = z.object({
  application: staffSellerApplication,
  company: decidedCompany.nullable(),
});
export type SellerApplicationDecisionResponse = z.infer<typeof sellerApplicationDecisionResponse>;
