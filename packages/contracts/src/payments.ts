import { z } from 'zod';

/**
 * Payment methods (contract §3, decision 0015). Cards are saved with the
 * payment provider; the API keeps and shows only the provider's id for the
 * card, its brand, last four digits and expiry.
 */

/** Card brands as the providers name them (Stripe's identifiers). */
export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay', 'unknown'] as const;

/** Contract §3: `[{id, brand, last4, expMonth, expYear, isDefault}]`. */
export const paymentMethod = z.object({
  id: z.string(),
  brand: z.string().describe('visa, mastercard, amex, …'),
  last4: z.string().regex(/^\d{4}$/),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int(),
  isDefault: z.boolean(),
});
export type PaymentMethod = z.infer<typeof paymentMethod>;
export const paymentMethodsResponse = z.array(paymentMethod);

/** Where the browser goes next to enter the card: the provider's page, or Stripe Elements on ours. */
export const paymentSetupNext = z.discriminatedUnion('type', [
  z.object({ type: z.literal('redirect'), url: z.string().describe("The provider's page (same origin)") }),
  z.object({
    type: z.literal('stripe'),
    clientSecret: z.string().describe("The SetupIntent's client secret, for stripe.confirmSetup"),
    publishableKey: z.string(),
    returnUrl: z.string().describe('Where Stripe sends the browser after confirming'),
  }),
]);
export type PaymentSetupNext = z.infer<typeof paymentSetupNext>;

export const paymentSetup = z.object({
  id: z.string(),
  provider: z.enum(['sandbox', 'stripe']),
  next: paymentSetupNext,
});
export type PaymentSetup = z.infer<typeof paymentSetup>;

export const paymentMethodDeletedResponse = z.object({ deleted: z.literal(true) });
