import type { Page } from '@playwright/test';

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
