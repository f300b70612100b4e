import { z } from 'zod';
import { pagination } from './envelope';
import { USER_ROLES } from './identity';
import { keyParam } from './reads-params';

/** GET /marketplace-api/staff/users (contract §6, decision 0075): search by part of an e-mail or name. */
export const STAFF_USERS_PAGE_SIZE = 30;
export const staffUsersQuery = z
  .object({
    q: z
      .string()
      .trim()
      .max(200, 'At most 200 characters.')
      .optional()
      .describe('Part of an e-mail address or name, any case; empty or absent: every user'),
    pageSize: z.coerce.number().int().min(1).max(100).default(STAFF_USERS_PAGE_SIZE),
    pageNumber: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .strict();
export type StaffUsersQuery = z.infer<typeof staffUsersQuery>;

export const staffUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  roles: z.array(z.string()),
  verified: z.boolean().describe('Spec §4 verification, as the account module stores it'),
  disabled: z.boolean(),
});
export type StaffUser = z.infer<typeof staffUser>;

export const staffUsersResponse = z.object({ users: z.array(staffUser), pagination });
export type StaffUsersResponse = z.infer<typeof staffUsersResponse>;

export const staffUserParams = z.object({ userId: keyParam() }).strict();

export const staffUserPatchBody = z
  .object({
    disabled: z.boolean().optional(),
    roles: z
      .array(z.enum(USER_ROLES, { error: `A role is one of ${USER_ROLES.join(', ')}.` }))
      .max(USER_ROLES.length)
      .refine((roles) => new Set(roles).size === roles.length, 'Each role at most once.')
      .optional()
      .describe('The complete new set of roles'),
  })
  .strict()
  .refine((body) => body.disabled !== undefined || body.roles !== undefined, 'Send `disabled`, `roles` or both.');
export type StaffUserPatch = z.infer<typeof staffUserPatchBody>;

export const staffUserResponse = z.object({ user: staffUser });
export const passwordResetSentResponse = z.object({ sent: z.literal(true) });
