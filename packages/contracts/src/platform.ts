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
