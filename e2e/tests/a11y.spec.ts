import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, seriousA11yViolations } from '../support/axe';
import { gotoReady } from '../support/ready';
import { signInByApi } from '../support/sign-in';

/**
 * No serious or critical axe violations on the site's pages, at desktop and
 * phone sizes (every scan is tagged @phone: the phone's layout is a page of its
 * own to axe, with its own target sizes, reflow and contrast over other
 * backgrounds). Pages of later issues add their own checks with the same helper
 * (e2e/support/axe.ts).
 */

/** One full-page scan per template; a filtered search is the lots template again, its results scanned alone. */
const PUBLIC_PAGES = [
  { name: 'home', path: '/', scope: { template: 'home' } },
  { name: 'lots', path: '/marketplace/lots', scope: { template: 'browse lots' } },
  {
    name: 'a filtered search',
    path: '/marketplace/lots?keyword=lathe&status=active&sale-format=auction',
    scope: { include: 'main' },
  },
  { name: 'sign in', path: '/login', scope: { template: 'sign in' } },
  { name: 'sign up', path: '/signup', scope: { template: 'sign up' } },
  { name: 'not found', path: '/no/such/page', status: 404, scope: { template: 'not found' } },
] as const;

async function open(page: Page, path: string, status = 200) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(status);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

for (const { name, path, scope, ...rest } of PUBLIC_PAGES) {
  // Phone: the one-column layout, its target sizes and what reflows are scanned as well.
  test(`${name} (${path}) has no serious or critical axe violations`, { tag: '@phone' }, async ({ page }) => {
    // A full axe scan of a long page (the lots grid on a phone) took over 30 s on a busy 2-core machine.
    test.setTimeout(90_000);
    await open(page, path, 'status' in rest ? rest.status : 200);
    await expectNoSeriousA11yViolations(page, scope);
  });
}

// Phone: the account's forms and lists in one column, the header's account links wrapped onto a second row.
test('the account pages of a signed-in buyer have no serious or critical axe violations', { tag: '@phone' }, async ({
  page,
}) => {
  // Signed in through the API: the sign-in form's own scan is the /login page above.
  await signInByApi(page, 'buyer@example.com');
  await gotoReady(page, '/account');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page, { template: 'account' });

  await open(page, '/account/watchlist');
  await expectNoSeriousA11yViolations(page, { template: 'account watchlist' });
});

// The checker itself, on a page of its own making: the device changes nothing (desktop only).
test('the check reports the rule and the element of a violation', async ({ page }) => {
  await page.setContent(
    '<!doctype html><html lang="en"><title>Broken</title><main><h1>Broken</h1>' +
      '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" id="no-alt"><button id="empty"></button></main></html>',
  );
  const found = await seriousA11yViolations(page, { include: 'main' });
  expect(found.some((line) => line.includes('image-alt') && line.includes('#no-alt'))).toBe(true);
  expect(found.some((line) => line.includes('button-name') && line.includes('#empty'))).toBe(true);
});
