import { z } from 'zod';
import { COMPANY_DESCRIPTION_MAX, DISPLAY_NAME_MAX } from './constants';
import { email } from './identity';
import { keyParam } from './reads-params';

export { COMPANY_DESCRIPTION_MAX, DISPLAY_NAME_MAX };

/**
 * The seller console's company profile and members (issue 16, decision 0048):
 * the companies a user answers for, the public profile they edit, the members
 * and the invitations an owner sends by e-mail.
 */

/** An owner manages the members; staff run the company's sales. Both edit the profile. */
export const COMPANY_ROLES = ['owner', 'staff'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

export const COMPANY_CODES = {
  alreadyMember: 'ALREADY_MEMBER',
  lastOwner: 'LAST_OWNER',
  invitationGone: 'INVITATION_GONE',
} as const;

/** How long an invitation link works, in days (the database clock). */
export const INVITATION_DAYS = 7;

export const sellerCompanyParams = z.object({ companyId: keyParam() }).strict();
export const companyMemberParams = z.object({ companyId: keyParam(), memberId: keyParam() }).strict();
export const companyInvitationParams = z.object({ companyId: keyParam(), invitationId: keyParam() }).strict();
/**
 * An invitation's token travels in the query (GET) or the body (accept), never
 * the path: the request log keeps paths (decision 0048).
 */
const invitationToken = keyParam(100).describe("The token of the invitation's link");
export const invitationTokenQuery = z.object({ token: invitationToken }).strict();
export const acceptInvitationBody = z.object({ token: invitationToken }).strict();
export type AcceptInvitationBody = z.infer<typeof acceptInvitationBody>;
/** Declining names the invitation the same way. */
export const declineInvitationBody = acceptInvitationBody;

export const sellerCompanySummary = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  displayName: z.string().nullable(),
  description: z.string(),
  logoUrl: z.string().nullable(),
  role: z.enum(COMPANY_ROLES),
});
export type SellerCompanySummary = z.infer<typeof sellerCompanySummary>;
export const sellerCompaniesResponse = z.object({ companies: z.array(sellerCompanySummary) });
export type SellerCompaniesResponse = z.infer<typeof sellerCompaniesResponse>;

export const companyProfile = z.object({
  displayName: z.string().nullable(),
  description: z.string(),
  logoUrl: z.string().nullable(),
});
export type CompanyProfile = z.infer<typeof companyProfile>;

export const companyProfileBody = z
  .object({
    displayName: z
      .string()
      .trim()
      .min(1, { error: 'Enter a display name, or leave it empty to show the company name.' })
      .max(DISPLAY_NAME_MAX, { error: `Keep the display name to ${DISPLAY_NAME_MAX} characters.` })
      .nullable()
      .describe('The name buyers see; null shows the company name'),
    description: z
      .string()
      .trim()
      .max(COMPANY_DESCRIPTION_MAX, {
        error: `Keep the description to ${COMPANY_DESCRIPTION_MAX.toLocaleString('en-US')} characters.`,
      }),
    logoKey: z
      .string()
      .trim()
      .min(1)
      .max(500)
      .nullable()
      .optional()
      .describe(
        'The key of an image this user uploaded through GET /ars/api/file-upload (application `marketplace`); ' +
          'null removes the logo; absent keeps it',
      ),
  })
  .strict();
export type CompanyProfileBody = z.infer<typeof companyProfileBody>;

export const companyMember = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(COMPANY_ROLES),
});
export const companyInvitation = z.object({
  _id: z.string(),
  email: z.string(),
  role: z.enum(COMPANY_ROLES),
  expiresAt: z.string(),
});
export const companyMembersResponse = z.object({
  members: z.array(companyMember),
  invitations: z.array(companyInvitation),
});
export type CompanyMembersResponse = z.infer<typeof companyMembersResponse>;

export const inviteMemberBody = z
  .object({
    email,
    role: z.enum(COMPANY_ROLES, { error: 'Choose owner or staff.' }),
  })
  .strict();
export type InviteMemberBody = z.infer<typeof inviteMemberBody>;

/**
 * What POST …/invitations answers: the same for every address (decision 0068),
 * so it never tells whether the address has an account, or whose.
 */
export const inviteMemberResponse = z.object({ invitation: companyInvitation });
export type InviteMemberResponse = z.infer<typeof inviteMemberResponse>;

/** An invitation as its link's page shows it. */
export const invitationView = z.object({
  companyName: z.string(),
  email: z.string(),
  role: z.enum(COMPANY_ROLES),
  expiresAt: z.string(),
});
export type InvitationView = z.infer<typeof invitationView>;
export const invitationResponse = z.object({ invitation: invitationView });

export const acceptInvitationResponse = z.object({ company: sellerCompanySummary });
export const declineInvitationResponse = z.object({ declined: z.literal(true) });

/** DELETE of a member or an invitation. */
export const companyRemovedResponse = z.object({ removed: z.literal(true) });
