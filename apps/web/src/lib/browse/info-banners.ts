import type { LotFallbackResponse } from '@lotline/contracts';
import { LOTS_PATH } from '../routes';

/** Texts of the spec §2 info-banner table, exactly as written there. */
export const BANNER_TEXTS = {
  searchedAll: "To help you find what you're looking for, we searched across all categories",
  noResults: 'No active listings match your search.',
  soldFiller: 'Here are some similar items we’ve recently sold.',
  noCategoryResults: 'We have no active listings for this category right now.',
  pastIntro: (keyword: string | undefined) =>
    `We don't have any ${keyword ? keyword : 'matching assets'} available right now.`,
  pastOutro: 'Here are some that we have sold before.',
  checkBack: 'New lots are added regularly - check back soon or view our buy now assets!',
  popularHeading: 'THESE POPULAR ASSETS MIGHT INTEREST YOU',
  newEvents: 'New Events',
  newLots: 'New Lots',
  categoryFillers: 'You might also like these assets based on this category',
} as const;

/** The words of the check-back text that link to the buy-now shortcut (spec §2 routes). */
export const BUY_NOW_LINK = { text: 'buy now assets', href: `${LOTS_PATH}?sale-format=buy-now` } as const;

export type FallbackKind = LotFallbackResponse['kind'];

export interface BannerInput {
  keyword?: string;
  /** The category slug of the URL, when browsing one. */
  category?: string;
  resultsCount: number;
  /** What GET search/lots/fallback answered after an empty search; null when it was not asked. */
  fallbackKind: FallbackKind | null;
  saleFormat?: string;
  /** A 'sold' filler section is shown on the page. */
  soldFiller: boolean;
  /** Filler sections (or similar lots) are shown for the category. */
  categoryFillers: boolean;
}

/** One line of the banner area: a note, or a heading over the row that follows. */
export interface Banner {
  kind: 'note' | 'heading';
  text: string;
  /** The text carries the buy-now link (BUY_NOW_LINK). */
  buyNowLink?: boolean;
}

const checkBack: Banner = { kind: 'note', text: BANNER_TEXTS.checkBack, buyNowLink: true };

/**
 * The info banners of the browse page (spec §2 table), in display order. A
 * pure function of what the page knows, so every row is unit-tested.
 */
export function infoBanners(input: BannerInput): Banner[] {
  const keyword = input.keyword?.trim() || undefined;
  const out: Banner[] = [];
  if (keyword && !input.category) out.push({ kind: 'note', text: BANNER_TEXTS.searchedAll });
  if (input.resultsCount === 0) {
    if (input.category) {
      out.push({ kind: 'note', text: BANNER_TEXTS.noCategoryResults });
    } else {
      out.push({ kind: 'note', text: BANNER_TEXTS.noResults });
      if (input.soldFiller) out.push({ kind: 'note', text: BANNER_TEXTS.soldFiller });
    }
    if (input.fallbackKind === 'past') {
      out.push({ kind: 'note', text: BANNER_TEXTS.pastIntro(keyword) });
      out.push({ kind: 'note', text: BANNER_TEXTS.pastOutro });
    } else if (input.fallbackKind === 'popular') {
      out.push(checkBack, { kind: 'heading', text: BANNER_TEXTS.popularHeading });
    } else if (input.fallbackKind === 'none') {
      out.push({
        kind: 'heading',
        text: input.saleFormat === 'auction' ? BANNER_TEXTS.newEvents : BANNER_TEXTS.newLots,
      });
      out.push(checkBack);
    }
  }
  if (input.category && input.categoryFillers) out.push({ kind: 'note', text: BANNER_TEXTS.categoryFillers });
  return out;
}
