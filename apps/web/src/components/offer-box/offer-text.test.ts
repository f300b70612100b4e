import { BEST_OFFER_TOOLTIP } from '@lotline/contracts';
import { describe, expect, it } from 'vitest';
import { BEST_OFFER_TEXT } from '../../lib/lots/card-model';
import { isOpenOffer, OFFER_STATUS_TEXT, offerAmountText } from './offer-text';

describe('offer text', () => {
  it('names every status and shows per-unit amounts with the quantity', () => {
    expect(Object.keys(OFFER_STATUS_TEXT).sort()).toEqual(
      ['accepted', 'countered', 'declined', 'expired', 'pending', 'withdrawn'].sort(),
    );
    expect(offerAmountText({ amount: 80_000, quantity: 1, currency: 'USD' })).toBe('$800');
    expect(offerAmountText({ amount: 80_000, quantity: 2, currency: 'CAD' })).toBe('CA$800 each × 2');
    expect(offerAmountText({ amount: 80_000, quantity: 1, currency: 'USD' }, 90_000)).toBe('$900');
  });

  it('only pending and countered offers are open', () => {
    expect(isOpenOffer({ status: 'pending' })).toBe(true);
    expect(isOpenOffer({ status: 'countered' })).toBe(true);
    expect(isOpenOffer({ status: 'expired' })).toBe(false);
    expect(isOpenOffer({ status: 'accepted' })).toBe(false);
  });
});

it('the card’s Best Offer tooltip is the contract’s text (spec §4)', () => {
  expect(BEST_OFFER_TEXT).toBe(BEST_OFFER_TOOLTIP);
});
