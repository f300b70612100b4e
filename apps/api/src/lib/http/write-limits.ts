import { errorResponse } from '../openapi';
import { access } from './access';
import { POLICIES } from './rate-limit';

/**
 * The access options of the writes that move money or change a seller's
 * catalogue (decision 0069): signed in, and counted per signed-in user (the
 * session's user id, never anything the client names) once every other
 * access check passed. Over the limit: 429 RATE_LIMITED with Retry-After,
 * and the handler never runs, so nothing changes.
 */
const WRITE_POLICIES = {
  bid: POLICIES.bidsByUser,
  trade: POLICIES.tradeWritesByUser,
  seller: POLICIES.sellerWritesByUser,
} as const;

export type WriteKind = keyof typeof WRITE_POLICIES;

/**
 * `config: limitedWrite('seller')`; `{ userPath: 'own' }` for a `/users/:userId/…` write; `{ beside: true }`
 * when the handler awaits the count itself (`request.rateLimitHit`, the bid route).
 */
export const limitedWrite = (kind: WriteKind, options: { userPath?: 'own'; beside?: true } = {}) => {
  const { beside, ...rest } = options;
  return access({
    session: 'required',
    ...rest,
    rateLimit: WRITE_POLICIES[kind],
    ...(beside ? { rateLimitBeside: true as const } : {}),
  });
};

/** The 429 those routes document. */
export const writeRateLimited = {
  429: errorResponse('Too many changes; Retry-After says when to try again', ['RATE_LIMITED']),
};
