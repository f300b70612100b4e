import { expect, type Page } from '@playwright/test';
import { expectReady } from './ready';

/**
 * The body of a new auction event for the seller console's API
 * (`POST /marketplace-api/seller/events`): no deposit, no terms, the default
 * auction settings. Specs create their own draft through it, so they never
 * share one with another spec or project.
 */
export function auctionEventBody(event: {
  companyId: string | undefined;
  name: string;
  title: string;
  description?: string;
  startAt: string;
  endAt: string;
}) {
  return {
    description: '',
    ...event,
    saleFormat: 'auction',
    privateSale: false,
    bidDeposit: null,
    settings: {
      incrementTable: null,
      softCloseWindowSeconds: 120,
      softCloseExtensionSeconds: 120,
      softCloseCapSeconds: 3600,
      staggerIntervalSeconds: 60,
      registrationApprovalRequired: false,
      buyersPremiumBps: 0,
      paymentWindowDays: 5,
      tenderAwardDays: 5,
    },
    terms: [],
    attachments: [],
  };
}

/**
 * Types a date and time into the event form's schedule date picker (react-aria: month, day, year, hour,
 * minute segments, en-US order, 24-hour clock; `MMDDYYYYHHmm`), in the zone the form's "Time zone" select
 * says (UTC until another is chosen).
 */
export async function typeTime(page: Page, label: 'Start' | 'End', digits: string) {
  await page.getByRole('group', { name: label }).getByRole('spinbutton', { name: /month/i }).click();
  await page.keyboard.type(digits);
}

/**
 * From the events list, opens "Create an event" and fills the name, the title,
 * a $500 bid deposit and Payment and Removal terms (the "terms and a
 * deposit"); the schedule and the rest are the spec's own.
 */
export async function startEventForm(page: Page, name: string, title: string): Promise<void> {
  await page.getByRole('link', { name: 'Create an event' }).click();
  await expect(page.getByRole('heading', { name: 'Create an event' })).toBeVisible();
  // The link may load a new document: "Add terms" below is a client button, lost if clicked before hydration.
  await expectReady(page);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Bid deposit (dollars; empty for none)').fill('500');
  for (const [type, text] of [
    ['Payment', 'Pay within five days of the close.'],
    ['Removal', 'Remove within ten days.'],
  ] as const) {
    await page.getByRole('button', { name: 'Add terms' }).click();
    await page.getByLabel('Type (shown as “{Type} Terms”)').last().fill(type);
    await page.getByLabel('Text', { exact: true }).last().fill(text);
  }
}
