/**
 * Sitemap XML (sitemaps.org 0.9): a `<urlset>` of pages or a `<sitemapindex>`
 * of sitemap files. Every location is escaped as XML requires; a file that
 * would break the protocol's limits (50,000 URLs, 50 MB uncompressed) is
 * refused rather than written, since search engines drop such a file whole.
 */

export const MAX_SITEMAP_URLS = 50_000;
export const MAX_SITEMAP_BYTES = 50 * 1024 * 1024;

export interface SitemapUrl {
  /** Absolute URL. */
  loc: string;
  /** ISO 8601 time of the last change, when known. */
  lastmod?: string | null;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] as string);
}

function document(root: 'urlset' | 'sitemapindex', item: 'url' | 'sitemap', urls: readonly SitemapUrl[]): string {
  if (urls.length > MAX_SITEMAP_URLS) {
    throw new RangeError(`A sitemap holds at most ${MAX_SITEMAP_URLS} URLs; got ${urls.length}`);
  }
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    `<${root} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`,
  ];
  for (const { loc, lastmod } of urls) {
    if (!/^https?:\/\//.test(loc)) throw new TypeError(`Sitemap locations must be absolute URLs; got "${loc}"`);
    parts.push(
      `<${item}><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ''}</${item}>\n`,
    );
  }
  parts.push(`</${root}>\n`);
  const xml = parts.join('');
  const bytes = Buffer.byteLength(xml, 'utf8');
  if (bytes > MAX_SITEMAP_BYTES) throw new RangeError(`A sitemap is at most ${MAX_SITEMAP_BYTES} bytes; got ${bytes}`);
  return xml;
}

/** A sitemap of pages. */
export function urlsetXml(urls: readonly SitemapUrl[]): string {
  return document('urlset', 'url', urls);
}

/** A sitemap index: the sitemap files. */
export function sitemapIndexXml(sitemaps: readonly SitemapUrl[]): string {
  return document('sitemapindex', 'sitemap', sitemaps);
}

/** How sitemap XML is answered: the protocol's type, and an hour of caching (the lists change slowly). */
export function xmlResponse(xml: string): Response {
  return new Response(xml, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
