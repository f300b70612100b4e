import {
  companyLocation,
  companyLocationBody,
  companyLocationParams,
  companyLocationsResponse,
  companyRemovedResponse,
  sellerCompanyParams,
} from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noQuery, ok } from '../../lib/http/route-schemas';
import { errorResponse } from '../../lib/openapi';
import {
  addCompanyLocation,
  deleteCompanyLocation,
  listCompanyLocations,
  updateCompanyLocation,
} from './company-locations';
import { read, reading, success, TAGS, write, writing } from './route-parts';

/** The company's address book of locations (decision 0054), under `base` = …/seller/companies/:companyId. */
export const companyLocationRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const base = '/marketplace-api/seller/companies/:companyId';
  app.get(
    `${base}/locations`,
    {
      config: read,
      schema: {
        tags: TAGS,
        summary: "The company's locations with their tax rate (its address book for events)",
        params: sellerCompanyParams,
        querystring: noQuery,
        response: { 200: ok(companyLocationsResponse, 'The locations'), ...reading },
      },
    },
    async (request) => success(await listCompanyLocations(db, request.user.id, request.params.companyId)),
  );

  app.post(
    `${base}/locations`,
    {
      config: write,
      schema: {
        tags: TAGS,
        summary: 'Add a location to the address book (owners and staff)',
        description: '`taxRate` is a percentage with at most three decimals (8.25 is 8.25%), 0 to 30.',
        params: sellerCompanyParams,
        querystring: noQuery,
        body: companyLocationBody,
        response: { 201: ok(companyLocation, 'The location'), ...writing },
      },
    },
    async (request, reply) => {
      const location = await addCompanyLocation(db, request.user.id, request.params.companyId, request.body);
      return reply.status(201).send(success(location));
    },
  );

  const noLocation = { 404: errorResponse('No such company, or no such location of it', ['NOT_FOUND']) };

  app.put(
    `${base}/locations/:locationId`,
    {
      config: write,
      schema: {
        tags: TAGS,
        summary: 'Change a location of the address book (events keep their own copies)',
        params: companyLocationParams,
        querystring: noQuery,
        body: companyLocationBody,
        response: { 200: ok(companyLocation, 'The location'), ...writing, ...noLocation },
      },
    },
    async (request) => {
      const { companyId, locationId } = request.params;
      return success(await updateCompanyLocation(db, request.user.id, companyId, locationId, request.body));
    },
  );

  app.delete(
    `${base}/locations/:locationId`,
    {
      config: write,
      schema: {
        tags: TAGS,
        summary: 'Remove a location from the address book (events keep their own copies)',
        params: companyLocationParams,
        querystring: noQuery,
        response: { 200: ok(companyRemovedResponse, 'Removed'), ...writing, ...noLocation },
      },
    },
    async (request) => {
      const { companyId, locationId } = request.params;
      return success(await deleteCompanyLocation(db, request.user.id, companyId, locationId));
    },
  );
};
