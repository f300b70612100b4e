import { featureFlagsResponse } from '@lotline/contracts';
import { featureFlags } from '@lotline/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

describe('GET /marketplace/api/feature-flags', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { featureOverrides: { COUNTER_OFFER: false, VIDEO_SUPPORT: true } } });
    await t.db.insert(featureFlags).values([
      { key: 'COUNTER_OFFER', enabled: true },
      { key: 'MESSAGING_2024Q4', enabled: true },
      { key: 'FULFILLMENT_V2', enabled: false },
    ]);
  });
  afterAll(() => t.close());

  it('lists every flag: environment overrides win, then the stored value, else off', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/marketplace/api/feature-flags' });
    expect(res.statusCode).toBe(200);
    const { featureFlags: flags } = featureFlagsResponse.parse(res.json().data);
    const byKey = Object.fromEntries(flags.map((f) => [f.key, f]));
    expect(flags).toHaveLength(11);
    expect(byKey.COUNTER_OFFER).toEqual({ key: 'COUNTER_OFFER', enabled: false, source: 'environment' });
    expect(byKey.VIDEO_SUPPORT).toEqual({ key: 'VIDEO_SUPPORT', enabled: true, source: 'environment' });
    expect(byKey.MESSAGING_2024Q4).toEqual({ key: 'MESSAGING_2024Q4', enabled: true, source: 'database' });
    expect(byKey.FULFILLMENT_V2).toEqual({ key: 'FULFILLMENT_V2', enabled: false, source: 'database' });
    expect(byKey.NEW_FEATURE).toEqual({ key: 'NEW_FEATURE', enabled: false, source: 'default' });
  });

  it('refuses unknown query parameters', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/marketplace/api/feature-flags?debug=1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].code).toBe('VALIDATION_FAILED');
  });
});
