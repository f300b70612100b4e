import { successEnvelope } from '@lotline/contracts';
import { z } from 'zod';
import { commonErrors, errorResponse } from '../openapi';

/**
 * Schemas shared by the routes of signed-in users (identity, account,
 * watchlist): no query parameters, the `{userId}` path parameter of contract
 * §1, a described success envelope, and the errors those routes answer.
 */
export const noQuery = z.object({}).strict();
export const userParams = z.object({ userId: z.string().min(1).max(200) });
export const ok = <T extends z.ZodType>(schema: T, description: string) =>
  successEnvelope(schema).describe(description);

/** Reading a `{userId}` resource: no session, or another user. */
export const userReadErrors = {
  401: errorResponse('No session', ['UNAUTHENTICATED']),
  403: errorResponse('Another user', ['FORBIDDEN']),
  ...commonErrors,
};

/** Changing a `{userId}` resource: also refused from another origin, and rate-limited. */
export const userWriteErrors = {
  ...userReadErrors,
  403: errorResponse('Another user, or sent from another origin (CSRF)', ['FORBIDDEN']),
  429: errorResponse('Too many changes; Retry-After says when to try again', ['RATE_LIMITED']),
};
