// @vitest-environment happy-dom
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { BOX_PROPS, makeBiddingState } from '../../test/bidding-factory';
import { allIn, mount, setUpDomForms, shown, termRows, type } from '../../test/dom-form';
import { ALL_IN_PROMPT } from '../bid-panel/bid-terms';
import { TenderBox, type TenderBoxProps } from './tender-box';
import { TenderForm } from './tender-form';

// The terms step's server action is a reference in the browser; rendering needs only its identity.
vi.mock('../../lib/messaging/messaging-actions', () => ({ agreeToTermsFormAction: async () => ({}) }));

setUpDomForms();

const TENDERED = Date.parse('2026-11-30T15:05:00Z');
const bidding = makeBiddingState({ type: 'TenderLot', currentBid: null, bidsCount: 0 });

const box = (over: Partial<TenderBoxProps> = {}) =>
  renderToStaticMarkup(
    <TenderBox
      {...BOX_PROPS}
      initial={{ bidding, history: null, registration: null, cards: [], tender: null }}
      {...over}
    />,
  );

const text = (html: string) => html.replace(/<[^>]+>/g, '');

const tenderForm = () =>
  mount(
    <TenderForm
      lotId="lot_1"
      currency="USD"
      terms={bidding.terms}
      replacing={false}
      onStored={() => undefined}
      onRefused={() => undefined}
    />,
  );

/**
 * The tender box shows the lot's terms and what the tender typed would cost all in if it is awarded (the same
 * pricing rule and words as the bid form, bid-form.test.tsx), and its times in the zone the page gives it, named.
 */
describe('the tender box', () => {
  it('says when tendering closes and when the tender went in, in the zone it is given, named', () => {
    const tender = { amount: 1_000_000, updatedAt: TENDERED };
    const html = text(box({ initial: { bidding, history: null, registration: null, cards: [], tender } }));
    expect(html).toContain('Closes Nov 30, 2026, 5:59 PM CST');
    expect(html).toContain('Your tender: $10,000 · Nov 30, 2026, 9:05 AM CST');
    expect(text(box({ timeZone: 'America/New_York' }))).toContain('Closes Nov 30, 2026, 6:59 PM EST');
  });

  it('shows the premium, the tax rate and each fee before an amount is typed, and asks for one', () => {
    const html = text(box());
    expect(html).toContain('What you pay on top');
    expect(html).toContain('Buyer’s premium12%');
    expect(html).toContain('Tax8.25%');
    expect(html).toContain('Rigging fee$250');
    expect(html).toContain(ALL_IN_PROMPT);
  });

  it('prices the tender typed all in, as an order of one unit at that amount', () => {
    tenderForm();
    expect(termRows()).toEqual([
      ['Buyer’s premium', '12%'],
      ['Tax', '8.25%'],
      ['Rigging fee', '$250'],
    ]);
    expect(shown().querySelector('output')?.getAttribute('for')).toBe('bid-tender');
    type('Your tender', '10,000');
    // 1,000,000 minor: premium 120,000; taxable 1,145,000; tax 94,462.5 → 94,463; total 1,239,463.
    expect(allIn()).toBe(
      'A tender of $10,000, if awarded, costs $12,394.63 all in: $10,000 + $1,200 buyer’s premium + $250 rigging fee + $944.63 tax.',
    );
    type('Your tender', 'ten thousand');
    expect(allIn()).toBe(ALL_IN_PROMPT);
  });
});
