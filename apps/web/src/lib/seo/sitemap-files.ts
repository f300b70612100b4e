import {
  SITEMAP_KINDS,
  type SitemapIndexResponse,
  type SitemapKind,
  type SitemapPageResponse,
} from '@lotline/contracts';
import { absoluteUrl } from '../env.server';
import {
  catalogProductHref,
  categoryHref,
  EVENTS_PATH,
  eventHref,
  eventLotHref,
  HOME_PATH,
  LOTS_PATH,
  legacyLotHref,
  sellerHref,
  TERMS_OF_USE_PATH,
} from '../routes';
import type { SitemapUrl } from './sitemap-xml';

/**
 * The site's sitemap files (decision 0023): `/sitemap.xml` is an index of
 * `/sitemaps/static.xml` and `/sitemaps/{kind}-{page}.xml`, one file per page
 * of public documents the API lists. Each document becomes its canonical URL
 * through the same href function the pages link with, so the sitemap and the
 * site never disagree on an address.
 */

/** Pages that exist once: home, the browse pages, the legal terms. */
export const STATIC_PATHS = [HOME_PATH, LOTS_PATH, EVENTS_PATH, TERMS_OF_USE_PATH] as const;

export const SITEMAP_DIR = '/sitemaps';
const STATIC_FILE = 'static.xml';

export type SitemapFile = { kind: 'static' } | { kind: SitemapKind; page: number };

export function sitemapFileName(file: SitemapFile): string {
  return file.kind === 'static' ? STATIC_FILE : `${file.kind}-${file.page}.xml`;
}

/** The file a name under /sitemaps/ stands for; undefined for anything else (a 404). */
export function parseSitemapFileName(name: string): SitemapFile | undefined {
  if (name === STATIC_FILE) return { kind: 'static' };
  const match = /^([a-z-]+)-([1-9]\d{0,6})\.xml$/.exec(name);
  const kind = SITEMAP_KINDS.find((k) => k === match?.[1]);
  return kind && match ? { kind, page: Number(match[2]) } : undefined;
}

/** Every sitemap file, as the index lists them (absolute URLs). */
export function sitemapIndexUrls(index: SitemapIndexResponse): SitemapUrl[] {
  const files: SitemapFile[] = [
    { kind: 'static' },
    ...SITEMAP_KINDS.flatMap((kind) => Array.from({ length: index.pages[kind] }, (_, i) => ({ kind, page: i + 1 }))),
  ];
  return files.map((file) => ({ loc: absoluteUrl(`${SITEMAP_DIR}/${sitemapFileName(file)}`) }));
}

export function staticUrls(): SitemapUrl[] {
  return STATIC_PATHS.map((path) => ({ loc: absoluteUrl(path) }));
}

/** One API page of documents as sitemap URLs. */
export function documentUrls(page: SitemapPageResponse): SitemapUrl[] {
  const url = (path: string, lastmod: string | null): SitemapUrl => ({ loc: absoluteUrl(path), lastmod });
  switch (page.kind) {
    case 'lots':
      return page.entries.map((e) => url(eventLotHref(e), e.lastmod));
    case 'legacy-lots':
      return page.entries.map((e) => url(legacyLotHref(e), e.lastmod));
    case 'events':
      return page.entries.map((e) => url(eventHref(e), e.lastmod));
    case 'sellers':
      return page.entries.map((e) => url(sellerHref(e), e.lastmod));
    case 'catalog-products':
      return page.entries.map((e) => url(catalogProductHref(e.uniqueName), e.lastmod));
    case 'categories':
      return page.entries.map((e) => url(categoryHref(e.slug), e.lastmod));
  }
}
