import { z } from 'zod';
import { keyParam } from './reads-params';
import { COMPANY_ROLES } from './seller-company';
import { eventLocationBody, sellerEventLocation } from './seller-events';

/**
 * A company's address book of locations (issue 16, decision 0054): the same
 * fields and rules as an event's disposition location (spec §3), so one copies
 * into the other unchanged. `taxRate` is a percentage number with at most
 * three decimals (8.25 is 8.25%), 0 to 30.
 */
export const companyLocationBody = eventLocationBody;
export type CompanyLocationBody = z.infer<typeof companyLocationBody>;
export const companyLocation = sellerEventLocation;
export type CompanyLocation = z.infer<typeof companyLocation>;
export const companyLocationsResponse = z.object({ locations: z.array(companyLocation) });
export const companyLocationParams = z.object({ companyId: keyParam(), locationId: keyParam() }).strict();

/** PUT …/members/{memberId}: the member's new role (owners only; the last owner stays one). */
export const memberRoleBody = z.object({ role: z.enum(COMPANY_ROLES, { error: 'Choose owner or staff.' }) }).strict();
export type MemberRoleBody = z.infer<typeof memberRoleBody>;
