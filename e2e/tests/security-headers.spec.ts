import { expect, type Page, test } from '@playwright/test';
import { gotoReady } from '../support/ready';
import { signInByApi } from '../support/sign-in';
import { activeFor, findLots } from './cards-helpers';
import { eventFor } from './event-helpers';

/**
 * Security headers (decision 0029): every page and API answer carries them,
 * and the pages work under the nonce-based Content-Security-Policy: no
 * violation is reported while the main pages load and their islands run
 * (the event map, the lot gallery, the browse drawer, the account page).
 */

/** Records every CSP violation any page of this tab reports, from its first script on, across navigations. */
async function watchViolations(page: Page) {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) seen.push(m.text());
  });
  await page.exposeFunction('reportCspViolation', (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation(
        `${location.pathname}: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
      ),
    );
  });
  return seen;
}

/** Opens `path` and waits for its islands to hydrate (a violation of theirs shows by then), then checks the headers. */
async function expectPageHeaders(page: Page, path: string) {
  const res = await gotoReady(page, path);
  expect(res?.status(), path).toBeLessThan(400);
  const headers = res?.headers() ?? {};
  expect(headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('geolocation=(self)');
  expect(headers['x-content-type-options']).toBe('nosniff');
  // The suite serves plain HTTP.
  expect(headers['strict-transport-security']).toBeUndefined();
}

test.describe('security headers', () => {
  test('pages and API answers carry them; a nonce is never reused', async ({ page, request }) => {
    await expectPageHeaders(page, '/');
    const again = await request.get('/');
    const nonce = (policy: string | undefined) => /'nonce-([^']+)'/.exec(policy ?? '')?.[1];
    const first = await request.get('/marketplace/lots');
    expect(nonce(again.headers()['content-security-policy'])).not.toBe(
      nonce(first.headers()['content-security-policy']),
    );
    for (const path of ['/marketplace/api/category/product-categories/regular', '/marketplace-api/users/me']) {
      const api = await request.get(path);
      expect(api.headers()['content-security-policy'], path).toContain("default-src 'none'");
      expect(api.headers()['x-frame-options'], path).toBe('DENY');
      expect(api.headers()['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    }
  });

  test('the Next.js image optimiser is off: /_next/image serves nothing', { tag: '@requests' }, async ({ request }) => {
    // A raster file of this site (the optimiser refuses SVG anyway), at a width and quality it would accept.
    const res = await request.get('/_next/image?url=%2Ffiles%2Fdemo-attachments%2Fsite-map.png&w=64&q=75');
    expect(res.status()).toBeGreaterThanOrEqual(400);
    expect(res.headers()['content-type'] ?? '').not.toMatch(/^image\//);
  });

  test('the policy is enforced, and the watcher below sees what it blocks', async ({ page }) => {
    const violations = await watchViolations(page);
    await gotoReady(page, '/login');
    await page.evaluate(() => {
      const img = document.createElement('img');
      img.src = 'https://evil.example/pixel.png';
      document.body.append(img);
    });
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(violations.join('\n')).toContain('img-src blocked https://evil.example/pixel.png');
  });

  test('the main pages and their islands run without a CSP violation', async ({ page }, info) => {
    const violations = await watchViolations(page);

    await expectPageHeaders(page, '/');
    await expect(page.getByRole('banner')).toBeVisible();

    await expectPageHeaders(page, '/marketplace/lots');
    if (info.project.name === 'phone') {
      await page.getByRole('button', { name: 'Filter & Sort' }).click();
      await expect(page.getByRole('dialog', { name: 'Filters & Sort' })).toBeVisible();
      await page.keyboard.press('Escape');
    }

    const event = await eventFor(page.request, info.project.name);
    await expectPageHeaders(page, `${event.path}?tab=locations`);
    await expect(page.getByRole('region', { name: 'Map of the event locations' })).toHaveAttribute(
      'data-state',
      'ready',
    );

    const [lot] = await findLots(page.request, activeFor(30), 5);
    if (!lot) throw new Error('no active lot in the demo data');
    await expectPageHeaders(page, `/marketplace/bid/lot/${encodeURIComponent(lot._id)}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const next = page.getByRole('button', { name: /next photo/i });
    if (await next.count()) await next.first().click();

    // The sign-in form's page, then the account page signed in (through the API: the form is not under test).
    await expectPageHeaders(page, '/login');
    await signInByApi(page, 'buyer@example.com');
    await expectPageHeaders(page, '/account');
    await expect(page.getByRole('region', { name: 'Payment methods' })).toBeVisible();
    await expectPageHeaders(page, '/account/messages');

    expect(violations).toEqual([]);
  });
});
