import { expect, test } from '@playwright/test';

test.describe('site shell', () => {
  test('the home page is a page of its own that leads to the lot listing', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('link', { name: 'Browse all lots' }).click();
    await expect(page).toHaveURL(/\/marketplace\/lots$/);
  });

  test('the logo links to the lot listing and sign-in is offered', async ({ page }) => {
    await page.goto('/marketplace/lots?page=2');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Lotline' })).toHaveAttribute('href', '/marketplace/lots');
    await expect(header.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  test('the header search submits a keyword to the lot listing', async ({ page }) => {
    // A page without a search box of its own (browse pages keep only theirs, which carries their filters).
    await page.goto('/marketplace/legal/terms-of-use');
    const search = page.getByRole('banner').getByRole('searchbox', { name: 'Search assets' });
    await expect(search).toHaveAttribute('placeholder', 'Search assets...');
    await search.fill('hydraulic press');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/marketplace\/lots\?keyword=hydraulic\+press$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('the search button submits too', async ({ page }) => {
    await page.goto('/marketplace/legal/terms-of-use');
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

  test('a skip link moves keyboard users to the main content', async ({ page, isMobile }) => {
    test.skip(isMobile, 'keyboard navigation is a desktop concern');
    await page.goto('/marketplace/lots');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });
});
