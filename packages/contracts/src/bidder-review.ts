import { z } from 'zod';
import { pagination } from './envelope';
import { keyParam } from './reads-params';
import { bidLimitMinor, REGISTRATION_STATUSES, registrationReview } from './registrations';

/**
 * Staff's bidder review (decision 0080): the registrations awaiting approval across events and companies,
 * each with what helps judge the bidder, and each company's auto-approval rules.
 */

export const BIDDER_REVIEW_PAGE_SIZE = 50;

/** GET /marketplace-api/staff/registrations: one event's registrations (`eventId`), or staff's queue across events. */
export const staffRegistrationsQuery = z
  .object({
    eventId: keyParam().optional().describe('One event (its seller or staff); absent: every event (staff only)'),
    status: z
      .enum(REGISTRATION_STATUSES, { error: 'The status must be approved, pending or declined.' })
      .optional()
      .describe('Without `eventId`: the registrations in this status (default `pending`)'),
    pageSize: z.coerce.number().int().min(1).max(100).default(BIDDER_REVIEW_PAGE_SIZE),
    pageNumber: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .strict();
export type StaffRegistrationsQuery = z.output<typeof staffRegistrationsQuery>;

/** What helps staff judge a bidder; every count is over the whole marketplace. */
export const riskSignals = z.object({
  accountAgeDays: z.number().int().describe('Whole days since the account was made (database clock)'),
  verified: z.boolean().describe('Spec §4 verification, as stored'),
  emailVerified: z.boolean(),
  pastWins: z.number().int().describe('Orders from auctions and tenders the bidder won'),
  unpaidOrders: z.number().int().describe('Approved orders still awaiting payment'),
  overdueOrders: z.number().int().describe('Of those, past their payment window'),
  cancelledOrders: z.number().int(),
  disabledLinkedAccounts: z
    .array(z.object({ id: z.string(), email: z.string(), via: z.enum(['card', 'address']) }))
    .describe(
      'Disabled accounts with the same card (brand, last 4, expiry) or the same address (line 1, postal code, country)',
    ),
});
export type RiskSignals = z.infer<typeof riskSignals>;

export const reviewEvent = z.object({
  id: z.string(),
  name: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  currency: z.string().length(3).describe('The currency a bid limit for this event is in'),
});

export const staffRegistrationRow = registrationReview.extend({
  event: reviewEvent.optional().describe('In the queue across events'),
  signals: riskSignals.optional().describe('In the queue across events'),
});
export type StaffRegistrationRow = z.infer<typeof staffRegistrationRow>;

export const staffRegistrationsResponse = z.object({
  registrations: z.array(staffRegistrationRow),
  pagination: pagination.optional().describe('In the queue across events'),
});
export type StaffRegistrationsResponse = z.infer<typeof staffRegistrationsResponse>;

export const registrationParams = z.object({ registrationId: keyParam() }).strict();

// ---- Auto-approval rules ----

export const AUTO_APPROVAL_CURRENCIES = ['USD', 'CAD'] as const;

export const autoApprovalRuleBody = z
  .object({
    companyId: keyParam(),
    requireVerified: z.boolean({ error: 'Say whether the bidder must be verified.' }),
    requireNoUnpaidOrders: z.boolean({ error: 'Say whether unpaid orders stop an approval.' }),
    minAccountAgeDays: z
      .number({ error: 'The account age must be a whole number of days.' })
      .int({ error: 'The account age must be a whole number of days.' })
      .min(0, { error: 'The account age cannot be negative.' })
      .max(36_500, { error: 'The account age can be at most 36,500 days.' })
      .nullable(),
    bidLimit: bidLimitMinor.nullable().describe('Minor units; null approves without a limit'),
    currency: z.enum(AUTO_APPROVAL_CURRENCIES, { error: 'The currency must be USD or CAD.' }),
    active: z.boolean().default(true),
  })
  .strict();
export type AutoApprovalRuleBody = z.output<typeof autoApprovalRuleBody>;

export const autoApprovalRuleParams = z.object({ ruleId: keyParam() }).strict();
export const autoApprovalRulesQuery = z.object({ companyId: keyParam().optional() }).strict();

export const autoApprovalRule = z.object({
  _id: z.string(),
  company: z.object({ id: z.string(), name: z.string() }),
  requireVerified: z.boolean(),
  requireNoUnpaidOrders: z.boolean(),
  minAccountAgeDays: z.number().int().nullable(),
  bidLimit: z.number().int().nullable(),
  currency: z.string(),
  active: z.boolean(),
  updatedAt: z.string(),
});
export type AutoApprovalRule = z.infer<typeof autoApprovalRule>;
export const autoApprovalRuleResponse = z.object({ rule: autoApprovalRule });
export const autoApprovalRulesResponse = z.object({ rules: z.array(autoApprovalRule) });
export const ruleDeletedResponse = z.object({ deleted: z.literal(true) });
