import { z } from 'zod';
import { BUYER_PERSONAS } from './constants';
import { USER_VAR_KEYS } from './enums';
import { CANADIAN_PROVINCES, COUNTRIES, US_STATES } from './regions';

/*
 * The account area's shapes (contract §3 and §4): user vars, addresses,
 * bidder terms and the bidder verification state (spec §3, §4).
 */

// ── User vars ────────────────────────────────────────────────────────────────

const isTimeZone = (value: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

/**
 * The value each key of spec §3 accepts. The spec names the keys only; the
 * types are ours and documented in OpenAPI.
 */
export const USER_VAR_VALUES = {
  buyer_persona: z.enum(BUYER_PERSONAS, { error: `Choose one of: ${BUYER_PERSONAS.join(', ')}.` }),
  'skip-tax-exemption': z.boolean({ error: 'Use true or false.' }),
  notification_settings: z
    .record(z.string().min(1).max(64), z.boolean({ error: 'Each notification setting is true or false.' }), {
      error: 'Use an object of setting names to true or false.',
    })
    .refine((v) => Object.keys(v).length <= 50, { error: 'Use at most 50 notification settings.' }),
  'auction-sms-notification': z.boolean({ error: 'Use true or false.' }),
  signup_company_name: z
    .string({ error: 'Use text for the company name.' })
    .trim()
    .max(200, { error: 'Use at most 200 characters for the company name.' }),
  timezone: z
    .string({ error: 'Use a time zone name, like America/Chicago.' })
    .max(64)
    .refine(isTimeZone, { error: 'Use a time zone name, like America/Chicago.' }),
  'pin-carousel': z.boolean({ error: 'Use true or false.' }),
} as const satisfies Record<(typeof USER_VAR_KEYS)[number], z.ZodType>;

/** Keys only staff may set: a reseller must not waive their own tax-exemption step. */
export const STAFF_ONLY_USER_VARS = ['skip-tax-exemption'] as const;

export const userVarKeyParam = z.enum(USER_VAR_KEYS, {
  error: `Unknown user var; the keys are ${USER_VAR_KEYS.join(', ')}.`,
});
export const userVarBody = z
  .object({ value: z.unknown().nonoptional({ error: 'Send the new value as {"value": …}.' }) })
  .strict();
export const userVar = z.object({ key: z.enum(USER_VAR_KEYS), value: z.unknown() });
export type UserVar = z.infer<typeof userVar>;
/** `GET /marketplace-api/users/{userId}/vars`: the contract's `{data:[{key, value}]}`. */
export const userVarsResponse = z.object({ data: z.array(userVar) });

// ── Addresses ────────────────────────────────────────────────────────────────

export const ADDRESS_TYPES = ['billing', 'shipping'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

const US_CODES: readonly string[] = US_STATES.map(([code]) => code);
const CA_CODES: readonly string[] = CANADIAN_PROVINCES.map(([code]) => code);
const US_ZIP = /^\d{5}(-\d{4})?$/;
/** Canada Post: letter-digit-letter digit-letter-digit; D, F, I, O, Q, U never appear, W and Z never first. */
const CA_POSTAL = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/;

const line = (label: string, max: number) =>
  z
    .string({ error: `Enter the ${label}.` })
    .trim()
    .min(1, { error: `Enter the ${label}.` })
    .max(max, { error: `Use at most ${max} characters for the ${label}.` });

/** The body of an added or replaced address. Region and postal code are checked against the country. */
export const addressBody = z
  .object({
    type: z.enum(ADDRESS_TYPES, { error: 'Choose billing or shipping.' }),
    name: line('name', 100),
    line1: line('street address', 200),
    line2: z.string().trim().max(200, { error: 'Use at most 200 characters for the second address line.' }).default(''),
    city: line('city', 100),
    country: z.enum(COUNTRIES, { error: 'Choose the United States or Canada.' }),
    region: z
      .string({ error: 'Choose a state or province.' })
      .trim()
      .toUpperCase()
      .min(1, { error: 'Choose a state or province.' }),
    postalCode: z
      .string({ error: 'Enter the postal code.' })
      .trim()
      .toUpperCase()
      .min(1, { error: 'Enter the postal code.' })
      .max(10, { error: 'Enter a valid postal code.' }),
    phone: z
      .string({ error: 'Enter a phone number.' })
      .trim()
      .regex(/^\+?[0-9 ().-]{7,25}$/, { error: 'Enter a phone number of digits, like +1 713 555 0100.' })
      .refine((v) => v.replace(/\D/g, '').length >= 7, { error: 'Enter a phone number of at least 7 digits.' }),
  })
  .strict()
  .superRefine((a, ctx) => {
    const us = a.country === 'US';
    if (!(us ? US_CODES : CA_CODES).includes(a.region)) {
      ctx.addIssue({
        code: 'custom',
        path: ['region'],
        message: us ? 'Choose a US state.' : 'Choose a Canadian province or territory.',
      });
    }
    if (us && !US_ZIP.test(a.postalCode)) {
      ctx.addIssue({ code: 'custom', path: ['postalCode'], message: 'Enter a US ZIP code, like 77002 or 77002-1234.' });
    }
    if (!us && !CA_POSTAL.test(a.postalCode)) {
      ctx.addIssue({ code: 'custom', path: ['postalCode'], message: 'Enter a Canadian postal code, like K1A 0B1.' });
    }
  })
  // One spelling per code: "k1a0b1" is stored as "K1A 0B1".
  .transform((a) =>
    a.country === 'CA' && a.postalCode.length === 6
      ? { ...a, postalCode: `${a.postalCode.slice(0, 3)} ${a.postalCode.slice(3)}` }
      : a,
  );
export type AddressBody = z.input<typeof addressBody>;

export const address = z.object({
  id: z.string(),
  type: z.enum(ADDRESS_TYPES),
  name: z.string(),
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  region: z.string(),
  postalCode: z.string(),
  country: z.enum(COUNTRIES),
  phone: z.string(),
});
export type Address = z.infer<typeof address>;
export const addressesResponse = z.array(address);
export const addressDeletedResponse = z.object({ deleted: z.literal(true) });

/** How many addresses one account may keep: enough for any buyer, a bound on abuse. */
export const MAX_ADDRESSES = 20;

// ── Bidder terms ─────────────────────────────────────────────────────────────

export const bidderTermsQuery = z
  .object({
    eventId: z.string().trim().min(1, { error: 'Give an event id or leave eventId out.' }).max(200).optional(),
  })
  .strict();
export const bidderTermsAgreement = z.object({
  id: z.string(),
  eventId: z.string().nullable(),
  version: z.string(),
  agreedAt: z.string(),
});
export type BidderTermsAgreement = z.infer<typeof bidderTermsAgreement>;
export const bidderTermsResponse = z.array(bidderTermsAgreement);

// ── Verification ─────────────────────────────────────────────────────────────

/** The server's view of spec §3 "Bidder verification state" and the §4 rules (not the per-event flags). */
export const verificationState = z.object({
  hasPaymentMethod: z.boolean(),
  /** Spec §4 isAccountSetupCompleted: "an address". */
  hasAddress: z.boolean(),
  hasBillingAddress: z.boolean(),
  hasShippingAddress: z.boolean(),
  isActivated: z.boolean(),
  isAccountSetupCompleted: z.boolean(),
  /** True for buyer persona 'Reseller'. */
  taxExemptionRequired: z.boolean(),
  /** An active or in-review exemption, or `skip-tax-exemption`; always true when not required. */
  taxExemptionSatisfied: z.boolean(),
  /** Spec §4 "Logged-in user verification"; the value stored as `verified`. */
  verified: z.boolean(),
});
export type VerificationState = z.infer<typeof verificationState>;
