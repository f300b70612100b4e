import type { BuyNowState } from '@lotline/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { makeBuyNowState } from '../../test/buy-now-factory';
import { BuyBox } from './buy-box';

// Server actions and the router are references in the browser; rendering needs only their identity.
vi.mock('next/navigation', () => ({ useRouter: () => ({ refresh: () => undefined }) }));
vi.mock('../../lib/buy-now/purchase-action', () => ({ purchaseAction: async () => ({}) }));
vi.mock('../../lib/messaging/messaging-actions', () => ({
  agreeToTermsFormAction: async () => ({}),
  agreeToEventTermsAction: async () => ({ ok: true }),
}));

const state: BuyNowState = makeBuyNowState();

const box = (s: BuyNowState, gate: 'visitor' | 'ready' = 'visitor') =>
  renderToStaticMarkup(
    <BuyBox state={s} gate={{ kind: gate }} pagePath="/marketplace/bid/pump/lot_1" title="Pump" autoOpen={false} />,
  );

/**
 * The lot page's buy box shows the all-in price the API answers, and only then: with BUY_NOW_ALL_IN_PRICING off the
 * API answers none (apps/api purchases/purchases.test.ts, "off: no card and no buy box answers an all-in price"),
 * and the page shows the plain price only. The cards' half is lib/lots/card-model.test.ts. This is the page half of
 * what the flags browser spec checked by switching the flag.
 */
describe('the buy box', () => {
  it('shows the buy-now price and the all-in price with its note', () => {
    const html = box(state);
    expect(html).toContain('Buy now price');
    expect(html).toContain('$100');
    expect(html).toContain('data-testid="all-in-price"');
    expect(html).toContain('$124.49');
    expect(html).toContain('All in for one unit');
  });

  it('shows the plain price only when the API answers no all-in price', () => {
    for (const gate of ['visitor', 'ready'] as const) {
      const html = box({ ...state, allInPrice: null }, gate);
      expect(html).toContain('Buy now price');
      expect(html).toContain('$100');
      expect(html).not.toContain('All-in price');
      expect(html).not.toContain('all-in-price');
      expect(html).not.toContain('All in for one unit');
    }
  });
});
