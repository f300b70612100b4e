import { z } from 'zod';
import {
  CATEGORY_STATUSES,
  CATEGORY_TYPES,
  EVENT_LOT_STATUSES,
  EVENT_STATUSES,
  INDEX_STATUSES,
  LOT_TYPES,
} from './enums';
import { pagination } from './envelope';
import { jsonQueryParam, type QueryFieldRule, queryObjectSchema } from './query-object';

/** ISO 4217 code; amounts next to it are integer minor units (cents). */
export const currencyCode = z.string().regex(/^[A-Z]{3}$/);
export const minorUnits = z.number().int().describe('Integer minor units (e.g. cents) of the currency');

/**
 * The largest amount a person may type (a bid, a maximum, a tender, an offer,
 * a counter): 10 000 000 000.00 in minor units. Far above any asset sold here,
 * and low enough that a price plus its premium, fees and tax stays an exact
 * integer (`priceOrder` refuses anything past 2^53).
 */
export const MAX_AMOUNT = 1_000_000_000_000;
/** An amount a person enters: whole minor units from 1 to MAX_AMOUNT. */
export const enteredAmount = z.number().int().min(1).max(MAX_AMOUNT, { error: 'The amount is too large.' });
/**
 * What one order's units may come to, price and the buyer's fees per unit times the quantity (decision 0069):
 * 10 × MAX_AMOUNT, so a one-unit order always fits, and with a premium ≤ 50 % and a tax ≤ 100 % the total
 * stays under 3 × 10^13, far below Number.MAX_SAFE_INTEGER (about 9 × 10^15).
 */
export const MAX_ORDER_AMOUNT = 10 * MAX_AMOUNT;

const place = z.object({ city: z.string(), region: z.string(), country: z.string() });

export const centralFileLink = z.object({
  _id: z.string(),
  type: z.literal('image'),
  centralFile: z.object({ s3Url: z.string() }),
  previousCentralFileLinkId: z.string().nullable(),
});

/** The card and detail fields of an event lot (spec §3 "Event lot"). */
export const eventLotSource = z.object({
  _id: z.string(),
  mp2Id: z.string().nullable(),
  parentId: z.string().nullable(),
  eventId: z.string().nullable(),
  companyId: z.string(),
  number: z.string(),
  name: z.string(),
  productCategory: z.object({ _id: z.string(), name: z.string(), slug: z.string(), pathId: z.string() }).nullable(),
  brand: z.object({ name: z.string(), uniqueName: z.string() }).nullable(),
  type: z.enum(LOT_TYPES),
  status: z.enum(EVENT_LOT_STATUSES),
  quantity: z.number().int(),
  sequence: z.number().int(),
  createdAt: z.string().describe('ISO 8601 UTC'),
  startAt: z.string().nullable().describe('ISO 8601 UTC; when bidding opens'),
  endedAt: z.string().nullable().describe('ISO 8601 UTC; when the lot closes'),
  currency: currencyCode,
  currentBid: z.object({ amount: minorUnits }).nullable(),
  startingBid: minorUnits.nullable(),
  buyItNowPrice: minorUnits.nullable(),
  allInPrice: minorUnits.nullable(),
  bestOfferEnabled: z.boolean(),
  bidsCount: z.number().int(),
  managedShipping: z.boolean(),
  company: z.object({ _id: z.string(), slug: z.string(), name: z.string(), displayName: z.string().nullable() }),
  event: z
    .object({ _id: z.string(), name: z.string(), status: z.enum(EVENT_STATUSES), privateSale: z.boolean() })
    .nullable(),
  companyLocation: place.nullable(),
  dispositionLocation: place.nullable(),
  geoCoordinates: z.object({ lat: z.number(), lon: z.number() }).nullable(),
  centralFileLinks: z.array(centralFileLink),
  paused: z
    .boolean()
    .describe(
      "True while the marketplace has paused the lot's event (decision 0087): its clock stands still and no bid, tender, offer or purchase is taken; read at query time, never stored per lot (decision 0093)",
    ),
  viewOnly: z
    .boolean()
    .describe(
      'True while the marketplace has suspended the seller (decisions 0076, 0089): the lot is shown, but no registration, bid, tender, offer or purchase is taken',
    ),
});
export type EventLotSource = z.infer<typeof eventLotSource>;

/** Fields an `esQuery` may filter on (contract §3). */
export const EVENT_LOT_QUERY_FIELDS = [
  '_id',
  'mp2Id',
  'parentId',
  'eventId',
  'companyId',
  'number',
  'status',
  'type',
  'productCategory.pathId',
  'brand.uniqueName',
  'endedAt',
  'createdAt',
] as const;
export type EventLotQueryField = (typeof EVENT_LOT_QUERY_FIELDS)[number];

const text: QueryFieldRule = { type: 'string' };
const date: QueryFieldRule = { type: 'date' };
/** Value types per field. `status` takes the canonical (Active) or the index (active, order-pending) forms. */
export const EVENT_LOT_QUERY_RULES = {
  _id: text,
  mp2Id: text,
  parentId: text,
  eventId: text,
  companyId: text,
  number: text,
  status: { type: 'enum', values: [...EVENT_LOT_STATUSES, ...INDEX_STATUSES] },
  type: { type: 'enum', values: LOT_TYPES },
  // "The lot's category is X or lies under X": containment, so no ordering operators.
  'productCategory.pathId': { type: 'string', ops: ['eq', 'ne', 'in', 'nin', 'exists'] },
  'brand.uniqueName': text,
  endedAt: date,
  createdAt: date,
} as const satisfies Record<EventLotQueryField, QueryFieldRule>;
export const eventLotQuery = queryObjectSchema(EVENT_LOT_QUERY_FIELDS, EVENT_LOT_QUERY_RULES);

const pageNumberParam = z.coerce.number().int().min(1).max(10_000).default(1);

export const eventLotsQuerystring = z
  .object({
    pageSize: z.coerce.number().int().min(1).max(100).default(30),
    pageNumber: pageNumberParam,
    esQuery: jsonQueryParam(eventLotQuery).optional().describe('URL-encoded JSON query object (contract §2)'),
  })
  .strict();

export const eventLotsResponse = z.object({
  eventLots: z.array(z.object({ _id: z.string(), _source: eventLotSource })),
  pagination,
});
export type EventLotsResponse = z.infer<typeof eventLotsResponse>;

export const productCategory = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  parentId: z.string().nullable(),
  imgFilename: z.string().nullable(),
  status: z.enum(CATEGORY_STATUSES),
  type: z.enum(CATEGORY_TYPES),
  totalDocCount: z.number().int(),
});
export type ProductCategory = z.infer<typeof productCategory>;

export const PRODUCT_CATEGORY_QUERY_FIELDS = ['_id', 'status', 'parentId', 'slug'] as const;
export const PRODUCT_CATEGORY_QUERY_RULES = {
  _id: text,
  status: { type: 'enum', values: CATEGORY_STATUSES },
  parentId: text,
  slug: text,
} as const satisfies Record<(typeof PRODUCT_CATEGORY_QUERY_FIELDS)[number], QueryFieldRule>;
export const productCategoryQuery = queryObjectSchema(PRODUCT_CATEGORY_QUERY_FIELDS, PRODUCT_CATEGORY_QUERY_RULES);

export const productCategoriesQuerystring = z
  .object({
    pageSize: z.coerce.number().int().min(1).max(50).default(50),
    pageNumber: pageNumberParam,
    query: jsonQueryParam(productCategoryQuery).optional().describe('URL-encoded JSON query object (contract §2)'),
  })
  .strict();

export const productCategoriesResponse = z.object({
  productCategories: z.array(productCategory),
  pagination,
});
export type ProductCategoriesResponse = z.infer<typeof productCategoriesResponse>;
