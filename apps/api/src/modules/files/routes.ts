import { DEFAULT_IMAGE_QUALITY, IMAGE_QUALITIES, IMAGE_WIDTHS } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { findSessionUser } from '../../lib/http/session';
import type { CacheLookups } from '../../lib/metrics/metrics';
import { commonErrors, errorResponse } from '../../lib/openapi';
import type { Auth } from '../identity/auth';
import { openStoredFile, type StoredFile } from '../uploads/open-stored-file';
import type { UploadStorage } from '../uploads/storage';
import { fileAccess, isUploadKey, mayReadPrivate } from './file-access';
import { ImageResizer } from './resize-image';

// Stored files never change under a name (uploads get fresh names), so caches may keep them.
const PUBLIC_CACHE_CONTROL = 'public, max-age=31536000, immutable';
// A private upload (a certificate, …) must not stay in any cache, shared or the browser's (decision 0027).
const PRIVATE_CACHE_CONTROL = 'private, no-store';
// A lot document is public only while its lot is: a hidden lot's document must leave caches soon (decision 0056).
const REVOCABLE_CACHE_CONTROL = 'public, max-age=300';
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

export interface FilesDeps {
  filesDir: string;
  imageCacheDir: string;
  /** The resized-photo cache's hits and misses (decision 0095). */
  imageCache: CacheLookups;
  db: Database;
  auth: Auth;
  /** Where uploads (`uploads/…`) are stored: the embedded storage under filesDir, or S3. */
  storage: UploadStorage;
}

export const filesRoutes: FastifyPluginAsyncZod<FilesDeps> = async (
  app,
  { filesDir, imageCacheDir, imageCache, db, auth, storage },
) => {
  const resizer = new ImageResizer(imageCacheDir, imageCache);
  app.get(
    '/files/*',
    {
      schema: {
        tags: ['files'],
        summary: 'A stored file (photo, attachment, upload), or a photo resized to WebP',
        description:
          'Public files (photos, attachments) with long-lived cache headers. A private upload (everything under `uploads/` unless made public; e.g. tax-exemption certificates) only for its owner and staff, with `Cache-Control: private, no-store`; anyone else gets 404, as for a missing file. With S3 storage an allowed reader is redirected (302) to a presigned GET valid for a minute.',
        params: z.object({ '*': z.string().describe('Path of the file under the files store') }),
        querystring: filesQuery,
        response: {
          200: z.any().describe('The file bytes, with the Content-Type of its extension; with w, image/webp'),
          302: z.any().describe('S3 storage: a presigned GET of the upload'),
          304: z.any().describe('Not modified since the ETag the client sent'),
          400: errorResponse('A width or quality outside the lists, or w on a file that is not a photo', [
            'VALIDATION_FAILED',
          ]),
          404: errorResponse('No such file, or a private upload of someone else', ['NOT_FOUND']),
          500: commonErrors[500],
        },
      },
    },
    async (request, reply) => {
      const relative = request.params['*'];
      const access = await fileAccess(db, relative);
      if (access.visibility === 'private') {
        const user = await findSessionUser(auth, request, reply);
        // Someone else's upload looks exactly like a missing file: its existence is not told.
        if (!user || !(await mayReadPrivate(db, relative, access, user.id))) throw AppError.notFound('No such file');
      }
      const cacheControl =
        access.visibility === 'private'
          ? PRIVATE_CACHE_CONTROL
          : access.revocable
            ? REVOCABLE_CACHE_CONTROL
            : PUBLIC_CACHE_CONTROL;
      let file: StoredFile;
      if (isUploadKey(relative)) {
        const stored = await storage.read(relative);
        // The presigned GET lives a minute: the redirect to it is never kept.
        if ('redirect' in stored)
          return reply.header('cache-control', PRIVATE_CACHE_CONTROL).redirect(stored.redirect, 302);
        file = stored.file;
      } else {
        file = await openStoredFile(filesDir, relative);
      }
      const { w, q } = request.query;
      if (w !== undefined) {
        const variant = resizer.variant(relative, file, w, q ?? DEFAULT_IMAGE_QUALITY);
        const revalidated = request.headers['if-none-match'] === variant.etag;
        if (revalidated) file.stream.destroy();
        // Encode (or read the cache) before any header: a file that is no image must not answer a cacheable 400.
        const bytes = revalidated ? undefined : await variant.bytes();
        reply
          .header('cache-control', cacheControl)
          .header('etag', variant.etag)
          .header('content-security-policy', FILE_CSP);
        if (!bytes) return reply.status(304).send();
        return reply.type('image/webp').header('content-length', bytes.length).send(bytes);
      }
      const etag = `"${file.size.toString(16)}-${file.mtime.getTime().toString(16)}"`;
      reply
        .header('cache-control', cacheControl)
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
