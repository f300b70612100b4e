import { featureFlagsResponse } from '@lotline/contracts';
import { featureFlags } from '@lotline/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { ORIGIN, signUpUser } from '../identity/test-helpers';
import { signUpStaff } from '../tax-exemptions/test-helpers';

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

describe('PUT /marketplace/api/feature-flags/{key}', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { featureOverrides: { COUNTER_OFFER: false } } });
  });
  afterAll(() => t.close());

  const put = (key: string, body: unknown, cookie?: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/marketplace/api/feature-flags/${key}`,
      headers: { origin: ORIGIN, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      payload: JSON.stringify(body),
    });

  it('lets staff switch a flag both ways; an environment override stays in effect', async () => {
    const staff = await signUpStaff(t);
    const on = await put('BUY_NOW_AUTO_APPROVE', { enabled: true }, staff.cookie);
    expect(on.statusCode).toBe(200);
    expect(on.json().data.featureFlag).toEqual({ key: 'BUY_NOW_AUTO_APPROVE', enabled: true, source: 'database' });
    const off = await put('BUY_NOW_AUTO_APPROVE', { enabled: false }, staff.cookie);
    expect(off.json().data.featureFlag.enabled).toBe(false);
    const overridden = await put('COUNTER_OFFER', { enabled: true }, staff.cookie);
    expect(overridden.json().data.featureFlag).toEqual({ key: 'COUNTER_OFFER', enabled: false, source: 'environment' });
  });

  it('refuses a visitor (401), a buyer (403), an unknown flag and a bad body (400), changing nothing', async () => {
    expect((await put('BUY_NOW_INVOICES', { enabled: true })).statusCode).toBe(401);
    const buyer = await signUpUser(t);
    expect((await put('BUY_NOW_INVOICES', { enabled: true }, buyer.cookie)).statusCode).toBe(403);
    const staff = await signUpStaff(t);
    expect((await put('NO_SUCH_FLAG', { enabled: true }, staff.cookie)).statusCode).toBe(400);
    expect((await put('BUY_NOW_INVOICES', { enabled: 'yes' }, staff.cookie)).statusCode).toBe(400);
    const rows = await t.db.select().from(featureFlags);
    expect(rows.find((r) => r.key === 'BUY_NOW_INVOICES')).toBeUndefined();
  });
});
