import { z } from 'zod';
import { keyParam } from './reads-params';

/** Seller payouts, staff refunds across orders and the marketplace's revenue (decision 0079). */
export const PAYOUT_STATUSES = ['processing', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
export const PAYOUT_METHODS = ['stripe', 'manual'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

const minor = z.number().int().describe('Minor units');
const currency = z.string().length(3).describe('ISO 4217, upper case');
const iso = z.string().describe('ISO 8601, UTC');

/** A bank transfer reference as staff type it from their bank's confirmation. */
export const payoutReference = z
  .string({ error: 'Give the bank transfer reference.' })
  .trim()
  .min(3, 'The bank transfer reference has at least 3 characters.')
  .max(100, 'Keep the bank transfer reference to 100 characters.')
  .regex(/^[\p{L}\p{N} ./:#_-]+$/u, 'The reference has letters, digits, spaces and . / : # _ - only.');

export const manualPayoutBody = z.strictObject({
  orderId: keyParam().describe('The paid order whose seller was paid'),
  reference: payoutReference.describe('The bank transfer reference'),
});
export type ManualPayoutBody = z.infer<typeof manualPayoutBody>;

export const payout = z.object({
  _id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  amount: minor.describe("The seller's net for the order"),
  currency,
  method: z.enum(PAYOUT_METHODS),
  status: z.enum(PAYOUT_STATUSES),
  reference: z.string().nullable(),
  failureMessage: z.string().nullable(),
  createdBy: z.object({ _id: z.string(), name: z.string() }).nullable().describe('Staff; null for the release job'),
  createdAt: iso,
  paidAt: iso.nullable(),
  /** Refunds that succeeded after the payout: the seller owes them back to the marketplace. */
  owedBack: minor.describe('Refunded after the payout: owed back by the seller'),
});
export type Payout = z.infer<typeof payout>;

/** A paid order past its refund window and not paid out yet (decision 0079). */
export const duePayout = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  amount: minor.describe("The seller's net for the order, what the payout will be"),
  currency,
  paidAt: iso,
  /** Stripe: the release job transfers it; manual: staff record the bank transfer. */
  method: z.enum(PAYOUT_METHODS),
});
export type DuePayout = z.infer<typeof duePayout>;

export const STAFF_PAYOUTS_LIMIT = 100;
export const staffPayoutsResponse = z.object({
  due: z.array(duePayout).describe(`The oldest ${STAFF_PAYOUTS_LIMIT} due`),
  made: z.array(payout).describe(`The newest ${STAFF_PAYOUTS_LIMIT} made, in progress or failed`),
  refundWindowDays: z.number().int(),
});
export type StaffPayoutsResponse = z.infer<typeof staffPayoutsResponse>;
export const payoutResponse = z.object({ payout });
export type PayoutResponse = z.infer<typeof payoutResponse>;

export const sellerPayoutsParams = z.strictObject({ companyId: keyParam() });
export const sellerPayoutsResponse = z.object({ payouts: z.array(payout) });
export type SellerPayoutsResponse = z.infer<typeof sellerPayoutsResponse>;

export const STAFF_REFUNDS_LIMIT = 200;
export const staffRefund = z.object({
  _id: z.string(),
  number: z.string().describe('The credit note number'),
  orderId: z.string(),
  orderNumber: z.string(),
  companyName: z.string(),
  amount: minor,
  currency,
  status: z.enum(['processing', 'succeeded', 'failed']),
  reason: z.string(),
  by: z.object({ _id: z.string(), name: z.string(), email: z.string() }).nullable(),
  createdAt: iso,
  succeededAt: iso.nullable(),
});
export type StaffRefund = z.infer<typeof staffRefund>;
export const staffRefundsResponse = z.object({ refunds: z.array(staffRefund).describe('The newest 200') });
export type StaffRefundsResponse = z.infer<typeof staffRefundsResponse>;

export const revenueMonth = z.object({
  month: z.string().describe('YYYY-MM, UTC, of the payouts'),
  currency,
  payouts: z.number().int(),
  grossMinor: minor,
  commissionMinor: minor,
  premiumMinor: minor,
  /** The marketplace's own revenue: commission plus the buyer's premium it keeps. */
  revenueMinor: minor,
  paidOutMinor: minor,
});
export type RevenueMonth = z.infer<typeof revenueMonth>;
export const staffRevenueResponse = z.object({ months: z.array(revenueMonth).describe('Newest first, 24 months') });
export type StaffRevenueResponse = z.infer<typeof staffRevenueResponse>;

/** Staff ask for a due order's Stripe Connect transfer now instead of waiting for the release job. */
export const transferPayoutBody = z.strictObject({ orderId: keyParam().describe('The due order to pay out') });
export type TransferPayoutBody = z.infer<typeof transferPayoutBody>;
export const transferPayoutResponse = z.object({
  payout,
  message: z.string().nullable().describe('Why a transfer failed or is still processing'),
});

/** A company's Stripe Connect account, which its payouts are transferred to. */
export const payoutAccountParams = z.strictObject({ companyId: keyParam() });
export const payoutAccountBody = z.strictObject({
  stripeAccountId: z
    .string({ error: 'Give the Stripe account id (acct_…), or null to pay by bank transfer.' })
    .trim()
    .max(255, 'A Stripe account id is at most 255 characters.')
    .regex(/^acct_[A-Za-z0-9]+$/, 'A Stripe account id looks like acct_1MTfjCQ9PRzxEwkZ.')
    .nullable()
    .describe('null: the company is paid by bank transfer'),
});
export type PayoutAccountBody = z.infer<typeof payoutAccountBody>;
export const payoutAccountResponse = z.object({
  companyId: z.string(),
  stripeAccountId: z.string().nullable(),
});
export type PayoutAccountResponse = z.infer<typeof payoutAccountResponse>;

/**
 * A company's payout account as the seller console and staff see it (decision 0090). The state is what the
 * provider last said (`checkedAt`); null where it was never asked (an account id staff typed).
 */
export const PAYOUT_ACCOUNT_PROVIDERS = ['stripe', 'sandbox'] as const;
export type PayoutAccountProvider = (typeof PAYOUT_ACCOUNT_PROVIDERS)[number];
export const payoutAccountState = z.object({
  accountId: z.string().describe('The connected account (acct_…)'),
  provider: z.enum(PAYOUT_ACCOUNT_PROVIDERS).describe('sandbox: no real money moves'),
  detailsSubmitted: z.boolean().nullable().describe('The onboarding form was finished'),
  chargesEnabled: z.boolean().nullable(),
  payoutsEnabled: z.boolean().nullable().describe('The provider pays the account out to its bank'),
  checkedAt: iso.nullable().describe('When the provider was last asked; null: never'),
});
export type PayoutAccountState = z.infer<typeof payoutAccountState>;

export const sellerPayoutAccountResponse = z.object({
  account: payoutAccountState.nullable().describe('null: paid by bank transfer, recorded by staff'),
  /** The provider a new onboarding goes through: Stripe when configured, else the sandbox. */
  provider: z.enum(PAYOUT_ACCOUNT_PROVIDERS),
  canManage: z.boolean().describe('The caller is an owner: may connect the account and refresh its state'),
});
export type SellerPayoutAccountResponse = z.infer<typeof sellerPayoutAccountResponse>;

export const payoutOnboardingResponse = z.object({
  url: z.string().describe("The provider's single-use onboarding page: send the browser there at once"),
  account: payoutAccountState,
});
export type PayoutOnboardingResponse = z.infer<typeof payoutOnboardingResponse>;
