import { DEFAULT_IMAGE_QUALITY, IMAGE_QUALITIES, IMAGE_WIDTHS } from '@lotline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonErrors, errorResponse } from '../../lib/openapi';
import { openStoredFile } from './open-stored-file';
import { ImageResizer } from './resize-image';

// Stored files never change under a name (uploads get fresh names), so caches may keep them.
const CACHE_CONTROL = 'public, max-age=31536000, immutable';
// An SVG or HTML file opened directly must not run script in our origin.
const FILE_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

/** One of a fixed list of numbers, given as a query string value, with a message naming the list. */
const oneOf = (values: readonly number[], what: string) =>
  z
    .enum(values.map(String) as [string, ...string[]], { error: `${what} must be one of ${values.join(', ')}.` })
    .transform(Number);

const filesQuery = z
  .object({
    v: z.string().max(100).optional().describe('Ignored; lets a page bust caches'),
    w: oneOf(IMAGE_WIDTHS, 'Width')
      .optional()
      .describe('Answer the photo as WebP at this width in pixels (never enlarged); omitted: the file as stored'),
    q: oneOf(IMAGE_QUALITIES, 'Quality')
      .optional()
      .describe(`WebP quality of a resized photo (default ${DEFAULT_IMAGE_QUALITY}); only with w`),
  })
  .strict()
  .refine((query) => query.q === undefined || query.w !== undefined, {
    message: 'Quality (q) applies only to a resized photo; give a width (w) too.',
    path: ['q'],
  });

export const filesRoutes: FastifyPluginAsyncZod<{ filesDir: string; imageCacheDir: string }> = async (
  app,
  { filesDir, imageCacheDir },
) => {
  const resizer = new ImageResizer(imageCacheDir);
  app.get(
    '/files/*',
    {
      schema: {
        tags: ['files'],
        summary: 'A stored file (photo, attachment), or a photo resized to WebP, with long-lived cache headers',
        params: z.object({ '*': z.string().describe('Path of the file under the files store') }),
        querystring: filesQuery,
        response: {
          200: z.any().describe('The file bytes, with the Content-Type of its extension; with w, image/webp'),
          304: z.any().describe('Not modified since the ETag the client sent'),
          400: errorResponse('A width or quality outside the lists, or w on a file that is not a photo', [
            'VALIDATION_FAILED',
          ]),
          404: errorResponse('No such file', ['NOT_FOUND']),
          500: commonErrors[500],
        },
      },
    },
    async (request, reply) => {
      const relative = request.params['*'];
      const file = await openStoredFile(filesDir, relative);
      const { w, q } = request.query;
      if (w !== undefined) {
        const variant = resizer.variant(relative, file, w, q ?? DEFAULT_IMAGE_QUALITY);
        const revalidated = request.headers['if-none-match'] === variant.etag;
        if (revalidated) file.stream.destroy();
        // Encode (or read the cache) before any header: a file that is no image must not answer a cacheable 400.
        const bytes = revalidated ? undefined : await variant.bytes();
        reply
          .header('cache-control', CACHE_CONTROL)
          .header('etag', variant.etag)
          .header('content-security-policy', FILE_CSP);
        if (!bytes) return reply.status(304).send();
        return reply.type('image/webp').header('content-length', bytes.length).send(bytes);
      }
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
