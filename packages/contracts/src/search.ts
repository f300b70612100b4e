import { z } from 'zod';
import { eventLotSource } from './catalog';
import { ENDING_DATES, GEO_DISTANCES, SEARCH_SALE_FORMATS, SEARCH_SORTS, SEARCH_STATUSES } from './constants';
import { PAGE_SIZES } from './enums';
import { pagination } from './envelope';
import { lotFacets } from './search-extras';

// A blank value is the same as an absent one: the web sends `keyword=` after a cleared box.
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalText = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max).optional());
const coordinate = (limit: number) =>
  z.preprocess(blankToUndefined, z.coerce.number().finite().min(-limit).max(limit).optional());

export const lotSearchQuerystring = z
  .object({
    browse: z.enum(['assets']).default('assets').describe('Only `assets` here; events have their own search'),
    'sale-format': z.enum(SEARCH_SALE_FORMATS).default('all'),
    status: z
      .enum(SEARCH_STATUSES)
      .default('active-and-upcoming')
      .describe('Default active-and-upcoming: what a buyer can still bid on or watch'),
    sort: z.enum(SEARCH_SORTS).optional().describe('Default ending-soon'),
    'ending-date': z.enum(ENDING_DATES).default('all'),
    keyword: optionalText(200).describe("'ID:<number>' searches by lot number; anything else is a name match"),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    'page-size': z.coerce
      .number()
      .int()
      .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: `One of ${PAGE_SIZES.join(', ')}` })
      .default(30),
    'product-category': optionalText(200).describe('Category slug; includes its descendants'),
    manufacturer: z
      .preprocess(blankToUndefined, z.string().max(2000).optional())
      .transform((v) =>
        v === undefined
          ? undefined
          : v
              .split(',')
              .map((s) => s.trim())
              .filter((s) => s !== ''),
      )
      .describe('Brand uniqueName, or a comma-separated list of them'),
    'geo-distance': z.preprocess(blankToUndefined, z.enum(GEO_DISTANCES).optional()),
    'geo-lat': coordinate(90),
    'geo-lon': coordinate(180),
    'event-id': optionalText(100).describe("Only this event's lots (the event page's browse); unknown id: no lots"),
  })
  .strict();
export type LotSearchParams = z.output<typeof lotSearchQuerystring>;

/** The lot search's own parameters: the browse parameters, and whether to count the facets too. */
export const lotSearchRequestQuerystring = lotSearchQuerystring.extend({
  facets: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true')
    .describe(
      'true: also return the facet counts (as GET /marketplace/api/search/lot-facets would), in the same request',
    ),
});
export type LotSearchRequest = z.output<typeof lotSearchRequestQuerystring>;

export const lotSearchResponse = z.object({
  lots: z.array(z.object({ _id: z.string(), _source: eventLotSource })),
  pagination,
  correctedKeyword: z
    .string()
    .nullable()
    .describe('The keyword actually searched when unknown words were replaced by known ones; null if unchanged'),
  facets: lotFacets.optional().describe('Only with facets=true'),
});
export type LotSearchResponse = z.infer<typeof lotSearchResponse>;
