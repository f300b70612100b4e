import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { signInAt } from '../support/sign-in';

/** Shared by seller-page, catalog-page, legal-page and home-page specs. */

/** Signs the verified demo buyer in and lands on `next`. */
export async function signInAsBuyer(page: Page, next: string) {
  await signInAt(page, 'buyer@example.com', next);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}

/** Every JSON-LD block of the page, parsed (a block that is not valid JSON fails the test). */
export async function jsonLdBlocks(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((text) => JSON.parse(text) as Record<string, unknown>);
}

export async function jsonLdOfType(page: Page, type: string): Promise<Record<string, unknown>> {
  const block = (await jsonLdBlocks(page)).find((b) => b['@type'] === type);
  expect(block, `a JSON-LD block of @type ${type}`).toBeDefined();
  expect(block?.['@context']).toBe('https://schema.org');
  return block as Record<string, unknown>;
}

/** The page's canonical link and meta description, which every page must have. */
export async function expectSeoBasics(page: Page, canonicalPath: string) {
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  expect(canonical && new URL(canonical).pathname + new URL(canonical).search).toBe(canonicalPath);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\S{10,}/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /\S/);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', canonical ?? '');
}

export async function apiData<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  expect(res.ok(), `${path} answered ${res.status()}`).toBe(true);
  return (await res.json()).data as T;
}

/** Lots of a page's lot grid. */
export function gridCards(page: Page, listName: string | RegExp) {
  return page.getByRole('list', { name: listName }).getByRole('article');
}
