import { z } from 'zod';

/**
 * Registration to bid in an event, with its deposit hold (BIDDING §6,
 * contract §5 registered-auctions; decision 0037). Amounts are minor units.
 */

export const REGISTRATION_STATUSES = ['approved', 'pending', 'declined'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

export const DEPOSIT_STATUSES = ['not-required', 'held', 'released', 'applied', 'failed'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/** The refusals of POST registered-auctions, beside the common ones. */
export const REGISTRATION_CODES = {
  notVerified: 'NOT_VERIFIED',
  termsNotAgreed: 'TERMS_NOT_AGREED',
  paymentDeclined: 'PAYMENT_DECLINED',
  eventClosed: 'EVENT_CLOSED',
} as const;

/** POST body: the card to hold the deposit on; the default card when absent. */
export const registrationBody = z
  .object({ paymentMethodId: z.string().trim().min(1).max(200).optional() })
  .strict()
  .describe('`paymentMethodId`: one of your saved cards; your default card when absent');
export type RegistrationBody = z.infer<typeof registrationBody>;

export const registrationDeposit = z.object({
  amount: z.number().int().describe('Minor units'),
  currency: z.string().length(3),
  status: z.enum(DEPOSIT_STATUSES),
  expiresAt: z
    .string()
    .nullable()
    .describe('When the standing card hold lapses (it is renewed before); null when none stands'),
});
export type RegistrationDeposit = z.infer<typeof registrationDeposit>;

/** The most a registration may bid in its event (BIDDING §8, decision 0080), in the event's currency. */
export const registrationBidLimit = z.object({
  amount: z.number().int().describe('Minor units'),
  currency: z.string().length(3),
});

/** Contract §5: `{auctionId, status, deposit|null, registeredAt}`; `deposit` is null when the event asks none. */
export const registration = z.object({
  auctionId: z.string(),
  status: z.enum(REGISTRATION_STATUSES),
  deposit: registrationDeposit.nullable(),
  registeredAt: z.string(),
  bidLimit: registrationBidLimit
    .nullable()
    .describe('The bid limit staff, the seller or an auto-approval rule set; null: none (decision 0080)'),
});
export type Registration = z.infer<typeof registration>;
export const registrationOrNull = registration.nullable();

/** A bid limit as sent: whole minor units, above zero (at most 10 billion in major units). */
export const bidLimitMinor = z
  .number({ error: 'The bid limit must be a whole number of cents.' })
  .int({ error: 'The bid limit must be a whole number of cents.' })
  .min(1, { error: 'The bid limit must be above zero.' })
  .max(1_000_000_000_000, { error: 'The bid limit can be at most 10,000,000,000.' });

/** Staff or the event's seller decide a pending registration. */
export const REGISTRATION_DECISIONS = ['approve', 'decline'] as const;
export const registrationDecisionBody = z
  .object({
    decision: z.enum(REGISTRATION_DECISIONS, { error: 'The decision must be approve or decline.' }),
    reason: z
      .string({ error: 'The reason must be text.' })
      .trim()
      .max(500, { error: 'The reason can be at most 500 characters long.' })
      .optional()
      .describe('Told to the bidder in the e-mail of a decline; not stored'),
    bidLimit: bidLimitMinor
      .optional()
      .describe('With an approval: the bid limit in minor units of the event’s currency (decision 0080)'),
  })
  .strict()
  .refine((b) => b.bidLimit === undefined || b.decision === 'approve', {
    message: 'A bid limit goes with an approval only.',
    path: ['bidLimit'],
  });
export type RegistrationDecisionBody = z.infer<typeof registrationDecisionBody>;

/** PUT …/bid-limit: a new limit (raise any time; lowering below a standing maximum is refused), or null to lift it. */
export const registrationBidLimitBody = z
  .object({
    bidLimit: bidLimitMinor.nullable().describe('Minor units of the event’s currency; null: no limit'),
  })
  .strict();
export type RegistrationBidLimitBody = z.infer<typeof registrationBidLimitBody>;

/** A registration as staff and sellers see it in the queue of an event. */
export const registrationReview = registration.extend({
  _id: z.string(),
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }),
});
export type RegistrationReview = z.infer<typeof registrationReview>;
export const registrationReviewsResponse = z.object({ registrations: z.array(registrationReview) });
