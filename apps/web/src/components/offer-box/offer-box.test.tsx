// @vitest-environment happy-dom
import type { Me, OfferView } from '@lotline/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeBiddingState } from '../../test/bidding-factory';
import { makeOfferView } from '../../test/buy-now-factory';
import { allIn, mount, setUpDomForms, shown, termRows, type } from '../../test/dom-form';
import { makeEventLotDetail } from '../../test/event-lot-factory';
import { ALL_IN_PROMPT } from '../bid-panel/bid-terms';
import { MakeOfferForm } from './make-offer-form';

// Server actions are references in the browser; rendering needs only their identity. The reads are the page's.
vi.mock('../../lib/offers/offer-actions', () => ({
  buyerOfferAction: async () => ({}),
  makeOfferAction: async () => ({}),
}));
const loadMyOffers = vi.fn();
vi.mock('../../lib/offers/offers.server', () => ({ loadMyOffers: (...args: unknown[]) => loadMyOffers(...args) }));
const loadBiddingState = vi.fn();
vi.mock('../../lib/bidding/bid-panel.server', () => ({
  loadBiddingState: (...args: unknown[]) => loadBiddingState(...args),
}));

const { OfferBox, takesOffers } = await import('./offer-box');

setUpDomForms();

const TERMS = makeBiddingState().terms;
const UNITS_PROMPT = 'Enter an amount per unit and the units to see what it costs all in.';
const buyer: Me = { id: 'u_1', email: 'pat@example.com', name: 'Pat', roles: [], verified: true };
const lot = takesOffers(
  makeEventLotDetail({ type: 'BuyItNowItem', bestOfferEnabled: true, buyItNowPrice: 100_000, quantity: 2 }),
);

async function box(offers: OfferView[], timeZone = 'America/Chicago') {
  if (!lot) throw new Error('the factory lot takes no offers');
  loadMyOffers.mockResolvedValue({ ok: true, offers });
  const element = await OfferBox({
    lot,
    user: buyer,
    pagePath: '/marketplace/bid/compressor/lot_1',
    open: true,
    timeZone,
  });
  return renderToStaticMarkup(element);
}

const text = (html: string) => html.replace(/<[^>]+>/g, '');

const offerForm = (maxQuantity: number, terms: typeof TERMS | null = TERMS) =>
  mount(
    <MakeOfferForm
      action={async (state) => state}
      priceText="$1,000"
      maxQuantity={maxQuantity}
      currency="USD"
      terms={terms}
    />,
  );

/**
 * The offer box shows the lot's terms (GET bidding's) and what the units offered would cost all in if the seller
 * accepts (the same pricing rule and words as the bid form, bid-form.test.tsx), and its times in the zone the page
 * gives it, named.
 */
describe('the offer box', () => {
  beforeEach(() => {
    loadBiddingState.mockReset();
    loadBiddingState.mockResolvedValue(makeBiddingState({ type: 'BuyItNowItem' }));
  });

  it('says until when the seller may answer, and a counter-offer is open, in the zone it is given, named', async () => {
    // The factory's offer expires at 2030-01-03T12:00Z.
    const pending = await box([makeOfferView()]);
    expect(text(pending)).toContain('The seller may answer until Jan 3, 2030, 6:00 AM CST.');
    expect(pending).toMatch(/<time datetime="2030-01-03T12:00:00.000Z">/i);
    const countered = text(await box([makeOfferView({ status: 'countered', counterAmount: 90_000 })], 'UTC'));
    expect(countered).toContain('The seller’s counter-offer: $900, open until Jan 3, 2030, 12:00 PM UTC.');
  });

  it('reads the lot’s terms for the form of someone who may make an offer, and asks for an amount', async () => {
    const html = text(await box([]));
    expect(loadBiddingState).toHaveBeenCalledWith('lot_1');
    expect(html).toContain('What you pay on top');
    expect(html).toContain('Buyer’s premium12%');
    expect(html).toContain('Rigging fee$250');
    expect(html).toContain(UNITS_PROMPT);
  });

  it('prices the units offered at the amount typed all in, the fees once per unit', () => {
    offerForm(2);
    expect(termRows()).toEqual([
      ['Buyer’s premium', '12%'],
      ['Tax', '8.25%'],
      ['Rigging fee', '$250'],
    ]);
    expect(shown().querySelector('output')?.getAttribute('for')).toBe('offer-amount offer-quantity');
    type('Your offer per unit', '800');
    // One unit, as the units field starts: 80,000; premium 9,600; fee 25,000; taxable 114,600;
    // tax 9,454.5 → 9,455; total 124,055.
    expect(allIn()).toBe(
      'An offer of $800, if accepted, costs $1,240.55 all in: $800 + $96 buyer’s premium + $250 rigging fee + $94.55 tax.',
    );
    type('Units', '2');
    // 2 × 80,000 = 160,000; premium 19,200; fees 2 × 25,000 = 50,000; taxable 229,200; tax 18,909; total 248,109.
    expect(allIn()).toBe(
      'An offer of $800 each × 2, if accepted, costs $2,481.09 all in: $1,600 + $192 buyer’s premium + $500 rigging fee + $189.09 tax.',
    );
    // More units than the lot has, or an amount that is not one: nothing to price yet.
    type('Units', '3');
    expect(allIn()).toBe(UNITS_PROMPT);
    type('Units', '1');
    type('Your offer per unit', 'eight hundred');
    expect(allIn()).toBe(UNITS_PROMPT);
  });

  it('asks only for an amount on a lot of one unit, and leaves the terms out when they could not be read', () => {
    offerForm(1);
    expect(allIn()).toBe(ALL_IN_PROMPT);
    expect(shown().querySelector('output')?.getAttribute('for')).toBe('offer-amount');
    offerForm(2, null);
    expect(shown().querySelector('output')).toBeNull();
    expect(shown().textContent).not.toContain('What you pay on top');
  });
});
