import { z } from 'zod';

/**
 * The marketplace's default commission (decision 0078), which staff set: the rate an event is published with when
 * its company has no override of its own. Publishing freezes the rate on the event.
 */
export const marketplaceCommissionBody = z
  .object({
    commissionBps: z
      .number({ error: 'The commission is a whole number of basis points from 0 to 10000 (1000 = 10%).' })
      .int('The commission is a whole number of basis points from 0 to 10000 (1000 = 10%).')
      .min(0, 'The commission cannot be below 0.')
      .max(10_000, 'The commission cannot be above 10000 basis points (100%).'),
  })
  .strict();
export type MarketplaceCommissionBody = z.infer<typeof marketplaceCommissionBody>;

export const marketplaceCommission = z.object({
  commissionBps: z.number().int().describe('The default in basis points (1000 = 10%)'),
  stored: z.boolean().describe("False: staff have not set it yet and the code's default applies"),
  updatedAt: z.string().nullable().describe('When staff last set it (the database clock)'),
});
export type MarketplaceCommission = z.infer<typeof marketplaceCommission>;

export const marketplaceCommissionResponse = z.object({ commission: marketplaceCommission });
export type MarketplaceCommissionResponse = z.infer<typeof marketplaceCommissionResponse>;
