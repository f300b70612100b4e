import { expect, type Page } from '@playwright/test';

/**
 * Opens `url` and waits until React has hydrated the page (`<body data-hydrated>`, set by HydrationMark, decision
 * 0058). A spec that clicks, types or sends an island a DOM event right after a load uses this instead of
 * `page.goto`: before hydration, an event handler is not yet there and the action is lost on a busy machine.
 */
export async function gotoReady(page: Page, url: string, options?: Parameters<Page['goto']>[1]) {
  const response = await page.goto(url, options);
  await expectReady(page);
  return response;
}

/** Waits for the page the browser is on (after a click that loaded a new document, say) to be hydrated. */
export async function expectReady(page: Page) {
  await expect(page.locator('body[data-hydrated="true"]')).toBeAttached();
}
