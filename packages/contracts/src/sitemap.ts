import { z } from 'zod';

/**
 * What the web's sitemaps are built from (decision 0023): the API lists the
 * public documents of each kind a page at a time; the web turns each into its
 * canonical URL with the same href functions its pages use.
 */

/** sitemaps.org: at most 50,000 URLs (and 50 MB) per sitemap file. */
export const SITEMAP_PAGE_SIZE = 50_000;

export const SITEMAP_KINDS = ['lots', 'legacy-lots', 'events', 'sellers', 'catalog-products', 'categories'] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

export const sitemapIndexResponse = z.object({
  pageSize: z.number().int().positive(),
  /** How many pages each kind has (0 when it has no public documents). */
  pages: z.record(z.enum(SITEMAP_KINDS), z.number().int().min(0)),
});
export type SitemapIndexResponse = z.infer<typeof sitemapIndexResponse>;

export const sitemapPageParams = z
  .object({
    kind: z.enum(SITEMAP_KINDS, { error: `Kind must be one of ${SITEMAP_KINDS.join(', ')}` }),
    page: z.coerce
      .number({ error: 'Page must be a whole number from 1' })
      .int('Page must be a whole number from 1')
      .min(1, 'Page must be a whole number from 1')
      .max(1_000_000, 'Page must be a whole number from 1'),
  })
  .strict();

const lastmod = z.iso.datetime().nullable().describe('When the document last changed (UTC), if known');

const lotEntry = z.object({
  _id: z.string(),
  mp2Id: z.string().nullable(),
  parentId: z.string().nullable(),
  name: z.string(),
  lastmod,
});
const legacyLotEntry = z.object({ id: z.string(), title: z.string(), title_seo: z.string(), lastmod });
const eventEntry = z.object({ _id: z.string(), name: z.string(), lastmod });
const sellerEntry = z.object({ _id: z.string(), slug: z.string(), lastmod });
const catalogProductEntry = z.object({ uniqueName: z.string(), lastmod });
const categoryEntry = z.object({ slug: z.string(), lastmod });

export const sitemapPageResponse = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('lots'), entries: z.array(lotEntry) }),
  z.object({ kind: z.literal('legacy-lots'), entries: z.array(legacyLotEntry) }),
  z.object({ kind: z.literal('events'), entries: z.array(eventEntry) }),
  z.object({ kind: z.literal('sellers'), entries: z.array(sellerEntry) }),
  z.object({ kind: z.literal('catalog-products'), entries: z.array(catalogProductEntry) }),
  z.object({ kind: z.literal('categories'), entries: z.array(categoryEntry) }),
]);
export type SitemapPageResponse = z.infer<typeof sitemapPageResponse>;
