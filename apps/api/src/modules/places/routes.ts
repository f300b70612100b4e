import {
  NEAREST_PLACE_MAX_KM,
  nearestPlaceQuerystring,
  nearestPlaceResponse,
  placesQuerystring,
  placesResponse,
  successEnvelope,
} from '@lotline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrors } from '../../lib/openapi';
import type { Gazetteer } from './gazetteer';
import { publicPlace, searchPlaces } from './search-places';

/** Public reads over the shipped gazetteer (decision 0013); no database. */
export const placesRoutes: FastifyPluginAsyncZod<{ gazetteer: Gazetteer }> = async (app, { gazetteer }) => {
  app.get(
    '/marketplace/api/places',
    {
      schema: {
        tags: ['places'],
        summary: 'Place suggestions (US and Canada)',
        description:
          'Prefix match on the place name, any case, accents ignored, from the shipped gazetteer (GeoNames places ' +
          "of at least 1,000 people). 'Name, ST' narrows by state or province, 'Name, ST, CC' by country too. " +
          'Exact names first, then by population.',
        querystring: placesQuerystring,
        response: { 200: successEnvelope(placesResponse).describe('The suggestions, best first'), ...commonErrors },
      },
    },
    async (request) => ({ status: 'success' as const, data: searchPlaces(gazetteer, request.query) }),
  );

  app.get(
    '/marketplace/api/places/nearest',
    {
      schema: {
        tags: ['places'],
        summary: 'The shipped place nearest to a point',
        description: `For "near me": the closest gazetteer place within ${NEAREST_PLACE_MAX_KM} km, else null.`,
        querystring: nearestPlaceQuerystring,
        response: { 200: successEnvelope(nearestPlaceResponse).describe('The place, or null'), ...commonErrors },
      },
    },
    async (request) => {
      const found = gazetteer.nearest(request.query.lat, request.query.lon);
      return { status: 'success' as const, data: { place: found ? publicPlace(found) : null } };
    },
  );
};
