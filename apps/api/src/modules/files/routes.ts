import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonErrors, errorResponse } from '../../lib/openapi';
import { openStoredFile } from './open-stored-file';

// Stored files never change under a name (uploads get fresh names), so caches may keep them.
const CACHE_CONTROL = 'public, max-age=31536000, immutable';
// An SVG or HTML file opened directly must not run script in our origin.
const FILE_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

export const filesRoutes: FastifyPluginAsyncZod<{ filesDir: string }> = async (app, { filesDir }) => {
  app.get(
    '/files/*',
    {
      schema: {
        tags: ['files'],
        summary: 'A stored file (photo, attachment), with long-lived cache headers',
        params: z.object({ '*': z.string().describe('Path of the file under the files store') }),
        querystring: z
          .object({ v: z.string().max(100).optional().describe('Ignored; lets a page bust caches') })
          .strict(),
        response: {
          200: z.any().describe('The file bytes, with the Content-Type of its extension'),
          304: z.any().describe('Not modified since the ETag the client sent'),
          404: errorResponse('No such file', ['NOT_FOUND']),
          500: commonErrors[500],
        },
      },
    },
    async (request, reply) => {
      const file = await openStoredFile(filesDir, request.params['*']);
      const etag = `"${file.size.toString(16)}-${file.mtime.getTime().toString(16)}"`;
      reply
        .header('cache-control', CACHE_CONTROL)
        .header('etag', etag)
        .header('last-modified', file.mtime.toUTCString())
        .header('content-security-policy', FILE_CSP);
      if (request.headers['if-none-match'] === etag) {
        file.stream.destroy();
        return reply.status(304).send();
      }
      return reply.type(file.contentType).header('content-length', file.size).send(file.stream);
    },
  );
};
