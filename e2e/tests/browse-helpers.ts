import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

/** Browse-page helpers: the panel on large screens, the drawer (staged, then applied) below. */

export const RANGE = /^(\d[\d,]*)-(\d[\d,]*) of (\d[\d,]*) items$/;

export const isPhone = (info: TestInfo) => info.project.name === 'phone';

export function lotCards(page: Page): Locator {
  return page.getByRole('list', { name: 'Lots' }).getByRole('article');
}

export function filterButton(page: Page): Locator {
  return page.getByRole('button', { name: /^Filter & Sort/ });
}

export function drawer(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Filters & Sort' });
}

export function panel(page: Page): Locator {
  return page.getByRole('complementary', { name: 'Filters' });
}

/** The side panel of filters, as a CSS selector (for an axe scan scoped to it). */
export const PANEL_SELECTOR = 'aside[aria-labelledby="filter-panel-title"]';

/** The filter controls in use at this size: the panel, or the drawer once opened. */
export async function filters(page: Page, info: TestInfo): Promise<Locator> {
  if (!isPhone(info)) return panel(page);
  await filterButton(page).click();
  await expect(drawer(page)).toBeVisible();
  return drawer(page);
}

/** Picks one option of a filter section and applies it (the drawer needs 'Apply filters'). */
export async function chooseFilter(page: Page, info: TestInfo, section: string, option: string | RegExp) {
  const controls = await filters(page, info);
  await controls
    .getByRole('region', { name: section })
    .getByRole('link', { name: option, exact: typeof option === 'string' })
    .click();
  if (isPhone(info)) await drawer(page).getByRole('button', { name: 'Apply filters' }).click();
}

export function sectionOf(controls: Locator, section: string): Locator {
  return controls.getByRole('region', { name: section });
}

/** The query string of the page's URL, decoded into a sorted list for comparison. */
export function queryOf(page: Page): string {
  return new URL(page.url()).searchParams.toString();
}

/** The 'Sort: ...' dropdown's button. */
export function sortMenu(page: Page): Locator {
  return page.locator('summary', { hasText: /^Sort: / });
}
