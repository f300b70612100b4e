import multipart from '@fastify/multipart';
import {
  IMPORT_COLUMNS,
  importColumnsResponse,
  importIdParams,
  importPreview,
  importStatus,
  MAX_IMPORT_SHEET_BYTES,
  MAX_IMPORT_ZIP_BYTES,
  SELLER_IMPORT_CODES,
  SELLER_LOT_CODES,
  sellerEventLotsParams,
} from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { UploadQuota } from '../../config';
import { access } from '../../lib/http/access';
import { idempotencyHeaders } from '../../lib/http/idempotency';
import { noQuery, ok } from '../../lib/http/route-schemas';
import { limitedWrite, writeRateLimited } from '../../lib/http/write-limits';
import { commonErrors, errorResponse } from '../../lib/openapi';
import { consoleCompanies, requireOwnEvent } from '../sellers/company-access';
import type { UploadStorage } from '../uploads/storage';
import { QUOTA_CODE } from '../uploads/upload-records';
import { commitImport } from './commit-import';
import { readImportStatus } from './import-status';
import { exportLotsCsv, templateCsv, templateXlsx } from './lots-csv';
import { previewImport } from './preview-import';
import { readImportFiles } from './read-import-files';
import { receivingZip } from './read-zip';

/** Bulk lot import and export (issue 16; decision 0051): thin handlers over one use-case each. */

const TAGS = ['seller'];
const EVENT_LOTS = '/marketplace-api/seller/events/:eventId/lots';
const IMPORT = '/marketplace-api/seller/imports/:importId';
const signedIn = access({ session: 'required' });
/** Room for a multipart body's boundaries and part headers around a sheet. */
const MULTIPART_ENVELOPE_BYTES = 64 * 1024;
const errors = {
  401: errorResponse('No session', ['UNAUTHENTICATED']),
  403: errorResponse('Not a user of the company the event or import belongs to, or another origin', ['FORBIDDEN']),
  ...commonErrors,
};
const withEvent = { ...errors, 404: errorResponse('No such event', ['NOT_FOUND']) };
const withImport = { ...errors, 404: errorResponse('No such import', ['NOT_FOUND']) };
const csv = z.string().describe('text/csv; UTF-8 with a BOM, the template columns');
const success = <T>(data: T) => ({ status: 'success' as const, data });

export const sellerImportRoutes: FastifyPluginAsyncZod<{
  db: Database;
  storage: UploadStorage;
  quota: UploadQuota;
  publicOrigin: string;
}> = async (app, { db, storage, quota, publicOrigin }) => {
  // Only this plugin's preview parses multipart bodies, up to one sheet and one ZIP.
  await app.register(multipart, {
    limits: { files: 2, fields: 0, parts: 2, fileSize: MAX_IMPORT_ZIP_BYTES, headerPairs: 50 },
  });

  app.get(
    '/marketplace-api/seller/import/columns',
    {
      config: signedIn,
      schema: {
        tags: TAGS,
        summary: "The import template's columns in order, with the allowed values of every enumeration",
        querystring: noQuery,
        response: { 200: ok(importColumnsResponse, 'The columns'), ...errors },
      },
    },
    async (request) => {
      // The same for every company, but part of the console: a buyer is refused like on every seller route.
      await consoleCompanies(db, request.user.id);
      return success({ columns: IMPORT_COLUMNS.map((c) => ({ ...c, allowed: c.allowed && [...c.allowed] })) });
    },
  );

  app.get(
    `${EVENT_LOTS}/template.csv`,
    {
      config: signedIn,
      schema: {
        tags: TAGS,
        summary: 'The import template for one of your events: the columns and one example row',
        params: sellerEventLotsParams,
        querystring: noQuery,
        response: { 200: csv, ...withEvent },
      },
    },
    async (request, reply) => {
      await requireOwnEvent(db, request.user.id, request.params.eventId);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="lots-template.csv"')
        .send(templateCsv());
    },
  );

  app.get(
    `${EVENT_LOTS}/template.xlsx`,
    {
      config: signedIn,
      schema: {
        tags: TAGS,
        summary: 'The import template as a workbook: the Lots sheet, and the allowed values on a second sheet',
        params: sellerEventLotsParams,
        querystring: noQuery,
        response: { 200: z.any().describe('An XLSX workbook'), ...withEvent },
      },
    },
    async (request, reply) => {
      await requireOwnEvent(db, request.user.id, request.params.eventId);
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', 'attachment; filename="lots-template.xlsx"')
        .send(await templateXlsx());
    },
  );

  app.get(
    `${EVENT_LOTS}.csv`,
    {
      config: signedIn,
      schema: {
        tags: TAGS,
        summary: "Export one of your event's lots in the template's columns (re-imports into another event)",
        params: sellerEventLotsParams,
        querystring: noQuery,
        response: { 200: csv, ...withEvent },
      },
    },
    async (request, reply) => {
      const body = await exportLotsCsv(db, request.user.id, request.params.eventId, publicOrigin);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="lots-${request.params.eventId}.csv"`)
        .send(body);
    },
  );

  app.post(
    '/marketplace-api/seller/events/:eventId/imports',
    {
      config: limitedWrite('seller'),
      schema: {
        tags: TAGS,
        summary: 'Check a sheet of lots (and a ZIP of their photos) for one of your events: the preview',
        description: [
          'multipart/form-data: `sheet` (CSV or XLSX, at most 10 MB, at most 5,000 lots) and optionally `photos`',
          '(a ZIP of at most 512 MB, 20,000 files, 1 GB uncompressed). Every cell is checked; `errors` lists',
          'each problem by row (the header is row 1) and column. Nothing is written to lots; the preview is kept 24 hours.',
        ].join(' '),
        params: sellerEventLotsParams,
        querystring: noQuery,
        consumes: ['multipart/form-data'],
        response: {
          ...writeRateLimited,
          201: ok(importPreview, 'The preview'),
          ...withEvent,
          413: errorResponse("The ZIP's photos would pass the user's upload quota", [QUOTA_CODE]),
          503: errorResponse(
            'Other previews with a ZIP, or many imports being read, are waiting in this process: send the files again after Retry-After seconds',
            ['SERVICE_UNAVAILABLE'],
          ),
        },
      },
    },
    async (request, reply) => {
      await requireOwnEvent(db, request.user.id, request.params.eventId);
      const preview = async () =>
        previewImport({ db, storage, quota }, request.user.id, request.params.eventId, await readImportFiles(request));
      // A body that may hold a large ZIP (undeclared, or more than a sheet and its envelope) is admitted first.
      const declared = Number(request.headers['content-length']);
      const sheetOnly = Number.isFinite(declared) && declared <= MAX_IMPORT_SHEET_BYTES + MULTIPART_ENVELOPE_BYTES;
      return reply.status(201).send(success(sheetOnly ? await preview() : await receivingZip(preview)));
    },
  );

  app.get(
    IMPORT,
    {
      config: signedIn,
      schema: {
        tags: TAGS,
        summary: 'Where one of your imports stands: lots created, photos attached and resized',
        params: importIdParams,
        querystring: noQuery,
        response: { 200: ok(importStatus, 'The import'), ...withImport },
      },
    },
    async (request) => success(await readImportStatus(db, request.user.id, request.params.importId)),
  );

  app.post(
    `${IMPORT}/commit`,
    {
      config: limitedWrite('seller'),
      schema: {
        tags: TAGS,
        summary: 'Create every lot of an error-free preview at once, or none',
        description:
          'Into a draft event only. Photos are attached in file order; URL photos are fetched and every photo resized in the background (GET the import for progress). A second commit answers the first one’s result.',
        params: importIdParams,
        headers: idempotencyHeaders,
        querystring: noQuery,
        response: {
          ...writeRateLimited,
          200: ok(importStatus, 'The import, lots created'),
          ...withImport,
          409: errorResponse('The preview has errors or expired, the event is no draft, or a number is taken', [
            SELLER_IMPORT_CODES.hasErrors,
            SELLER_IMPORT_CODES.expired,
            SELLER_LOT_CODES.eventPublished,
            SELLER_LOT_CODES.numberTaken,
          ]),
        },
      },
    },
    async (request, reply) => {
      const answer = await commitImport(
        db,
        request.user.id,
        request.params.importId,
        request.headers['idempotency-key'],
      );
      return reply.status(answer.status).send(answer.body as never);
    },
  );
};
