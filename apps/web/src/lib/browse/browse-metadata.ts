import type { Metadata } from 'next';
import { browseHref } from '../routes';
import { pageMetadata } from '../seo/page-metadata';
import type { RawSearchParams } from './search-params';
import { type BrowseKind, parseBrowseState } from './state';

const FORMATS = 'by timed auction, buy now and sealed tender';

/**
 * Title, description, canonical link and Open Graph for a browse page (issue
 * 6: every page). The canonical link is the page's own canonical browse
 * address (the one a non-canonical request is redirected to, decision 0018).
 * Keyword searches are kept out of search indexes (their links are still
 * followed): they are one visitor's query, not a page of the site.
 */
export function browseMetadata(
  raw: RawSearchParams,
  browse: BrowseKind,
  category?: { slug: string; name: string } | null,
): Metadata {
  const state = parseBrowseState(raw, browse, category?.slug);
  const path = browseHref(state);
  if (state.keyword) {
    return pageMetadata({
      title: `Search results for “${state.keyword}”`,
      description: `Industrial ${browse === 'events' ? 'auction events' : 'lots'} matching “${state.keyword}” on Lotline, ${FORMATS}.`,
      path,
      noIndex: true,
    });
  }
  if (browse === 'events') {
    return pageMetadata({
      title: 'Browse events',
      description: `Auction and tender events of industrial sellers on Lotline: machine tools, lab and process equipment, vehicles and surplus, ${FORMATS}.`,
      path,
    });
  }
  if (category) {
    return pageMetadata({
      title: `${category.name} for sale`,
      description: `${category.name}: industrial lots for sale on Lotline ${FORMATS}, from verified sellers.`,
      path,
    });
  }
  return pageMetadata({
    title: 'Browse lots',
    description: `Industrial assets for sale on Lotline ${FORMATS}: machine tools, lab and process equipment, vehicles and surplus.`,
    path,
  });
}
