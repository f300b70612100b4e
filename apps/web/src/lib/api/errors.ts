/**
 * An error envelope from the API (contract §1). Spec §7/§8: the client throws
 * the first code of the `errors` list; `message` is kept for logs only, pages
 * decide what to show from `code`.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** A response that is not an envelope we understand (spec §8: logged and rejected). */
export class ApiHttpError extends Error {
  override readonly name = 'ApiHttpError';
  constructor(
    readonly status: number,
    readonly url: string,
  ) {
    super(`API request failed with HTTP ${status}: ${url}`);
  }
}
