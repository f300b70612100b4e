import { z } from 'zod';
import {
  NEAREST_PLACE_MAX_KM,
  PLACE_QUERY_MIN_LENGTH,
  PLACE_SUGGESTIONS_DEFAULT,
  PLACE_SUGGESTIONS_MAX,
} from './constants';
import { COUNTRIES } from './regions';

/**
 * Place suggestions from the shipped gazetteer of US and Canadian places
 * (GeoNames, CC BY 4.0; decision 0013): the browse page's location filter.
 */

export const place = z.object({
  id: z.string().describe('GeoNames id'),
  name: z.string(),
  region: z.string().describe('Two-letter state, province or territory code'),
  country: z.enum(COUNTRIES),
  lat: z.number(),
  lon: z.number(),
  label: z.string().describe("'Houston, TX, US'"),
});
export type Place = z.infer<typeof place>;

export const placesQuerystring = z
  .object({
    q: z
      .string()
      .max(200)
      .trim()
      .describe(
        `Prefix of a place name, any case and accents; 'Name, ST' ('Name ST') or 'Name, ST, CC' narrows by region and country. ` +
          `Fewer than ${PLACE_QUERY_MIN_LENGTH} characters: an empty list`,
      ),
    limit: z.coerce.number().int().min(1).max(PLACE_SUGGESTIONS_MAX).default(PLACE_SUGGESTIONS_DEFAULT),
  })
  .strict();
export type PlacesQuery = z.output<typeof placesQuerystring>;
export const placesResponse = z.object({ places: z.array(place) });
export type PlacesResponse = z.infer<typeof placesResponse>;

// A blank coordinate is a missing one (Number('') would read it as 0).
const coordinate = (limit: number) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().finite().min(-limit).max(limit));

export const nearestPlaceQuerystring = z
  .object({
    lat: coordinate(90),
    lon: coordinate(180),
  })
  .strict();
export const nearestPlaceResponse = z.object({
  place: place.nullable().describe(`The nearest shipped place within ${NEAREST_PLACE_MAX_KM} km, else null`),
});
export type NearestPlaceResponse = z.infer<typeof nearestPlaceResponse>;
