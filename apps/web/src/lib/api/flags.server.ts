import 'server-only';
import { type FeatureFlag, featureFlagsResponse } from '@lotline/contracts';
import { cache } from 'react';
import { apiGet } from './api.server';

/**
 * The effective feature flags (spec §3), read once per page render. A page
 * asks `flagOn('BUY_NOW_ALL_IN_PRICING')`; the API is where each flag's
 * behaviour is enforced, the page only follows it.
 */
const readFlags = cache(async (): Promise<ReadonlyMap<FeatureFlag, boolean>> => {
  const data = await apiGet('/marketplace/api/feature-flags', {}, featureFlagsResponse);
  return new Map(data.featureFlags.map((f) => [f.key, f.enabled]));
});

export async function flagOn(flag: FeatureFlag): Promise<boolean> {
  return (await readFlags()).get(flag) ?? false;
}
