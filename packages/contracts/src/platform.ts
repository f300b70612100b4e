import { z } from 'zod';
import { FEATURE_FLAGS } from './enums';

export const featureFlagState = z.object({
  key: z.enum(FEATURE_FLAGS),
  enabled: z.boolean(),
  /** Where the value comes from: the database row, an environment override, or the default (off). */
  source: z.enum(['database', 'environment', 'default']),
});
export type FeatureFlagState = z.infer<typeof featureFlagState>;

export const featureFlagsResponse = z.object({ featureFlags: z.array(featureFlagState) });
export type FeatureFlagsResponse = z.infer<typeof featureFlagsResponse>;

/** The banner on every page and the line atop every e-mail while the payment provider is the sandbox (decision 0066). */
export const TEST_PAYMENTS_NOTICE = 'Test payments: no real money moves';

/** What the site's pages need to know of the API's settings: today only who moves the money. */
export const publicConfigResponse = z.object({
  payments: z.object({
    /** `sandbox`: test cards only, nothing is charged; `stripe`: real payments (or Stripe's own test mode). */
    provider: z.enum(['stripe', 'sandbox']),
  }),
});
export type PublicConfigResponse = z.infer<typeof publicConfigResponse>;
