import { z } from 'zod';
import { TAX_REGION_MESSAGE } from './constants';
import { TAX_EXEMPTION_DOCUMENT_TYPES, TAX_EXEMPTION_STATUSES } from './enums';
import { keyParam } from './reads-params';
import { CANADIAN_PROVINCES, US_STATES } from './regions';

/**
 * Tax exemptions (spec §3 "Tax exemption", §4 reseller verification; contract
 * §3 and §4): a reseller's certificate, reviewed by staff. Decision 0013.
 */

export type TaxExemptionStatus = (typeof TAX_EXEMPTION_STATUSES)[number];
export type TaxExemptionDocumentType = (typeof TAX_EXEMPTION_DOCUMENT_TYPES)[number];

/** A state of the US or a province or territory of Canada, by code. */
export const TAX_REGIONS: readonly (readonly [string, string])[] = [...US_STATES, ...CANADIAN_PROVINCES];
const REGION_CODES = new Set(TAX_REGIONS.map(([code]) => code));

/** How long an approval lasts unless the reviewer says otherwise. */
export const DEFAULT_EXEMPTION_MONTHS = 12;

/** GET /ars/api/v2/identity/tax-exemptions/user (contract §3). */
export const taxExemptionsQuerystring = z
  .object({
    documentId: keyParam().optional().describe('The user, company or order id; default the signed-in user'),
    documentType: z
      .enum(TAX_EXEMPTION_DOCUMENT_TYPES, { error: 'documentType is company, user or order.' })
      .optional()
      .describe('Default `user`'),
    sort: z
      .literal('-createdAt', { error: 'The only sort is -createdAt (newest first).' })
      .optional()
      .describe('Newest first (the only order)'),
  })
  .strict();

/** One exemption as the contract shows it. */
export const taxExemption = z.object({
  _id: z.string(),
  status: z.enum(TAX_EXEMPTION_STATUSES),
  documentType: z.enum(TAX_EXEMPTION_DOCUMENT_TYPES),
  documentId: z.string(),
  fileUrl: z.string(),
  region: z.string(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime().nullable(),
});
export type TaxExemption = z.infer<typeof taxExemption>;
export const taxExemptionsResponse = z.object({ taxExemptions: z.array(taxExemption) });

/** Submitting a certificate: the key of a file the user uploaded (application `marketplace`) and the region. */
export const taxExemptionBody = z
  .object({
    fileKey: z
      .string({ error: 'Upload the certificate first.' })
      .trim()
      .min(1, { error: 'Upload the certificate first.' })
      .max(300),
    region: z
      .string({ error: TAX_REGION_MESSAGE })
      .trim()
      .toUpperCase()
      .refine((r) => REGION_CODES.has(r), { error: TAX_REGION_MESSAGE }),
  })
  .strict();
export type TaxExemptionBody = z.input<typeof taxExemptionBody>;

// ── Staff review ─────────────────────────────────────────────────────────────

export const reviewQuerystring = z
  .object({
    status: z
      .enum(TAX_EXEMPTION_STATUSES, { error: 'status is in-review, active, expired or revoked.' })
      .default('in-review'),
  })
  .strict();

export const reviewedTaxExemption = taxExemption.extend({
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.iso.datetime().nullable(),
  reviewNote: z.string().nullable(),
});
export type ReviewedTaxExemption = z.infer<typeof reviewedTaxExemption>;
export const reviewListResponse = z.object({ taxExemptions: z.array(reviewedTaxExemption) });

export const exemptionIdParams = z.object({ exemptionId: keyParam() });

/** Approve: the expiry date (YYYY-MM-DD, the end of that day UTC); default one year from now. */
export const approveBody = z
  .object({
    expiresOn: z.iso
      .date({ error: 'Use a date like 2027-06-30 for the expiry.' })
      .optional()
      .describe('The last day the exemption is valid (UTC); default one year from today'),
  })
  .strict();

export const revokeBody = z
  .object({
    note: z
      .string({ error: 'Say why the exemption is revoked.' })
      .trim()
      .min(1, { error: 'Say why the exemption is revoked.' })
      .max(1000, { error: 'Use at most 1000 characters for the note.' }),
  })
  .strict();

/** Who reviews exemptions: Lotline staff. */
export const REVIEWER_ROLES = ['staff', 'admin'] as const;
export const canReviewTaxExemptions = (roles: readonly string[]) =>
  roles.some((r) => (REVIEWER_ROLES as readonly string[]).includes(r));
