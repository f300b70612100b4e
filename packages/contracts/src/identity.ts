import { z } from 'zod';
import { BUYER_PERSONAS, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';
import { DEFAULT_BUYER_PERSONA, type USER_VAR_KEYS } from './enums';

export type UserVarKey = (typeof USER_VAR_KEYS)[number];

export const USER_ROLES = ['admin', 'staff', 'seller'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const email = z
  .string({ error: 'Enter your e-mail address.' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'That e-mail address is too long.' })
  .pipe(z.email({ error: 'Enter a valid e-mail address, like name@company.com.' }));

/** For a new password: the rules the sign-up, reset and change forms show. */
export const newPassword = z
  .string({ error: 'Choose a password.' })
  .min(PASSWORD_MIN_LENGTH, { error: `Use at least ${PASSWORD_MIN_LENGTH} characters for your password.` })
  .max(PASSWORD_MAX_LENGTH, { error: `Use at most ${PASSWORD_MAX_LENGTH} characters for your password.` });

/** For an existing password: anything non-empty (old accounts may predate the rules). */
const currentPassword = z
  .string({ error: 'Enter your password.' })
  .min(1, { error: 'Enter your password.' })
  .max(PASSWORD_MAX_LENGTH, { error: 'That password is not correct.' });

const token = z.string({ error: 'The link is incomplete.' }).min(1, { error: 'The link is incomplete.' }).max(4096);

export const signUpBody = z
  .object({
    email,
    password: newPassword,
    name: z
      .string({ error: 'Enter your name.' })
      .trim()
      .min(1, { error: 'Enter your name.' })
      .max(100, { error: 'Use at most 100 characters for your name.' }),
    companyName: z.string().trim().max(200, { error: 'Use at most 200 characters for the company name.' }).optional(),
    buyerPersona: z.enum(BUYER_PERSONAS, { error: 'Choose how you buy.' }).default(DEFAULT_BUYER_PERSONA),
  })
  .strict();
export type SignUpBody = z.input<typeof signUpBody>;

export const signInBody = z.object({ email, password: currentPassword }).strict();
export type SignInBody = z.input<typeof signInBody>;

export const activateBody = z.object({ token }).strict();
export const passwordResetRequestBody = z.object({ email }).strict();
export const passwordResetBody = z.object({ token, password: newPassword }).strict();
export const changePasswordBody = z.object({ currentPassword, newPassword }).strict();
export const changeEmailBody = z.object({ newEmail: email, currentPassword }).strict();

/** `GET /marketplace-api/users/me` (contract §3). */
export const me = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  roles: z.array(z.string()),
  verified: z.boolean(),
});
export type Me = z.infer<typeof me>;

/** The same for a new and a taken address (decision 0026): a mail went to it either way, and nobody is signed in. */
export const signUpResponse = z.object({ sent: z.literal(true) });
export const signInResponse = z.object({ user: me });
export const signOutResponse = z.object({ signedOut: z.literal(true) });
export const activateResponse = z.object({
  /** `activated`: a new account's address is confirmed; `email-changed`: the new address replaced the old. */
  outcome: z.enum(['activated', 'email-changed']),
  email: z.string(),
});
export type ActivateResponse = z.infer<typeof activateResponse>;
export const mailSentResponse = z.object({ sent: z.literal(true) });
export const passwordResetResponse = z.object({ reset: z.literal(true) });
export const passwordChangedResponse = z.object({ changed: z.literal(true) });
export const changeEmailResponse = z.object({
  /** The account's address now. An unactivated account's address changes at once (and a new activation link goes to it). */
  email: z.string(),
  /** An activated account keeps its address until this one follows the confirmation link sent to it; else null. */
  pendingEmail: z.string().nullable(),
});
/** Contract §3: `GET /marketplace-api/users/{userId}/activation`. */
export const activationResponse = z.object({ completed: z.boolean() });

export const outboxMessage = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
  /** Files the mail carries (issue 15: the invoice PDF); `url` downloads one from the local outbox. */
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), url: z.string() })),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;
export const outboxResponse = z.object({ messages: z.array(outboxMessage) });

/** Domain error codes of the identity endpoints, with their HTTP status. */
export const IDENTITY_ERRORS = {
  EMAIL_TAKEN: 409,
  INVALID_CREDENTIALS: 401,
  WRONG_PASSWORD: 400,
  LINK_INVALID: 400,
  LINK_EXPIRED: 400,
  ALREADY_ACTIVATED: 409,
  SAME_EMAIL: 400,
  ACCOUNT_DISABLED: 403,
} as const;
export type IdentityErrorCode = keyof typeof IDENTITY_ERRORS;
