import { describe, expect, it } from 'vitest';
import { termsSentence } from './bid-terms';

describe('the terms sentence of the registration step (issue 25)', () => {
  it('names the premium, each buyer-paid fee and the tax, in that order', () => {
    expect(
      termsSentence({ buyersPremiumBps: 1200, taxRate: 8.25, buyerFees: [{ kind: 'loading', amount: 25_000 }] }, 'USD'),
    ).toBe('A win costs your bid plus a 12% buyer’s premium, a $250 loading fee and 8.25% tax.');
    expect(termsSentence({ buyersPremiumBps: 0, taxRate: 13, buyerFees: [] }, 'CAD')).toBe(
      'A win costs your bid plus 13% tax.',
    );
  });

  it('says so when nothing is added', () => {
    expect(termsSentence({ buyersPremiumBps: 0, taxRate: 0, buyerFees: [] }, 'USD')).toBe(
      'No buyer’s premium, tax or fees on top.',
    );
  });
});
