import type { BuyNowState, OfferView } from '@lotline/contracts';

/** A pending offer on a buy-now lot, as the offers API answers it; override only what a test is about. */
export function makeOfferView(overrides: Partial<OfferView> = {}): OfferView {
  return {
    _id: 'off_1',
    status: 'pending',
    amount: 80_000,
    counterAmount: null,
    expiresAt: '2030-01-03T12:00:00.000Z',
    eventLotId: 'lot_1',
    quantity: 1,
    currency: 'USD',
    message: null,
    orderId: null,
    createdAt: '2030-01-01T12:00:00.000Z',
    lot: { _id: 'lot_1', name: 'Air compressor', number: '7', buyItNowPrice: 100_000, quantity: 2 },
    seller: { _id: 'co_1', name: 'Gulf Coast Asset Recovery', slug: 'gulf-coast-asset-recovery' },
    buyer: { name: 'Taylor Okafor' },
    order: null,
    ...overrides,
  };
}

/** An open buy-now lot of 3 units at $100 with a 10 % premium and 8.25 % tax; override what a test is about. */
export function makeBuyNowState(overrides: Partial<BuyNowState> = {}): BuyNowState {
  return {
    eventLotId: 'lot_1',
    currency: 'USD',
    price: 10_000,
    quantity: 3,
    open: true,
    allInPrice: 12_449,
    taxExempt: false,
    pricing: { buyersPremiumBps: 1000, taxRatePercent: 8.25, unitFees: [] },
    ...overrides,
  };
}
