import { z } from 'zod';

/**
 * The places API's shape (GET /marketplace/api/places, /places/nearest; built
 * on the `places` branch). Kept here for the browse page's location filter.
 */
export const place = z.object({
  id: z.string(),
  name: z.string(),
  region: z.string(),
  country: z.string(),
  lat: z.number(),
  lon: z.number(),
  label: z.string(),
});
export type Place = z.infer<typeof place>;
export const placesResponse = z.object({ places: z.array(place) });
export const nearestPlaceResponse = z.object({ place: place.nullable() });

/** Suggestions shown under the location box (the API's default limit). */
export const PLACE_SUGGESTIONS = 8;
/** Shorter text gets no suggestions (the API answers an empty list). */
export const PLACE_MIN_CHARS = 2;
