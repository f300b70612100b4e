import type { MetadataRoute } from 'next';
import { robotsRules } from '../lib/seo/robots-rules';

/** /robots.txt (decision 0023). */
export default function robots(): MetadataRoute.Robots {
  return robotsRules();
}

// The Sitemap line carries PUBLIC_ORIGIN, a runtime setting: render per request, not at build.
export const dynamic = 'force-dynamic';
