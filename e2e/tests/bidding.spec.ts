import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { gotoReady } from '../support/ready';
import { type Bidding, bidding, eventAuctionLots } from './bidding-helpers';

/**
 * The auction on the lot page (issue 14): a visitor is led to sign in from the bid panel, and the panel follows
 * the live stream. The real auction, through to its close, is bidding-close.spec.ts (on the site beside, decision
 * 0058).
 */

/** The lot page, hydrated (the panel hears the live stream's DOM events from then on); answers its canonical path. */
async function openLot(page: Page, lotId: string): Promise<string> {
  await gotoReady(page, `/marketplace/bid/lot/${encodeURIComponent(lotId)}`);
  return new URL(page.url()).pathname;
}

test.describe('Bidding on the lot page', () => {
  // Phone: the panel under the gallery at the phone's width must not make the page scroll sideways; axe scans it there.
  test('a visitor is led to sign in from the bid panel, which fits a phone and passes axe', { tag: '@phone' }, async ({
    page,
  }) => {
    const [lot] = await eventAuctionLots(page.request);
    if (!lot) throw new Error('no open auction lot in the seed');
    const path = await openLot(page, lot._id);
    const panel = page.getByTestId('bid-panel');
    await expect(panel).toHaveAttribute('data-live-lot-id', lot._id);
    const signIn = panel.getByRole('link', { name: 'Sign in to bid' });
    await expect(signIn).toHaveAttribute('href', `/login?next=${encodeURIComponent(path)}`);
    await expect(panel.getByRole('button', { name: 'Place bid' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, { include: '[data-testid="bid-panel"]' });
    // Spec breakpoints: nothing of the panel makes the page scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await signIn.click();
    await expect(page.getByLabel('E-mail address')).toBeVisible();
    expect(new URL(page.url()).searchParams.get('next')).toBe(path);
  });

  test('the panel reads the bidding again when the live stream reports a change of its lot, only its lot', async ({
    page,
  }) => {
    const [lot, other] = await eventAuctionLots(page.request);
    if (!lot || !other) throw new Error('the seed needs two open auction lots');
    await openLot(page, lot._id);
    await expect(page.getByTestId('bid-panel')).toBeVisible();
    const reads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/bidding')) reads.push(new URL(r.url()).pathname);
    });
    const change = (detail: Pick<Bidding, 'currentBid' | 'bidsCount' | 'endedAt' | 'status'> & { _id: string }) =>
      page.evaluate((d) => {
        document.dispatchEvent(new CustomEvent('lotline:lot-change', { detail: { ...d, serverTime: '' } }));
      }, detail);
    const shown = await bidding(page.request, lot._id);
    const same = {
      currentBid: shown.currentBid,
      bidsCount: shown.bidsCount,
      endedAt: shown.endedAt,
      status: shown.status,
    };
    const moved = {
      ...same,
      currentBid: { amount: (shown.currentBid?.amount ?? 0) + 100 },
      bidsCount: shown.bidsCount + 1,
    };
    // The state the panel already shows (a fresh stream sends it first) is not read again.
    await change({ _id: lot._id, ...same });
    await change({ _id: other._id, ...moved });
    await change({ _id: lot._id, ...moved });
    await expect.poll(() => reads).toEqual([`/marketplace/api/event/event-lots/${lot._id}/bidding`]);
  });
});
