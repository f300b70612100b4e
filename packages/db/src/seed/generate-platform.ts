/** Feature flags and CMS sections (demo accounts: generate-accounts.ts). */
import { FEATURE_FLAGS, type FeatureFlag } from '@lotline/contracts';
import type { cmsSections, featureFlags } from '../schema/index';
import { makeId } from './random';
import { DAY_MS } from './text';

export type FlagRow = typeof featureFlags.$inferInsert;
export type CmsRow = typeof cmsSections.$inferInsert;

/** Default state and purpose of every flag; typed by FeatureFlag so a new flag cannot be forgotten. */
const FLAG_DEFAULTS: Record<FeatureFlag, [boolean, string]> = {
  NEW_FEATURE: [false, 'Placeholder for trying out an unreleased feature behind a switch.'],
  MESSAGING_2024Q4: [true, 'Buyer-to-seller messaging (Contact Seller) on lot and event pages.'],
  FULFILLMENT_V2: [false, 'New fulfilment flow with managed shipping quotes at checkout.'],
  VIDEO_SUPPORT: [true, 'Video uploads on listings (mp4, avi, wmv, mov; under 30 MB).'],
  BUY_NOW_ALL_IN_PRICING: [
    true,
    "Show buy-now prices all-in (price, buyer's premium, tax and the buyer's fees) before purchase.",
  ],
  ORDER_CONVERSATION: [true, 'Message threads attached to orders after purchase.'],
  COUNTER_OFFER: [true, 'Sellers can answer a best offer with a counter-offer.'],
  BUYER_DASHBOARD_V2: [false, 'The redesigned buyer dashboard with bids, orders and watchlist in one place.'],
  BUY_NOW_INVOICES: [true, 'Issue invoices automatically for buy-now purchases.'],
  CAD_WIRE_TRANSFER: [true, 'Accept wire transfers in Canadian dollars for CAD-priced events.'],
  BUY_NOW_AUTO_APPROVE: [
    true,
    'Approve buy-now orders at once and charge the card (off: the seller approves within 2 business days).',
  ],
};

export function generateFlags(now: Date): FlagRow[] {
  return FEATURE_FLAGS.map((key) => ({
    key,
    enabled: FLAG_DEFAULTS[key][0],
    description: FLAG_DEFAULTS[key][1],
    updatedAt: now,
  }));
}

export interface CmsInput {
  featuredCompanyIds: string[];
  popularLotIds: string[];
  soldLotIds: string[];
  trendingLotIds: string[];
  catalogProductIds: string[];
}

export function generateCms(seed: number, now: number, input: CmsInput): CmsRow[] {
  const createdAt = new Date(now - 30 * DAY_MS);
  const sections: Omit<CmsRow, 'id' | 'position' | 'createdAt'>[] = [
    {
      type: 'featured-sellers',
      label: 'Featured sellers',
      seeMoreUrl: null,
      config: { companyIds: input.featuredCompanyIds },
    },
    {
      type: 'popular',
      label: 'Popular right now',
      seeMoreUrl: '/marketplace/lots?status=active&sort=ending-soon',
      config: { lotIds: input.popularLotIds },
    },
    {
      type: 'sold',
      label: 'Recently sold',
      seeMoreUrl: '/marketplace/lots?status=past',
      config: { lotIds: input.soldLotIds },
    },
    {
      type: 'catalog',
      label: 'From the catalog',
      seeMoreUrl: '/marketplace/lots?sort=recent',
      config: { catalogProductIds: input.catalogProductIds },
    },
    {
      type: 'trending',
      label: 'Trending',
      seeMoreUrl: '/marketplace/lots?ending-date=48-hours',
      config: { lotIds: input.trendingLotIds },
    },
  ];
  return sections.map((s, position) => ({
    ...s,
    id: makeId('cms', seed, position),
    position,
    active: true,
    createdAt,
  }));
}
