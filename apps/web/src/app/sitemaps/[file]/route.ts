import { ApiError } from '../../../lib/api/errors';
import { fetchSitemapPage } from '../../../lib/api/sitemap.server';
import { documentUrls, parseSitemapFileName, staticUrls } from '../../../lib/seo/sitemap-files';
import { urlsetXml, xmlResponse } from '../../../lib/seo/sitemap-xml';

const notFound = () =>
  new Response('No such sitemap.\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });

/** One sitemap file: /sitemaps/static.xml or /sitemaps/{kind}-{page}.xml (decision 0023). */
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  const file = parseSitemapFileName((await params).file);
  if (!file) return notFound();
  if (file.kind === 'static') return xmlResponse(urlsetXml(staticUrls()));
  try {
    return xmlResponse(urlsetXml(documentUrls(await fetchSitemapPage(file.kind, file.page))));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return notFound();
    throw error;
  }
}

export const dynamic = 'force-dynamic';
