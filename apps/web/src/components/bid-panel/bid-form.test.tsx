// @vitest-environment happy-dom
import { BID_PRESETS } from '@lotline/domain';
import type { ComponentProps } from 'react';
import { describe, expect, it } from 'vitest';
import { allIn, mount, setUpDomForms, shown, termRows as terms, type } from '../../test/dom-form';
import { BidForm } from './bid-form';

/**
 * The bid form's terms and quick picks, rendered and typed into as a person
 * does: the all-in line is checked against figures worked out by hand from the
 * pricing rule (premium on the bid; tax on bid + premium + fees; cents rounded
 * half away from zero).
 */

const TERMS = { buyersPremiumBps: 1_200, taxRate: 8.25, buyerFees: [{ kind: 'rigging' as const, amount: 25_000 }] };
const NONE = { buyersPremiumBps: 0, taxRate: 0, buyerFees: [] };

setUpDomForms();

/** Renders the form afresh (a previous one is removed). */
function renderForm(over: Partial<ComponentProps<typeof BidForm>> = {}) {
  const props: ComponentProps<typeof BidForm> = {
    lotId: 'lot_1',
    mode: 'bid',
    currency: 'USD',
    minimumBid: 125_000,
    standingMax: null,
    presets: [...BID_PRESETS],
    terms: TERMS,
    onPlaced: () => undefined,
    onRefused: () => undefined,
    ...over,
  };
  mount(<BidForm {...props} />);
}

const picks = () => [...shown().querySelectorAll('[role="group"] button')].map((button) => button.textContent ?? '');

describe('the bid form', () => {
  it('shows the premium, the tax rate and each fee the buyer pays, with the all-in cost at the minimum bid', () => {
    renderForm();
    expect(shown().querySelector('h3')?.textContent).toBe('What you pay on top');
    expect(terms()).toEqual([
      ['Buyer’s premium', '12%'],
      ['Tax', '8.25%'],
      ['Rigging fee', '$250'],
    ]);
    // $1,250: premium 12% = $150; tax 8.25% of ($1,250 + $150 + $250 = $1,650) = $136.125 → $136.13;
    // total $1,650 + $136.13 = $1,786.13.
    expect(allIn()).toBe(
      'A win at $1,250 (the minimum bid) costs $1,786.13 all in: $1,250 + $150 buyer’s premium + $250 rigging fee + $136.13 tax.',
    );
    // A status region tied to the field it is computed from, read out as it changes.
    expect(shown().querySelector('output')?.getAttribute('for')).toBe('bid-amount');
  });

  it('follows the amount typed in the bid field, and falls back to the minimum when it is not an amount', () => {
    renderForm();
    type('Your bid', '10,000');
    // 1,000,000 minor: premium 120,000; taxable 1,000,000 + 120,000 + 25,000 = 1,145,000;
    // tax 1,145,000 × 8.25% = 94,462.5 → 94,463; total 1,239,463.
    expect(allIn()).toBe(
      'A win at $10,000 costs $12,394.63 all in: $10,000 + $1,200 buyer’s premium + $250 rigging fee + $944.63 tax.',
    );
    type('Your bid', '2500');
    // 250,000: premium 30,000; taxable 305,000; tax 25,162.5 → 25,163; total 330,163.
    expect(allIn()).toBe(
      'A win at $2,500 costs $3,301.63 all in: $2,500 + $300 buyer’s premium + $250 rigging fee + $251.63 tax.',
    );
    // The maximum does not move the line in a first bid: the bid is what the price starts at.
    type('Maximum bid (optional)', '50000');
    expect(allIn()).toContain('A win at $2,500 costs $3,301.63');
    type('Your bid', 'ten thousand');
    expect(allIn()).toContain('A win at $1,250 (the minimum bid) costs $1,786.13 all in');
    type('Your bid', '');
    expect(allIn()).toContain('A win at $1,250 (the minimum bid) costs $1,786.13 all in');
  });

  it('follows the new maximum when the leader raises it', () => {
    renderForm({ mode: 'raise', standingMax: 200_000 });
    expect(shown().querySelector('output')?.getAttribute('for')).toBe('bid-maxAmount');
    type('New maximum bid', '10000');
    expect(allIn()).toBe(
      'A win at $10,000 costs $12,394.63 all in: $10,000 + $1,200 buyer’s premium + $250 rigging fee + $944.63 tax.',
    );
  });

  it('names only what applies, and says so briefly when nothing is added', () => {
    renderForm({ terms: { buyersPremiumBps: 1_000, taxRate: 0, buyerFees: [] } });
    expect(terms()).toEqual([['Buyer’s premium', '10%']]);
    type('Your bid', '1,250.50');
    // 125,050 × 10% = 12,505; no tax, no fee.
    expect(allIn()).toBe('A win at $1,250.50 costs $1,375.55 all in: $1,250.50 + $125.05 buyer’s premium.');
    renderForm({ terms: NONE });
    expect(shown().textContent).toContain('No buyer’s premium, tax or fees on top.');
    expect(shown().querySelector('output')).toBeNull();
    expect(shown().querySelector('dl')).toBeNull();
  });

  it('offers every preset at or above the minimum bid as a quick pick, however many', () => {
    renderForm({ minimumBid: 600_000 });
    expect(picks()).toEqual([
      '$10,000',
      '$25,000',
      '$50,000',
      '$100,000',
      '$250,000',
      '$500,000',
      '$1,000,000',
      '$2,500,000',
      '$5,000,000',
      '$10,000,000',
    ]);
    // At a minimum of exactly a preset, that preset is offered too; all twelve from the lowest.
    renderForm({ minimumBid: 250_000 });
    expect(picks()).toHaveLength(12);
    expect(picks()[0]).toBe('$2,500');
  });
});
