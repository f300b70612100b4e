import { type APIRequestContext, expect, test } from '@playwright/test';
import { attributeOf, renderedHtml } from '../support/html';

/**
 * Issue 6, images and search engines (decision 0023): resized WebP photos on
 * the cards, /robots.txt, /sitemap.xml and its files, as a visitor (as a
 * crawler sees them). A sign-in changes none of these answers: the sitemap
 * and robots routes read no session, and the files route reads one only for
 * a private upload (apps/api files/private-files.test.ts), never for a
 * listing photo.
 */

/** The <loc> values of a sitemap file or index. */
function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => (m[1] ?? '').replace(/&amp;/g, '&'));
}

async function getXml(request: APIRequestContext, url: string): Promise<string> {
  const res = await request.get(url);
  expect(res.status(), url).toBe(200);
  expect(res.headers()['content-type']).toBe('application/xml; charset=utf-8');
  const xml = await res.text();
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  return xml;
}

/** A path on this site from an absolute sitemap URL, which must be on the site's own origin. */
function sitePath(url: string, baseURL: string): string {
  const parsed = new URL(url);
  expect(parsed.origin).toBe(new URL(baseURL).origin);
  return `${parsed.pathname}${parsed.search}`;
}

test('card photos are resized WebP chosen from a srcset, and they load', async ({ page }) => {
  await page.goto('/marketplace/lots?page-size=15');
  const photo = page.getByRole('list', { name: 'Lots' }).getByRole('article').first().getByRole('img').first();
  await expect(photo).toHaveAttribute('src', /^\/files\/.+\?w=400$/);
  await expect(photo).toHaveAttribute('srcset', /\?w=400 400w, .+\?w=800 800w$/);
  await expect(photo).toHaveAttribute('sizes', /400px$/);
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);
  const current = await photo.evaluate((img: HTMLImageElement) => img.currentSrc);
  const res = await page.request.get(current);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('image/webp');
  expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});

test('a photo at a width outside the list is refused with a clear message', { tag: '@requests' }, async ({
  request,
}) => {
  const html = await renderedHtml(request, '/marketplace/lots?page-size=15');
  const src = attributeOf(html, 'ul[aria-label="Lots"] article img', 'src');
  expect(src).toMatch(/\?w=400$/);
  const res = await request.get(src.replace('w=400', 'w=333'));
  expect(res.status()).toBe(400);
  expect((await res.json()).errors[0]).toMatchObject({
    code: 'VALIDATION_FAILED',
    field: 'w',
    message: 'Width must be one of 200, 400, 800, 1200, 1600.',
  });
});

test('robots.txt lets crawlers into the marketplace, not private areas, and names the sitemap', {
  tag: '@requests',
}, async ({ request, baseURL }) => {
  const res = await request.get('/robots.txt');
  expect(res.status()).toBe(200);
  const text = await res.text();
  expect(text).toContain('User-Agent: *');
  expect(text).toContain('Allow: /\n');
  for (const path of ['/account', '/seller', '/staff', '/dev', '/login', '/payments-sandbox/', '/marketplace/api/']) {
    expect(text).toContain(`Disallow: ${path}\n`);
  }
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test('sitemap.xml indexes files whose URLs are canonical pages on this site', { tag: '@requests' }, async ({
  request,
  baseURL,
}) => {
  const base = baseURL as string;
  const files = locs(await getXml(request, '/sitemap.xml'));
  const names = files.map((f) => sitePath(f, base));
  expect(names[0]).toBe('/sitemaps/static.xml');
  for (const name of ['/sitemaps/lots-1.xml', '/sitemaps/events-1.xml', '/sitemaps/categories-1.xml']) {
    expect(names).toContain(name);
  }

  const statics = locs(await getXml(request, '/sitemaps/static.xml')).map((u) => sitePath(u, base));
  expect(statics).toContain('/marketplace/lots');

  const eventXml = await getXml(request, '/sitemaps/events-1.xml');
  const eventPath = sitePath(locs(eventXml)[0] as string, base);
  expect(eventPath).toMatch(/^\/marketplace\/event\/[a-z0-9-]+\/[^/]+$/);
  expect(eventXml).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);
  expect((await request.get(eventPath, { maxRedirects: 0 })).status()).toBe(200);

  const categoryPath = sitePath(locs(await getXml(request, '/sitemaps/categories-1.xml'))[0] as string, base);
  expect(categoryPath).toMatch(/^\/marketplace\/lots\/[a-z0-9-]+$/);
  expect((await request.get(categoryPath, { maxRedirects: 0 })).status()).toBe(200);

  const lotXml = await getXml(request, '/sitemaps/lots-1.xml');
  const lots = locs(lotXml).map((u) => sitePath(u, base));
  expect(lots.length).toBeGreaterThan(100);
  expect(lots.length).toBeLessThanOrEqual(50_000);
  expect(new Set(lots).size).toBe(lots.length);
  for (const path of lots) expect(path).toMatch(/^\/marketplace\/bid\/[a-z0-9-]+\/[^/]+$/);
  // Listed lots are the lot pages' canonical addresses: each answers 200 itself, never a redirect.
  for (const path of [lots[0], lots[Math.floor(lots.length / 2)], lots[lots.length - 1]]) {
    const answer = await request.get(path as string, { maxRedirects: 0 });
    expect(answer.status(), path).toBe(200);
  }
});

test('a sitemap file past the last, or of an unknown kind, is a 404', { tag: '@requests' }, async ({ request }) => {
  expect((await request.get('/sitemaps/lots-999.xml')).status()).toBe(404);
  expect((await request.get('/sitemaps/users-1.xml')).status()).toBe(404);
});

test('browse pages have a title, a description and their canonical address; keyword searches are not indexed', {
  tag: '@requests',
}, async ({ request, baseURL }) => {
  const canonicalOf = (html: Document) => new URL(attributeOf(html, 'link[rel="canonical"]', 'href'));

  // The first page's address with its page number is sent to the one without.
  const first = await request.get('/marketplace/lots?page=1', { maxRedirects: 0 });
  const moved = new URL(first.headers().location ?? '', baseURL);
  expect(moved.pathname + moved.search).toBe('/marketplace/lots');
  const lots = await renderedHtml(request, '/marketplace/lots');
  expect(lots.title).toBe('Browse lots | Lotline');
  expect(attributeOf(lots, 'meta[name="description"]', 'content')).toMatch(/^Industrial assets for sale/);
  expect(canonicalOf(lots).toString()).toBe(new URL('/marketplace/lots', baseURL).toString());
  expect(lots.querySelector('meta[name="robots"]')).toBeNull();

  // A category's page is named after it (the home page links the top-level categories).
  const home = await renderedHtml(request, '/');
  const categoryPath = new URL(attributeOf(home, 'a[href^="/marketplace/lots/"]', 'href'), baseURL).pathname;
  const category = await renderedHtml(request, categoryPath);
  expect(category.title).toMatch(/ for sale \| Lotline$/);
  expect(canonicalOf(category).pathname).toBe(categoryPath);

  const events = await renderedHtml(request, '/marketplace/events');
  expect(events.title).toBe('Browse events | Lotline');
  expect(canonicalOf(events).pathname).toBe('/marketplace/events');

  const search = await renderedHtml(request, '/marketplace/lots?keyword=lathe');
  expect(search.title).toBe('Search results for “lathe” | Lotline');
  expect(attributeOf(search, 'meta[name="robots"]', 'content')).toBe('noindex, follow');
});
