import { fetchSitemapIndex } from '../../lib/api/sitemap.server';
import { sitemapIndexUrls } from '../../lib/seo/sitemap-files';
import { sitemapIndexXml, xmlResponse } from '../../lib/seo/sitemap-xml';

/** The sitemap index: the static pages' file and one file per page of each kind of document (decision 0023). */
export async function GET(): Promise<Response> {
  return xmlResponse(sitemapIndexXml(sitemapIndexUrls(await fetchSitemapIndex())));
}

// Read at request time: the documents change, and the build has no API to ask.
export const dynamic = 'force-dynamic';
