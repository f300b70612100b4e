import type { FeatureFlag } from '@lotline/contracts';
import { type APIRequestContext, expect, request as playwrightRequest } from '@playwright/test';
import { DEMO_PASSWORD } from './sign-in';

/**
 * Switching a feature flag from a spec, as staff do (PUT /marketplace/api/feature-flags/{key}).
 * Flags are global: only `flags-*.spec.ts` specs switch them; they run alone in the `flags`
 * project (playwright.config.ts), and each puts back what it switched (`withFlags`).
 */

async function staffContext(baseURL: string): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const res = await context.post('/marketplace-api/auth/sign-in', {
    data: { email: 'staff@example.com', password: DEMO_PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(200);
  return context;
}

export async function setFlags(baseURL: string, flags: Partial<Record<FeatureFlag, boolean>>): Promise<void> {
  const context = await staffContext(baseURL);
  try {
    for (const [key, enabled] of Object.entries(flags)) {
      const res = await context.put(`/marketplace/api/feature-flags/${key}`, { data: { enabled } });
      expect(res.status(), await res.text()).toBe(200);
      expect((await res.json()).data.featureFlag.enabled).toBe(enabled);
    }
  } finally {
    await context.dispose();
  }
}

/** Runs `body` with `flags` switched, then switches them back to what they were. */
export async function withFlags<T>(
  baseURL: string,
  flags: Partial<Record<FeatureFlag, boolean>>,
  body: () => Promise<T>,
): Promise<T> {
  const context = await playwrightRequest.newContext({ baseURL });
  const res = await context.get('/marketplace/api/feature-flags');
  const before = Object.fromEntries(
    ((await res.json()).data.featureFlags as { key: FeatureFlag; enabled: boolean }[]).map((f) => [f.key, f.enabled]),
  ) as Record<FeatureFlag, boolean>;
  await context.dispose();
  await setFlags(baseURL, flags);
  try {
    return await body();
  } finally {
    await setFlags(
      baseURL,
      Object.fromEntries(Object.keys(flags).map((k) => [k, before[k as FeatureFlag]])) as Partial<
        Record<FeatureFlag, boolean>
      >,
    );
  }
}
