import { describe, expect, it } from 'vitest';
import { sellerEventResultsPath, sellerResultsCsvHref, sellerSettlementPdfHref } from './paths';

describe('seller results paths', () => {
  it('names the page (page 1 without a query) and the API downloads, ids encoded', () => {
    expect(sellerEventResultsPath('ev 1')).toBe('/seller/events/ev%201/results');
    expect(sellerEventResultsPath('ev1', 3)).toBe('/seller/events/ev1/results?page=3');
    expect(sellerResultsCsvHref('ev/1')).toBe('/marketplace-api/seller/events/ev%2F1/results.csv');
    expect(sellerSettlementPdfHref('ev1')).toBe('/marketplace-api/seller/events/ev1/settlement.pdf');
  });
});
