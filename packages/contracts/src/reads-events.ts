import { z } from 'zod';
import { currencyCode, minorUnits } from './catalog';
import { EVENT_STATUSES } from './enums';
import { commaListOf, keyParam } from './reads-params';

/**
 * Read schemas of an event page (spec §2 "Event page", contract §3
 * event-locations): the event with its terms, attachments and locations.
 */

/** The virtual attributes a caller may ask for on event locations (contract §3). */
export const EVENT_LOCATION_VIRTUAL_ATTRIBUTES = ['eventLotsCount'] as const;

/** `virtualAttributes=eventLotsCount` (a comma list); an unknown name is a 400, not silently dropped. */
export const eventLocationsQuerystring = z
  .object({
    virtualAttributes: commaListOf(EVENT_LOCATION_VIRTUAL_ATTRIBUTES, 'virtual attribute')
      .optional()
      .describe(`Comma list of computed attributes to include: ${EVENT_LOCATION_VIRTUAL_ATTRIBUTES.join(', ')}`),
  })
  .strict();

export const eventLocation = z.object({
  dispositionLocationId: z.string(),
  city: z.string(),
  region: z.string(),
  country: z.string(),
  taxRate: z.number().describe('Percentage, e.g. 8.25'),
  geoPoint: z.tuple([z.number(), z.number()]).describe('[longitude, latitude]'),
  virtualAttributes: z
    .object({ eventLotsCount: z.number().int().describe('Publicly listed lots of the event at this location') })
    .optional(),
});
export type EventLocation = z.infer<typeof eventLocation>;

export const eventLocationsResponse = z.object({ eventLocations: z.array(eventLocation) });
export type EventLocationsResponse = z.infer<typeof eventLocationsResponse>;

export const eventIdParams = z.object({ eventId: keyParam() }).strict();

export const eventDetail = z.object({
  _id: z.string(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.enum(EVENT_STATUSES),
  saleFormat: z.enum(['auction', 'buy-now', 'tender']),
  privateSale: z.boolean(),
  startAt: z.string().describe('ISO 8601 UTC'),
  endAt: z.string().describe('ISO 8601 UTC'),
  effectiveEndAt: z
    .string()
    .describe(
      'ISO 8601 UTC; the latest effective (extended) end of its public lots, never before endAt: when the last lot closes',
    ),
  company: z.object({
    _id: z.string(),
    slug: z.string(),
    name: z.string(),
    displayName: z.string().nullable(),
    logoUrl: z.string().nullable(),
  }),
  bidDeposit: z.object({ amount: minorUnits, currency: currencyCode }).nullable(),
  terms: z.array(z.object({ _id: z.string(), type: z.string(), text: z.string() })),
  attachments: z.array(
    z.object({
      _id: z.string(),
      url: z.string(),
      description: z.string(),
      fileName: z.string().nullable().describe('An uploaded file’s name (decision 0085); null for an older link'),
      size: z.number().int().nullable().describe('An uploaded file’s size in bytes; null for an older link'),
      contentType: z.string().nullable().describe('An uploaded file’s type; null for an older link'),
    }),
  ),
  locations: z.array(eventLocation),
  lotsCount: z.number().int().describe('Publicly listed lots of the event'),
  viewOnly: z
    .boolean()
    .describe(
      'True while the marketplace has suspended the seller (decisions 0076, 0089): the event and its lots are shown, but no registration, bid, tender, offer or purchase is taken',
    ),
});
export type EventDetail = z.infer<typeof eventDetail>;

export const eventDetailResponse = z.object({ event: eventDetail });
export type EventDetailResponse = z.infer<typeof eventDetailResponse>;
