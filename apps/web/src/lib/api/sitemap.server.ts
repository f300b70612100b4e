import 'server-only';
import {
  type SitemapIndexResponse,
  type SitemapKind,
  type SitemapPageResponse,
  sitemapIndexResponse,
  sitemapPageResponse,
} from '@lotline/contracts';
import { apiGet } from './api.server';

/** How many sitemap pages each kind of public document has (decision 0023). */
export function fetchSitemapIndex(): Promise<SitemapIndexResponse> {
  return apiGet('/marketplace/api/sitemap', {}, sitemapIndexResponse);
}

/** One page of public documents of a kind; a page past the last rejects with a 404 ApiError. */
export function fetchSitemapPage(kind: SitemapKind, page: number): Promise<SitemapPageResponse> {
  return apiGet(`/marketplace/api/sitemap/${kind}/${page}`, {}, sitemapPageResponse);
}
