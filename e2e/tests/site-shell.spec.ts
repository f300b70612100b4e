import { expect, test } from '@playwright/test';
import { gotoReady } from '../support/ready';
import { signInByApi } from '../support/sign-in';

test.describe('site shell', () => {
  test('the home page is a page of its own that leads to the lot listing', async ({ page }) => {
    await gotoReady(page, '/');
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('link', { name: 'Browse all lots' }).click();
    await expect(page).toHaveURL(/\/marketplace\/lots$/);
  });

  // Phone: the logo and the account links share the first row of the header, beside each other.
  test('the logo links to the lot listing and sign-in is offered', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/marketplace/lots?page=2');
    const header = page.getByRole('banner');
    const logo = header.getByRole('link', { name: 'Lotline' });
    const signIn = header.getByRole('link', { name: 'Sign in' });
    await expect(logo).toBeVisible();
    await expect(signIn).toBeVisible();
    await expect(logo).toHaveAttribute('href', '/marketplace/lots');
    await expect(signIn).toHaveAttribute('href', '/login');
  });

  // Phone: the header's search box moves to a full-width row of its own below the logo.
  test('the header search submits a keyword to the lot listing', { tag: '@phone' }, async ({ page }) => {
    // A page without a search box of its own (browse pages keep only theirs, which carries their filters).
    await gotoReady(page, '/marketplace/legal/terms-of-use');
    const search = page.getByRole('banner').getByRole('searchbox', { name: 'Search assets' });
    await expect(search).toHaveAttribute('placeholder', 'Search assets...');
    await search.fill('hydraulic press');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/marketplace\/lots\?keyword=hydraulic\+press$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  // Phone: the search button is an icon only (its text kept for screen readers), and must still be tapped.
  test('the search button submits too', { tag: '@phone' }, async ({ page }) => {
    await gotoReady(page, '/marketplace/legal/terms-of-use');
    const header = page.getByRole('banner');
    await header.getByRole('searchbox', { name: 'Search assets' }).fill('forklift');
    await header.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/marketplace\/lots\?keyword=forklift$/);
  });

  test('the footer links to the terms of use', async ({ page }) => {
    await page.goto('/marketplace/lots');
    const terms = page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Use' });
    await expect(terms).toBeVisible();
    await expect(terms).toHaveAttribute('href', '/marketplace/legal/terms-of-use');
  });

  // Keyboard navigation is a desktop concern: desktop only.
  test('a skip link moves keyboard users to the main content', async ({ page }) => {
    await gotoReady(page, '/marketplace/lots');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });

  // The suite's site runs the payments sandbox (no Stripe keys): each page template carries the root layout's banner.
  test('every page says that payments are test payments while the sandbox moves the money', async ({ page }) => {
    const banner = page.getByRole('region', { name: 'Test payments' });
    const expectBanner = (where: string) => expect(banner, where).toHaveText('Test payments: no real money moves');

    await page.goto('/');
    await expectBanner('home');
    await page.goto('/marketplace/lots');
    const lotPath = await page.locator('a[href^="/marketplace/bid/"]').first().getAttribute('href');
    await page.goto(lotPath ?? '');
    await expectBanner('a lot page');
    const sellerPath = await page.locator('a[href^="/marketplace/seller/"]').first().getAttribute('href');
    await page.goto(sellerPath ?? '');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectBanner('a seller page');
    await page.goto('/login');
    await expectBanner('sign-in');
    await signInByApi(page, 'buyer@example.com');
    await page.goto('/account');
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expectBanner('an account page');
  });
});
