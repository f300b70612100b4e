import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { type ApiLot, findLots } from './cards-helpers';

/** The lot page's auction, shared by bidding.spec.ts and bidding-close.spec.ts. */

export const MINUTE = 60_000;
/** The closing clock runs every few seconds; the live stream and the page's re-read follow it. */
export const CLOSE_LAG = 90_000;

export interface Bidding {
  eventLotId: string;
  status: string;
  currency: string;
  currentBid: { amount: number } | null;
  bidsCount: number;
  minimumBid: number;
  reserveMet: boolean | null;
  endedAt: string;
  serverTime: string;
  terms: { buyersPremiumBps: number; taxRate: number; buyerFees: { kind: string; amount: number }[] };
}

export async function bidding(request: APIRequestContext, lotId: string): Promise<Bidding> {
  const res = await request.get(`/marketplace/api/event/event-lots/${encodeURIComponent(lotId)}/bidding`);
  expect(res.status(), 'GET bidding').toBe(200);
  return (await res.json()).data;
}

/** Whole currency units as a bidder types them: 125050 → "1250.50". */
export const typed = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
export const dollars = (minor: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', trailingZeroDisplay: 'stripIfInteger' }).format(
    minor / 100,
  );

/** Open auction lots of an event (a lot of no event has nothing to register for, so no bid panel). */
export async function eventAuctionLots(request: APIRequestContext): Promise<ApiLot[]> {
  const lots = await findLots(request, [
    { field: 'status', op: 'eq', value: 'Active' },
    { field: 'type', op: 'eq', value: 'AuctionLot' },
  ]);
  return lots.filter((l) => (l._source as { eventId?: string | null }).eventId);
}

/**
 * The open auction lot without a reserve and without bids that ends first, at least 3 minutes from the server's
 * now. Without bids: the seed's demo buyers bid with maxima (place-demo-bids.ts), and a lot they lead answers a
 * minimum bid with their proxy at once, so the test's bidder would never lead it.
 */
export async function soonEndingLot(request: APIRequestContext): Promise<{ lot: ApiLot; state: Bidding }> {
  const lots = await findLots(
    request,
    [
      { field: 'status', op: 'eq', value: 'Active' },
      { field: 'type', op: 'eq', value: 'AuctionLot' },
      { field: 'endedAt', op: 'gte', value: new Date(Date.now() + 2 * MINUTE).toISOString() },
      { field: 'endedAt', op: 'lte', value: new Date(Date.now() + 40 * MINUTE).toISOString() },
    ],
    60,
  );
  const ordered = lots.sort((a, b) => Date.parse(a._source.endedAt ?? '') - Date.parse(b._source.endedAt ?? ''));
  for (const lot of ordered) {
    const state = await bidding(request, lot._id);
    const left = Date.parse(state.endedAt) - Date.parse(state.serverTime);
    if (state.reserveMet === null && state.bidsCount === 0 && left >= 3 * MINUTE) return { lot, state };
  }
  throw new Error('The seed has no open auction lot without a reserve or bids ending 3 to 40 minutes from now');
}

/** The lot page, as a link reaches it (the site redirects the item id to the canonical path). */
export async function openLot(page: Page, lotId: string): Promise<string> {
  await page.goto(`/marketplace/bid/lot/${encodeURIComponent(lotId)}`);
  return new URL(page.url()).pathname;
}

/** From wherever the panel starts for a verified bidder: agree to the event's terms if asked, then register. */
export async function registerFor(page: Page) {
  const panel = page.getByTestId('bid-panel');
  const agree = panel.getByRole('button', { name: 'I agree' });
  const register = panel.getByRole('button', { name: 'Register to bid' });
  const minimum = panel.getByText(/^Minimum bid /);
  await expect(agree.or(register).or(minimum)).toBeVisible();
  if (await agree.isVisible()) await agree.click();
  await expect(register.or(minimum)).toBeVisible();
  if (await register.isVisible()) {
    await expect(panel.getByText(/A hold of \$[\d,.]+ is placed on your card|needs no bid deposit/)).toBeVisible();
    await register.click();
  }
  await expect(minimum).toBeVisible({ timeout: 30_000 });
}

export async function placeBid(page: Page, amount: number, max?: number) {
  const panel = page.getByTestId('bid-panel');
  await panel.getByLabel('Your bid', { exact: true }).fill(typed(amount));
  if (max !== undefined) await panel.getByLabel('Maximum bid (optional)').fill(typed(max));
  await panel.getByRole('button', { name: 'Place bid' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your bid' });
  const question = `Confirm your bid of ${dollars(amount)}${max !== undefined ? ` (maximum ${dollars(max)})` : ''}`;
  await expect(dialog.getByText(question, { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
}

export const status = (page: Page, name: string) => page.getByTestId('bid-panel').locator(`[data-status="${name}"]`);
