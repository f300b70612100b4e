import { expect, type Page } from '@playwright/test';
import { gotoReady } from './ready';

/** Adding lots in the seller console (decisions 0050, 0055), shared by the lots spec and the seller journey. */

/** A small real PNG (8 × 8), made here rather than read from a file. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGMwaDiAFTEMLQkAztVcAX2XhiIAAAAASUVORK5CYII=',
  'base64',
);

/** Letters only, so the search takes it as one word no demo lot has. */
export const uniqueWord = () =>
  `zq${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

/** Adds a lot through the lot form's steps (the lot, then prices; no reserve), then uploads a photo of it. */
export async function addLot(page: Page, eventId: string, number: string, name: string) {
  await gotoReady(page, `/seller/events/${eventId}/lots`);
  await page.getByRole('link', { name: 'Add a lot' }).click();
  await expect(page.getByRole('heading', { name: 'Add a lot' })).toBeVisible();
  await page.getByLabel('Lot number').fill(number);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Category').selectOption({ index: 1 });
  await page.getByLabel('Location').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Starting bid').fill('250');
  await page.getByRole('button', { name: 'Add the lot' }).click();
  await expect(page.getByRole('heading', { name: `Lot ${number}: ${name}` })).toBeVisible({ timeout: 15_000 });
  await page.getByLabel('Add photos').setInputFiles({ name: `lot-${number}.png`, mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Upload photos' }).click();
  await expect(page.getByText('1 photo added.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('img', { name: '1 of 1, shown on the card' })).toBeVisible();
}
