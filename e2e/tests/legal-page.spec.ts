import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { expectSeoBasics, renderedHtml } from '../support/html';
import { gotoReady } from '../support/ready';
import { signInAsBuyer } from './pages-helpers';

/** Legal terms page /marketplace/legal/terms-of-use (spec §2), and the links to it. */

const PATH = '/marketplace/legal/terms-of-use';
const SECTIONS = [
  'The service',
  'Accounts',
  'Verification and bid deposits',
  'Bid deposits',
  'Bidding, buying and offers',
  'Payment and taxes',
  'Removal, loading and shipping',
  'Sellers’ duties',
  'Messages and conduct',
  'Liability',
  'Governing law and disputes',
];

test('a visitor reaches the terms from the footer and reads every section', async ({ page }) => {
  await gotoReady(page, '/marketplace/lots');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Use' }).click();
  await expect(page).toHaveURL(new RegExp(`${PATH}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Use' })).toBeVisible();
  for (const [i, title] of SECTIONS.entries()) {
    await expect(page.getByRole('heading', { level: 2, name: `${i + 1}. ${title}` })).toBeVisible();
  }
  // Spec rules the document states: the bid deposit hold and the upload limits.
  await expect(page.getByText(/hold on your card for the amount the auction states/)).toBeVisible();
  await expect(page.getByText(/videos under 30 MB and other files under 10 MB/)).toBeVisible();
  // The contents list jumps to a section.
  await page.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: 'Liability' }).click();
  await expect(page).toHaveURL(new RegExp(`${PATH}#liability$`));
  await expect(page.getByRole('heading', { name: '10. Liability' })).toBeInViewport();
});

test('the terms page has its title, canonical link and description', { tag: '@requests' }, async ({ request }) => {
  const html = await renderedHtml(request, PATH);
  expect(html.title).toBe('Terms of Use | Lotline');
  expectSeoBasics(html, PATH);
});

// Phone: the long document and its contents list in one column are scanned too.
test('the terms page has no serious accessibility violations', { tag: '@phone' }, async ({ page }) => {
  await gotoReady(page, PATH);
  await expectNoSeriousA11yViolations(page, { template: 'terms' });
});

test('the buyer finds the terms from the bidder terms of the account page', async ({ page }) => {
  await signInAsBuyer(page, '/account');
  const bidderTerms = page.getByRole('region', { name: 'Bidder terms' });
  await bidderTerms.getByRole('link', { name: 'Lotline Terms of Use' }).click();
  await expect(page).toHaveURL(new RegExp(`${PATH}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Use' })).toBeVisible();
});
