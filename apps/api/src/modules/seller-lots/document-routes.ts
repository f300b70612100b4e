import {
  attachDocumentBody,
  documentDescriptionBody,
  documentOrderBody,
  lotDocument,
  MAX_LOT_DOCUMENTS,
  sellerLotDocumentParams,
  sellerLotIdParams,
  TOO_MANY_DOCUMENTS,
} from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noQuery, ok } from '../../lib/http/route-schemas';
import { limitedWrite, writeRateLimited } from '../../lib/http/write-limits';
import { commonErrors, errorResponse } from '../../lib/openapi';
import type { UploadStorage } from '../uploads/storage';
import { attachLotDocument, describeLotDocument, orderLotDocuments, removeLotDocument } from './lot-document-writes';

/** A lot's documents in the seller console (issue 16; decision 0056): thin handlers over one use-case each. */

const TAGS = ['seller'];
const DOCUMENTS = '/marketplace-api/seller/lots/:lotId/documents';
const errors = {
  401: errorResponse('No session', ['UNAUTHENTICATED']),
  403: errorResponse('Not a user of the company the lot belongs to, or another origin', ['FORBIDDEN']),
  ...commonErrors,
};
const noDocument = errorResponse('No such lot, or no such document of it', ['NOT_FOUND']);
const documents = ok(z.array(lotDocument), "The lot's documents in order");
const success = <T>(data: T) => ({ status: 'success' as const, data });

export const lotDocumentRoutes: FastifyPluginAsyncZod<{ db: Database; storage: UploadStorage }> = async (
  app,
  { db, storage },
) => {
  app.post(
    DOCUMENTS,
    {
      config: limitedWrite('seller'),
      schema: {
        tags: TAGS,
        summary: 'Attach an uploaded document (pdf, docx, xlsx, pptx, csv) with a description to one of your lots',
        description: 'Documents stay editable after publishing; the public lot lists them once the lot is public.',
        params: sellerLotIdParams,
        querystring: noQuery,
        body: attachDocumentBody,
        response: {
          ...writeRateLimited,
          201: documents,
          ...errors,
          404: errorResponse('No such lot', ['NOT_FOUND']),
          409: errorResponse(`The lot has ${MAX_LOT_DOCUMENTS} documents`, [TOO_MANY_DOCUMENTS]),
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(success(await attachLotDocument(db, storage, request.user.id, request.params.lotId, request.body))),
  );

  app.put(
    `${DOCUMENTS}/order`,
    {
      config: limitedWrite('seller'),
      schema: {
        tags: TAGS,
        summary: "Order one of your lot's documents (every document exactly once)",
        description: 'Allowed after publishing too; the public lot lists its documents in this order.',
        params: sellerLotIdParams,
        querystring: noQuery,
        body: documentOrderBody,
        response: { ...writeRateLimited, 200: documents, ...errors, 404: errorResponse('No such lot', ['NOT_FOUND']) },
      },
    },
    async (request) =>
      success(await orderLotDocuments(db, request.user.id, request.params.lotId, request.body.documentIds)),
  );

  app.put(
    `${DOCUMENTS}/:documentId`,
    {
      config: limitedWrite('seller'),
      schema: {
        tags: TAGS,
        summary: "Change the description of one of your lot's documents",
        params: sellerLotDocumentParams,
        querystring: noQuery,
        body: documentDescriptionBody,
        response: { ...writeRateLimited, 200: documents, ...errors, 404: noDocument },
      },
    },
    async (request) => {
      const { lotId, documentId } = request.params;
      return success(await describeLotDocument(db, request.user.id, lotId, documentId, request.body.description));
    },
  );

  app.delete(
    `${DOCUMENTS}/:documentId`,
    {
      config: limitedWrite('seller'),
      schema: {
        tags: TAGS,
        summary: 'Remove a document of one of your lots',
        params: sellerLotDocumentParams,
        querystring: noQuery,
        response: { ...writeRateLimited, 200: documents, ...errors, 404: noDocument },
      },
    },
    async (request) =>
      success(await removeLotDocument(db, request.user.id, request.params.lotId, request.params.documentId)),
  );
};
