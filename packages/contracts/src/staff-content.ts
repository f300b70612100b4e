import { z } from 'zod';
import { keyParam } from './reads-params';
import { FEATURED_SELLERS_LIMIT } from './reads-sellers';
import { FILLER_SECTION_TYPES, fillerSection } from './search-extras';

/**
 * Staff content administration (decision 0084): the featured sellers, the
 * filler sections and home rows, and the versions of the Terms of Use.
 */

const text = (label: string, max: number, min = 0) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(min, { error: min > 0 ? `${label} is required.` : `${label} is too short.` })
    .max(max, { error: `${label} can be at most ${max} characters long.` });

// ── Featured sellers ─────────────────────────────────────────────────────────

export const featuredSellersBody = z
  .object({
    companyIds: z
      .array(keyParam(), { error: 'Send `companyIds`: the featured companies, in display order.' })
      .length(FEATURED_SELLERS_LIMIT, { error: `Choose exactly ${FEATURED_SELLERS_LIMIT} featured sellers.` })
      .refine((ids) => new Set(ids).size === ids.length, 'A company can be featured only once.')
      .describe(`Exactly ${FEATURED_SELLERS_LIMIT} active companies, in display order`),
  })
  .strict();
export type FeaturedSellersBody = z.infer<typeof featuredSellersBody>;

export const featuredSeller = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  status: z.enum(['active', 'suspended']).describe('A suspended company stays in the list but is not shown'),
});
export type FeaturedSeller = z.infer<typeof featuredSeller>;
export const featuredSellersResponse = z.object({ companies: z.array(featuredSeller) });
export type FeaturedSellersResponse = z.infer<typeof featuredSellersResponse>;

// ── Filler sections and home rows ────────────────────────────────────────────

/** A link staff may set: a path on this site, or an http(s) address. */
const seeMoreUrl = text('The link', 500)
  .refine((v) => v === '' || /^\/(?!\/)/.test(v) || /^https?:\/\/[^\s]+$/i.test(v), {
    error: 'The link is a path on this site (starting with /) or an http(s) address.',
  })
  .transform((v) => (v === '' ? null : v));

const idList = (label: string) =>
  z
    .array(keyParam(), { error: `${label} is a list of ids.` })
    .max(50, { error: `${label} can name at most 50.` })
    .refine((ids) => new Set(ids).size === ids.length, `${label} names an id twice.`);

export const cmsSectionDraft = z
  .object({
    label: text('The title', 80, 1),
    text: text('The text', 500),
    seeMoreUrl: seeMoreUrl.nullable(),
    lotIds: idList('The lots'),
    catalogProductIds: idList('The catalog products'),
  })
  .strict();
export type CmsSectionDraft = z.infer<typeof cmsSectionDraft>;

export const cmsSectionPatchBody = cmsSectionDraft
  .extend({
    position: z
      .number({ error: 'The position is a whole number from 0 to 1000.' })
      .int({ error: 'The position is a whole number from 0 to 1000.' })
      .min(0, { error: 'The position is at least 0.' })
      .max(1000, { error: 'The position is at most 1000.' }),
    active: z.boolean({ error: '`active` is true or false.' }),
    onHome: z.boolean({ error: '`onHome` is true or false.' }),
  })
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'Send at least one field to change.');
export type CmsSectionPatch = z.infer<typeof cmsSectionPatchBody>;

export const staffCmsSectionParams = z.object({ sectionId: keyParam() }).strict();

export const staffCmsSection = z.object({
  _id: z.string(),
  type: z.enum(FILLER_SECTION_TYPES),
  label: z.string(),
  text: z.string(),
  seeMoreUrl: z.string().nullable(),
  position: z.number().int(),
  active: z.boolean().describe('Shown on the browse pages'),
  onHome: z.boolean().describe('Also a row of the home page (when active)'),
  lotIds: z.array(z.string()),
  catalogProductIds: z.array(z.string()),
});
export type StaffCmsSection = z.infer<typeof staffCmsSection>;
export const staffCmsSectionsResponse = z.object({ sections: z.array(staffCmsSection) });
export type StaffCmsSectionsResponse = z.infer<typeof staffCmsSectionsResponse>;
export const staffCmsSectionResponse = z.object({ section: staffCmsSection });

/** The section as the home page would render it, from a draft that is not saved. */
export const cmsSectionPreviewResponse = z.object({ section: fillerSection });
export type CmsSectionPreviewResponse = z.infer<typeof cmsSectionPreviewResponse>;

// ── Terms of Use ─────────────────────────────────────────────────────────────

export const TERMS_MARKDOWN_MAX = 100_000;

export const termsVersion = z.object({
  number: z.number().int().min(1),
  markdown: z.string().describe('Markdown; raw HTML is shown as text'),
  publishedAt: z.string().describe('ISO timestamp'),
});
export type TermsVersion = z.infer<typeof termsVersion>;
export const currentTermsResponse = z.object({ terms: termsVersion });
export type CurrentTermsResponse = z.infer<typeof currentTermsResponse>;

export const staffTermsVersion = termsVersion.extend({ publishedBy: z.string().nullable() });
export const staffTermsVersionsResponse = z.object({ versions: z.array(staffTermsVersion) });
export type StaffTermsVersionsResponse = z.infer<typeof staffTermsVersionsResponse>;
export const staffTermsVersionResponse = z.object({ version: staffTermsVersion });

export const termsVersionBody = z
  .object({
    markdown: text('The terms', TERMS_MARKDOWN_MAX, 1),
    basedOn: z
      .number({ error: '`basedOn` is the number of the version you edited.' })
      .int({ error: '`basedOn` is the number of the version you edited.' })
      .min(1, { error: '`basedOn` is the number of the version you edited.' })
      .describe('The version in force when the editor started: a newer one answers 409 TERMS_VERSION_STALE'),
  })
  .strict();
export type TermsVersionBody = z.infer<typeof termsVersionBody>;

export const termsAgreementBody = z
  .object({
    version: z
      .number({ error: 'Send `version`: the number of the Terms of Use you agree to.' })
      .int({ error: 'The version is a whole number.' })
      .min(1, { error: 'The version is a whole number from 1.' }),
  })
  .strict();

export const termsAgreementState = z.object({
  currentVersion: z.number().int(),
  agreed: z.boolean().describe('Whether the user agreed to the version in force (creating the account counts)'),
});
export type TermsAgreementState = z.infer<typeof termsAgreementState>;

export const TERMS_CODES = {
  notAgreed: 'TERMS_OF_USE_NOT_AGREED',
  stale: 'TERMS_VERSION_STALE',
} as const;
