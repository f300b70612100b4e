import type { MetadataRoute } from 'next';
import { absoluteUrl } from '../env.server';

/**
 * What crawlers may fetch (decision 0023): the marketplace, its photos and the
 * sitemaps; not the person-specific areas (account, seller, staff), the local
 * mail outbox, sign-in pages, the sandbox payment pages, or the API's paths
 * (lib/proxy/api-paths.mjs), whose JSON is no page.
 */
export const DISALLOWED_PATHS = [
  '/account',
  '/seller',
  '/staff',
  '/dev',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/payments-sandbox/',
  '/api/',
  '/marketplace/api/',
  '/marketplace-api/',
  '/ars/api/',
  '/user/wishlist',
  '/openapi.json',
  '/docs',
  '/healthz',
] as const;

export function robotsRules(): MetadataRoute.Robots {
  return {
    rules: [{ userAgent: '*', allow: '/', disallow: [...DISALLOWED_PATHS] }],
    sitemap: absoluteUrl('/sitemap.xml'),
  };
}
