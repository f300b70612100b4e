import { z } from 'zod';
import { currencyCode, eventLotSource, minorUnits } from './catalog';
import { EVENT_STATUSES, PAGE_SIZES } from './enums';
import { pagination } from './envelope';
import { catalogProduct } from './reads-catalog';
import { keyParam } from './reads-params';

/**
 * Schemas of the browse page's secondary reads: facet counts, empty-search
 * fallbacks, filler sections, similar lots and the events tab (browse=events).
 */

const pageSizeParam = z.coerce
  .number()
  .int()
  .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), {
    message: `page-size must be one of ${PAGE_SIZES.join(', ')}`,
  })
  .default(30);

export const EVENT_SEARCH_STATUSES = ['active', 'active-and-upcoming', 'upcoming', 'past'] as const;
export type EventSearchStatus = (typeof EVENT_SEARCH_STATUSES)[number];
/** Buy-now is not offered for events (spec §4: "Choosing the events type removes buy-now"). */
export const EVENT_SEARCH_SALE_FORMATS = ['all', 'auction', 'tender'] as const;
/** Sorts of the events tab; near-me is for lots only. */
export const EVENT_SEARCH_SORTS = ['ending-soon', 'recent', 'sequence'] as const;

export const eventSearchQuerystring = z
  .object({
    status: z.enum(EVENT_SEARCH_STATUSES).optional(),
    'sale-format': z.enum(EVENT_SEARCH_SALE_FORMATS).default('all'),
    sort: z
      .enum(EVENT_SEARCH_SORTS)
      .default('ending-soon')
      .describe('ending-soon: end time ascending; recent: start time descending; sequence: start time ascending'),
    keyword: z
      .string()
      .trim()
      .max(200)
      // biome-ignore lint/suspicious/noControlCharactersInRegex: PostgreSQL refuses NUL in text; a 400, not a 500.
      .regex(/^[^\u0000-\u001f\u007f]*$/, 'Must not contain control characters')
      .optional()
      .describe('Matches the event name or title, case-insensitively'),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    'page-size': pageSizeParam,
  })
  .strict();
export type EventSearchQuery = z.infer<typeof eventSearchQuerystring>;

/** A seller's events (the seller page): the events tab's status and paging, current events by default. */
export const companyEventsQuerystring = z
  .object({
    status: z.enum(EVENT_SEARCH_STATUSES).default('active-and-upcoming'),
    page: eventSearchQuerystring.shape.page,
    'page-size': eventSearchQuerystring.shape['page-size'],
  })
  .strict();
export type CompanyEventsQuery = z.infer<typeof companyEventsQuerystring>;

export const eventSearchHit = z.object({
  _id: z.string(),
  name: z.string(),
  title: z.string(),
  status: z.enum(EVENT_STATUSES),
  startAt: z.string().describe('ISO 8601 UTC'),
  endAt: z.string().describe('ISO 8601 UTC'),
  saleFormat: z.enum(['auction', 'buy-now', 'tender']),
  company: z.object({
    _id: z.string(),
    slug: z.string(),
    name: z.string(),
    displayName: z.string().nullable(),
    logoUrl: z.string().nullable(),
  }),
  lotsCount: z.number().int().describe('Lots a buyer can see in the event'),
  bidDeposit: z.object({ amount: minorUnits, currency: currencyCode }).nullable(),
  locations: z.array(z.object({ city: z.string(), region: z.string(), country: z.string() })),
});
export type EventSearchHit = z.infer<typeof eventSearchHit>;

export const eventSearchResponse = z.object({ events: z.array(eventSearchHit), pagination });
export type EventSearchResponse = z.infer<typeof eventSearchResponse>;

/** A lot as the cards show it: the same `_source` as event-lots. */
export const lotCard = z.object({ _id: z.string(), _source: eventLotSource });
export type LotCard = z.infer<typeof lotCard>;

/** A catalog product as a filler card shows it: the product without its category object. */
export const catalogProductCard = catalogProduct.omit({ productCategory: true });
export type CatalogProductCard = z.infer<typeof catalogProductCard>;

export const FILLER_SECTION_TYPES = ['popular', 'sold', 'catalog', 'trending'] as const;
export type FillerSectionType = (typeof FILLER_SECTION_TYPES)[number];

export const fillerSection = z.object({
  _id: z.string(),
  type: z.enum(FILLER_SECTION_TYPES),
  label: z.string(),
  text: z.string().optional().describe('A line under the label, when staff wrote one'),
  seeMoreUrl: z.string().nullable(),
  lots: z.array(lotCard).optional(),
  catalogProducts: z.array(catalogProductCard).optional(),
});
export type FillerSection = z.infer<typeof fillerSection>;

const categorySlugParam = keyParam(200);

export const fillerSectionsQuerystring = z
  .object({
    'product-category': categorySlugParam
      .optional()
      .describe('Category slug: lots (and catalog products) are restricted to this category and its descendants'),
  })
  .strict();

export const fillerSectionsResponse = z.object({ sections: z.array(fillerSection) });
export type FillerSectionsResponse = z.infer<typeof fillerSectionsResponse>;

export const similarLotsQuerystring = z
  .object({
    'product-category': categorySlugParam,
    limit: z.coerce.number().int().min(1).max(24).default(12),
  })
  .strict();

export const lotCardsResponse = z.object({ lots: z.array(lotCard) });
export type LotCardsResponse = z.infer<typeof lotCardsResponse>;

export const LOT_FALLBACK_KINDS = ['past', 'popular', 'none'] as const;
export const lotFallbackResponse = z.object({ kind: z.enum(LOT_FALLBACK_KINDS), lots: z.array(lotCard) });
export type LotFallbackResponse = z.infer<typeof lotFallbackResponse>;

export type CategoryFacetNode = {
  _id: string;
  name: string;
  slug: string;
  parentId: string | null;
  count: number;
  children: CategoryFacetNode[];
};
export const categoryFacetNode: z.ZodType<CategoryFacetNode> = z
  .lazy(() =>
    z.object({
      _id: z.string(),
      name: z.string(),
      slug: z.string(),
      parentId: z.string().nullable(),
      count: z.number().int().describe('Matching lots in this category and its descendants'),
      children: z.array(categoryFacetNode),
    }),
  )
  .meta({ id: 'CategoryFacetNode' }); // A recursive schema is an OpenAPI component referenced by name.

export const lotFacets = z.object({
  productCategory: z.array(categoryFacetNode),
  manufacturer: z.array(z.object({ uniqueName: z.string(), name: z.string(), count: z.number().int() })),
  saleFormat: z.array(z.object({ value: z.enum(['auction', 'buy-now', 'tender']), count: z.number().int() })),
  status: z.array(z.object({ value: z.enum(['active', 'upcoming', 'past']), count: z.number().int() })),
});
export type LotFacets = z.infer<typeof lotFacets>;
export const lotFacetsResponse = z.object({ facets: lotFacets });
export type LotFacetsResponse = z.infer<typeof lotFacetsResponse>;
