import { type ApiErrorItem, ERROR_STATUS, type ErrorCode } from '@lotline/contracts';

/**
 * The one error type domain code throws (convention 7). The error handler in
 * `error-handler.ts` is the only place that turns it into an HTTP answer.
 *
 * Domain codes (BID_TOO_LOW, …) that are not in the contract's base map carry
 * their own status; the base codes take theirs from ERROR_STATUS so a code can
 * never answer with two different statuses.
 */
export type AppErrorCode = ErrorCode | (string & {});

export interface AppErrorOptions {
  field?: string;
  /** Required for domain codes outside ERROR_STATUS. */
  status?: number;
  /** Further problems reported in the same answer (e.g. one per invalid field). */
  more?: ApiErrorItem[];
  /** Response headers that belong to this answer (e.g. Retry-After on 429). */
  headers?: Record<string, string>;
  cause?: unknown;
}

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly status: number;
  readonly field: string | undefined;
  readonly more: ApiErrorItem[];
  readonly headers: Record<string, string>;

  constructor(code: AppErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = options.status ?? (ERROR_STATUS as Record<string, number>)[code] ?? 500;
    this.field = options.field;
    this.more = options.more ?? [];
    this.headers = options.headers ?? {};
  }

  /** The error items of the envelope, first the main one. */
  items(): ApiErrorItem[] {
    const first: ApiErrorItem = { code: this.code, message: this.message };
    if (this.field !== undefined) first.field = this.field;
    return [first, ...this.more];
  }

  static validation(message: string, field?: string): AppError {
    return new AppError('VALIDATION_FAILED', message, field === undefined ? {} : { field });
  }

  static notFound(message = 'Not found'): AppError {
    return new AppError('NOT_FOUND', message);
  }
}

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}
