import type { SitemapIndexResponse } from '@lotline/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isApiPath } from '../proxy/api-paths.mjs';
import { categoryHref } from '../routes';
import { DISALLOWED_PATHS, robotsRules } from './robots-rules';
import { documentUrls, parseSitemapFileName, sitemapFileName, sitemapIndexUrls, staticUrls } from './sitemap-files';
import { escapeXml, MAX_SITEMAP_URLS, sitemapIndexXml, urlsetXml } from './sitemap-xml';

beforeEach(() => {
  vi.stubEnv('PUBLIC_ORIGIN', 'https://lotline.example');
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('sitemap XML', () => {
  it('escapes the five XML special characters', () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
  });

  it('writes a urlset with escaped locations and lastmod only where known', () => {
    const xml = urlsetXml([
      { loc: 'https://lotline.example/marketplace/lots?a=1&b=2', lastmod: '2026-11-21T10:00:00.000Z' },
      { loc: 'https://lotline.example/', lastmod: null },
    ]);
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        '<url><loc>https://lotline.example/marketplace/lots?a=1&amp;b=2</loc><lastmod>2026-11-21T10:00:00.000Z</lastmod></url>\n' +
        '<url><loc>https://lotline.example/</loc></url>\n' +
        '</urlset>\n',
    );
  });

  it('writes a sitemap index', () => {
    const xml = sitemapIndexXml([{ loc: 'https://lotline.example/sitemaps/lots-1.xml' }]);
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain('<sitemap><loc>https://lotline.example/sitemaps/lots-1.xml</loc></sitemap>');
  });

  it('takes exactly 50,000 URLs and refuses one more', () => {
    const urls = Array.from({ length: MAX_SITEMAP_URLS }, (_, i) => ({ loc: `https://lotline.example/p/${i}` }));
    expect(urlsetXml(urls).match(/<url>/g)).toHaveLength(MAX_SITEMAP_URLS);
    expect(() => urlsetXml([...urls, { loc: 'https://lotline.example/one-more' }])).toThrow(RangeError);
  });

  it('refuses a file over 50 MB', () => {
    const long = `https://lotline.example/${'x'.repeat(1100)}`;
    expect(() => urlsetXml(Array.from({ length: 48_000 }, () => ({ loc: long })))).toThrow(/at most 52428800 bytes/);
  });

  it('refuses relative locations', () => {
    expect(() => urlsetXml([{ loc: '/marketplace/lots' }])).toThrow(TypeError);
  });
});

describe('sitemap files', () => {
  it('names and parses the files, and nothing else', () => {
    expect(sitemapFileName({ kind: 'lots', page: 3 })).toBe('lots-3.xml');
    expect(parseSitemapFileName('lots-3.xml')).toEqual({ kind: 'lots', page: 3 });
    expect(parseSitemapFileName('catalog-products-1.xml')).toEqual({ kind: 'catalog-products', page: 1 });
    expect(parseSitemapFileName('static.xml')).toEqual({ kind: 'static' });
    for (const bad of ['lots-0.xml', 'lots-01.xml', 'lots.xml', 'users-1.xml', 'lots-1.xml.gz', '../lots-1.xml']) {
      expect(parseSitemapFileName(bad), bad).toBeUndefined();
    }
  });

  it('lists the static file and every page of every kind in the index', () => {
    const index: SitemapIndexResponse = {
      pageSize: 50_000,
      pages: { lots: 2, 'legacy-lots': 1, events: 1, sellers: 1, 'catalog-products': 0, categories: 1 },
    };
    expect(sitemapIndexUrls(index).map((u) => u.loc)).toEqual([
      'https://lotline.example/sitemaps/static.xml',
      'https://lotline.example/sitemaps/lots-1.xml',
      'https://lotline.example/sitemaps/lots-2.xml',
      'https://lotline.example/sitemaps/legacy-lots-1.xml',
      'https://lotline.example/sitemaps/events-1.xml',
      'https://lotline.example/sitemaps/sellers-1.xml',
      'https://lotline.example/sitemaps/categories-1.xml',
    ]);
  });

  it('lists the static pages on the public origin', () => {
    expect(staticUrls().map((u) => u.loc)).toEqual([
      'https://lotline.example/',
      'https://lotline.example/marketplace/lots',
      'https://lotline.example/marketplace/events',
      'https://lotline.example/marketplace/legal/terms-of-use',
    ]);
  });

  it('turns each kind into the canonical URL its page uses', () => {
    const lastmod = '2026-11-20T08:00:00.000Z';
    const loc = (page: Parameters<typeof documentUrls>[0]) => documentUrls(page).map((u) => u.loc);
    expect(
      loc({
        kind: 'lots',
        entries: [
          { _id: 'lot_1', mp2Id: 'mp2_0000007', parentId: 'p1', name: 'Haas VF-2 CNC (2019)', lastmod },
          { _id: 'lot_2', mp2Id: null, parentId: 'p2', name: 'Müller Press', lastmod },
          { _id: 'lot_3', mp2Id: null, parentId: null, name: '旋盤', lastmod },
        ],
      }),
    ).toEqual([
      'https://lotline.example/marketplace/bid/haas-vf-2-cnc-2019/mp2_0000007',
      'https://lotline.example/marketplace/bid/muller-press/p2',
      'https://lotline.example/marketplace/bid/lot/lot_3',
    ]);
    expect(
      documentUrls({ kind: 'lots', entries: [{ _id: 'a', mp2Id: null, parentId: null, name: 'A', lastmod }] })[0],
    ).toEqual({ loc: 'https://lotline.example/marketplace/bid/a/a', lastmod });
    expect(
      loc({ kind: 'legacy-lots', entries: [{ id: '42', title: 'Old', title_seo: 'Old Press SEO', lastmod }] }),
    ).toEqual(['https://lotline.example/marketplace/bid/old-press-seo/42']);
    expect(loc({ kind: 'events', entries: [{ _id: 'ev_1', name: 'Plant Closure & Sale', lastmod }] })).toEqual([
      'https://lotline.example/marketplace/event/plant-closure-sale/ev_1',
    ]);
    expect(loc({ kind: 'sellers', entries: [{ _id: 'co_1', slug: 'acme', lastmod: null }] })).toEqual([
      'https://lotline.example/marketplace/seller/acme/co_1',
    ]);
    expect(loc({ kind: 'catalog-products', entries: [{ uniqueName: 'haas-vf-2', lastmod: null }] })).toEqual([
      'https://lotline.example/catalog/p/haas-vf-2',
    ]);
    expect(loc({ kind: 'categories', entries: [{ slug: 'cnc-machines', lastmod: null }] })).toEqual([
      'https://lotline.example/marketplace/lots/cnc-machines',
    ]);
    expect(categoryHref('cnc-machines')).toBe('/marketplace/lots/cnc-machines');
  });
});

describe('robots rules', () => {
  it('allow the marketplace, keep crawlers out of private areas and the API, and name the sitemap', () => {
    const robots = robotsRules();
    expect(robots.sitemap).toBe('https://lotline.example/sitemap.xml');
    const rules = Array.isArray(robots.rules) ? robots.rules : [robots.rules];
    expect(rules).toEqual([{ userAgent: '*', allow: '/', disallow: [...DISALLOWED_PATHS] }]);
    const blocked = (path: string) => DISALLOWED_PATHS.some((p) => path.startsWith(p));
    for (const path of ['/account', '/account/watchlist', '/seller/messages', '/staff/tax-exemptions', '/dev/mail']) {
      expect(blocked(path), path).toBe(true);
    }
    for (const path of ['/login', '/signup', '/forgot-password', '/reset-password', '/payments-sandbox/setup/x']) {
      expect(blocked(path), path).toBe(true);
    }
    // Every API path the proxy forwards is blocked, except the photos.
    for (const path of [
      '/marketplace/api/sitemap',
      '/marketplace-api/users/me',
      '/ars/api/file-upload',
      '/api/auth/x',
      '/user/wishlist-add',
      '/openapi.json',
      '/docs',
      '/healthz',
    ]) {
      expect(isApiPath(path) && blocked(path), path).toBe(true);
    }
    for (const path of [
      '/',
      '/marketplace/lots',
      '/marketplace/bid/a/1',
      '/marketplace/seller/acme/co_1',
      '/catalog/p/x',
      '/files/demo-photos/a.svg',
      '/sitemaps/lots-1.xml',
    ]) {
      expect(blocked(path), path).toBe(false);
    }
  });
});
