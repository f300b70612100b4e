import { sellerEventIdParams, sellerResultsQuery, sellerResultsResponse } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { access } from '../../lib/http/access';
import { noQuery, ok } from '../../lib/http/route-schemas';
import { commonErrors, errorResponse } from '../../lib/openapi';
import { requireOwnEvent } from '../sellers/company-access';
import { readEventResults } from './read-event-results';
import { resultsCsv } from './results-csv';
import { renderSettlementPdf, statementNumber } from './settlement-pdf';

/**
 * An event's results, their CSV and the settlement statement (issue 16;
 * decision 0053), for the users of the event's company. Results and CSV are
 * partial while lots are open (`closed: false`); the statement waits for the close.
 */
const TAGS = ['seller'];
const EVENT = '/marketplace-api/seller/events/:eventId';
const signedIn = access({ session: 'required' });
const errors = {
  401: errorResponse('No session', ['UNAUTHENTICATED']),
  403: errorResponse('Not a user of the company the event belongs to', ['FORBIDDEN']),
  404: errorResponse('No such event', ['NOT_FOUND']),
  ...commonErrors,
};
const file = (type: string) => z.any().describe(type);

export const sellerResultsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    `${EVENT}/results`,
    {
      config: signedIn,
      schema: {
        tags: TAGS,
        summary: 'The results of one of your events: per lot the outcome, winner, amounts and order; totals',
        description: [
          'One row per order (a buy-now item sold in several orders has several), or one per lot without an order,',
          'in catalogue order; paged. Totals per currency over every row, cancelled orders not counted.',
          'While lots are open the results are partial (`closed: false`).',
        ].join(' '),
        params: sellerEventIdParams,
        querystring: sellerResultsQuery,
        response: { 200: ok(sellerResultsResponse, 'The results'), ...errors },
      },
    },
    async (request) => {
      const event = await requireOwnEvent(db, request.user.id, request.params.eventId);
      const { rows, generatedAt, ...rest } = await readEventResults(db, event);
      const { pageNumber, pageSize } = request.query;
      const page = rows.slice((pageNumber - 1) * pageSize, pageNumber * pageSize);
      const pagination = {
        pageNumber,
        pageSize,
        totalItems: rows.length,
        totalPages: Math.ceil(rows.length / pageSize),
      };
      return {
        status: 'success' as const,
        data: { ...rest, generatedAt: generatedAt.toISOString(), rows: page, pagination },
      };
    },
  );

  app.get(
    `${EVENT}/results.csv`,
    {
      config: signedIn,
      schema: {
        tags: TAGS,
        summary: 'The results of one of your events as CSV (every row, amounts as decimals)',
        params: sellerEventIdParams,
        querystring: noQuery,
        response: { 200: file('text/csv'), ...errors },
      },
    },
    async (request, reply) => {
      const event = await requireOwnEvent(db, request.user.id, request.params.eventId);
      const { rows } = await readEventResults(db, event);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="results-${fileSafe(event.id)}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(resultsCsv(rows));
    },
  );

  app.get(
    `${EVENT}/settlement.pdf`,
    {
      config: signedIn,
      schema: {
        tags: TAGS,
        summary: 'The settlement statement of one of your closed events (PDF): what you are owed',
        params: sellerEventIdParams,
        querystring: noQuery,
        response: {
          200: file('application/pdf'),
          ...errors,
          409: errorResponse('Lots of the event are still open or upcoming', ['CONFLICT']),
        },
      },
    },
    async (request, reply) => {
      const event = await requireOwnEvent(db, request.user.id, request.params.eventId);
      const results = await readEventResults(db, event);
      if (!results.closed) {
        throw new AppError('CONFLICT', 'The settlement statement is issued once every lot of the event has closed.');
      }
      const number = statementNumber(event.id, results.generatedAt);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(await renderSettlementPdf(results));
    },
  );
};

const fileSafe = (id: string) => id.replace(/[^A-Za-z0-9_-]/g, '');
