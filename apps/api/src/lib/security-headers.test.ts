import { HSTS, PERMISSIONS_POLICY } from '@lotline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { API_CSP } from './security-headers';

describe('security headers on every API answer', () => {
  let http: TestApp;
  let https: TestApp;
  beforeAll(async () => {
    http = await createTestApp();
    https = await createTestApp({ config: { publicOrigin: 'https://lotline.example' } });
  });
  afterAll(async () => {
    await http.close();
    await https.close();
  });

  const answers = (t: TestApp) =>
    Promise.all([
      t.app.inject({ method: 'GET', url: '/healthz' }),
      t.app.inject({ method: 'GET', url: '/marketplace/api/no-such-route' }),
      t.app.inject({ method: 'GET', url: '/marketplace-api/users/me' }),
      t.app.inject({ method: 'GET', url: '/marketplace/api/event/event-lots?pageSize=0' }),
    ]);

  it('sends the CSP, frame, referrer, permissions and sniffing headers on success, 401, 400 and 404 alike', async () => {
    const statuses = [];
    for (const res of await answers(http)) {
      statuses.push(res.statusCode);
      expect(res.headers['content-security-policy']).toBe(API_CSP);
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      // Served over plain HTTP: no HSTS.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    expect(statuses).toEqual([200, 404, 401, 400]);
  });

  it('sends HSTS only when the public origin is https', async () => {
    for (const res of await answers(https)) expect(res.headers['strict-transport-security']).toBe(HSTS);
  });

  it("keeps the sandbox card page's own policy and gives /docs swagger-ui's, never framed", async () => {
    const missing = await http.app.inject({ method: 'GET', url: '/payments-sandbox/setup/nope' });
    expect(missing.headers['content-security-policy']).toContain("style-src 'unsafe-inline'");
    expect(missing.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const docs = await http.app.inject({ method: 'GET', url: '/docs' });
    expect(docs.statusCode).toBe(200);
    const policy = String(docs.headers['content-security-policy']);
    expect(policy).toMatch(/script-src 'self'/);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('upgrade-insecure-requests');
    const secure = await https.app.inject({ method: 'GET', url: '/docs' });
    expect(secure.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});
