import type { FeatureFlag } from '@lotline/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The page's server reads, replaced: who is signed in, their company's offers and the flags the API answers.
const flags = new Map<FeatureFlag, boolean>();
vi.mock('../../../lib/api/flags.server', () => ({ flagOn: async (flag: FeatureFlag) => flags.get(flag) ?? false }));
vi.mock('../../../lib/auth/current-user.server', () => ({
  getCurrentUser: async () => ({ id: 'usr_1', roles: ['seller'] }),
}));
vi.mock('../../../lib/time/user-zone.server', () => ({ getUserTimeZone: async () => null }));
vi.mock('../../../lib/offers/offers.server', async () => {
  const { makeOfferView } = await import('../../../test/buy-now-factory');
  return { loadSellerOffers: async () => ({ ok: true, offers: [makeOfferView()] }) };
});
vi.mock('../../../lib/offers/offer-actions', () => ({
  buyerOfferAction: async () => ({}),
  sellerOfferAction: async () => ({}),
}));
vi.mock('next/navigation', () => ({
  notFound: () => {
    throw new Error('notFound');
  },
  redirect: () => {
    throw new Error('redirect');
  },
}));

const { default: SellerOffersPage } = await import('./page');
const render = async () => renderToStaticMarkup(await SellerOffersPage());

/**
 * /seller/offers reads COUNTER_OFFER as the API answers it and shows the seller's counter control only while it is
 * on (decision 0046). The flag's switch by staff, end to end, is the flags browser spec's (flags-orders.spec.ts);
 * the API's refusal of a counter while it is off is apps/api offers/answer-offer.test.ts.
 */
describe('the seller offers page', () => {
  beforeEach(() => flags.clear());

  it('offers the counter control while COUNTER_OFFER is on', async () => {
    flags.set('COUNTER_OFFER', true);
    const html = await render();
    expect(html).toContain('aria-label="Accept the offer on Air compressor"');
    expect(html).toContain('Counter-offer per unit');
  });

  it('offers accept and decline, and no counter, while it is off', async () => {
    flags.set('COUNTER_OFFER', false);
    const html = await render();
    expect(html).toContain('aria-label="Accept the offer on Air compressor"');
    expect(html).toContain('aria-label="Decline the offer on Air compressor"');
    expect(html).not.toContain('Counter-offer per unit');
    expect(html).not.toContain('Counter the offer');
  });
});
