import type { OfferView } from '@lotline/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { makeOfferView } from '../../test/buy-now-factory';
import { OfferList } from './offer-list';

// Server actions are references in the browser; rendering needs only their identity.
vi.mock('../../lib/offers/offer-actions', () => ({
  buyerOfferAction: async () => ({}),
  sellerOfferAction: async () => ({}),
}));

const offer = makeOfferView;

const list = (offers: OfferView[], side: 'buyer' | 'seller', countersOn = true) =>
  renderToStaticMarkup(<OfferList offers={offers} side={side} timeZone="UTC" countersOn={countersOn} />);

/**
 * The answers each side may give to an offer (decision 0046). The seller's counter control follows COUNTER_OFFER
 * (the page passes the flag as `countersOn`; the API's refusal of a counter while it is off is apps/api
 * offers/answer-offer.test.ts): the page half of what the flags browser spec checked by switching the flag.
 */
describe('the offer lists', () => {
  it('offer the seller accept, decline and counter on a pending offer while counters are on', () => {
    const html = list([offer()], 'seller');
    expect(html).toContain('aria-label="Accept the offer on Air compressor"');
    expect(html).toContain('aria-label="Decline the offer on Air compressor"');
    expect(html).toContain('aria-label="Counter the offer on Air compressor"');
    expect(html).toContain('Counter-offer per unit');
  });

  it('offer no counter control, and still accept and decline, while counters are off', () => {
    const html = list([offer()], 'seller', false);
    expect(html).toContain('aria-label="Accept the offer on Air compressor"');
    expect(html).toContain('aria-label="Decline the offer on Air compressor"');
    expect(html).not.toContain('Counter the offer');
    expect(html).not.toContain('Counter-offer per unit');
  });

  it('an expired offer reads expired and offers no answer to either side', () => {
    for (const side of ['buyer', 'seller'] as const) {
      const html = list([offer({ status: 'expired' })], side);
      expect(html).toContain('data-status="expired"');
      expect(html).not.toContain('<button');
      expect(html).not.toContain('<form');
    }
  });

  it('the buyer accepts or declines a counter, and withdraws a pending offer', () => {
    const countered = list([offer({ status: 'countered', counterAmount: 90_000 })], 'buyer');
    expect(countered).toContain('aria-label="Accept the counter-offer on Air compressor"');
    expect(countered).toContain('aria-label="Decline the counter-offer on Air compressor"');
    expect(countered).toContain('$900');
    expect(list([offer()], 'buyer')).toContain('aria-label="Withdraw the offer on Air compressor"');
  });
});
