import { z } from 'zod';

/**
 * The marketplace's receiving bank account per currency, set by staff
 * (decision 0070). An invoice offers wire transfer for a currency only while
 * it has one; choosing wire otherwise answers 409 WIRE_NOT_OFFERED.
 */
export const WIRE_NOT_OFFERED = 'WIRE_NOT_OFFERED';

/** The currencies staff may set an account for: those events sell in (USD, CAD). */
export const WIRE_CURRENCIES = ['USD', 'CAD'] as const;
export type WireCurrency = (typeof WIRE_CURRENCIES)[number];

const line = (what: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${what} is required`)
    .max(max, `${what} is at most ${max} characters`)
    .regex(/^[^\r\n]*$/, `${what} is one line`);

/** What staff enter for one currency (PUT …/wire-accounts/{currency}). */
export const wireAccountInput = z.strictObject({
  beneficiary: line('The beneficiary', 140).describe('The account holder the buyer’s bank pays'),
  bankName: line('The bank name', 200).describe('The bank’s name (and address, on one line)'),
  accountNumber: line('The IBAN or account number', 64).describe(
    'IBAN, or the local account number (with institution and transit where the country needs them)',
  ),
  bankCode: line('The BIC/SWIFT or routing number', 64).describe('BIC/SWIFT, ABA routing number, or both'),
  referenceNote: z
    .string()
    .trim()
    .max(300, 'The reference note is at most 300 characters')
    .regex(/^[^\r\n]*$/, 'The reference note is one line')
    .default('')
    .describe('How to write the reference, printed after the order number (empty: none)'),
});
export type WireAccountInput = z.input<typeof wireAccountInput>;

export const wireAccount = z.object({
  currency: z.enum(WIRE_CURRENCIES),
  beneficiary: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  bankCode: z.string(),
  referenceNote: z.string(),
  updatedAt: z.string(),
});
export type WireAccountView = z.infer<typeof wireAccount>;

export const wireAccountsResponse = z.object({ wireAccounts: z.array(wireAccount) });
export type WireAccountsResponse = z.infer<typeof wireAccountsResponse>;
